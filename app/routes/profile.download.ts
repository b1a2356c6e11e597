import { site } from "~/config/site";
import { exportOwnData } from "~/features/profile/profile-service.server";
import { appContext, requireViewer } from "~/request-context.server";
import type { Route } from "./+types/profile.download";

/** GET /profile/download: the signed-in user's data as a JSON file ("Download my data"). */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await requireViewer(context);
  const s = await appContext(context).services();
  const body = JSON.stringify(await exportOwnData(s, viewer), null, 2);
  const day = new Date().toISOString().slice(0, 10);
  const slug = site.productName.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${slug}-my-data-${day}.json"`,
    },
  });
}
