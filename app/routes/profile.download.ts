import { currentCaller, exportOwnData } from "~/features/profile/profile-service.server";
import { jsonError } from "~/infra/http/json";
import { services } from "~/services.server";
import type { Route } from "./+types/profile.download";

/** GET /profile/download: the signed-in user's data as a JSON file ("Download my data"). */
export async function loader({ request }: Route.LoaderArgs) {
  const s = await services();
  const caller = await currentCaller(s, request);
  if (!caller) return jsonError(401, "Sign in to download your data.");
  const body = JSON.stringify(await exportOwnData(s, caller), null, 2);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="tuesday-ai-my-data-${day}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
