import { parseWaitlistQuery, waitlistCsv } from "~/features/admin/waitlist-admin.server";
import { appContext, requireOperator } from "~/request-context.server";
import type { Route } from "./+types/admin.waitlist.export";

/** GET /admin/waitlist/export?status=&interest=&q=: every address of that view, as CSV (audited). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const operator = await requireOperator(context);
  // A download that another site's link starts is refused: it would write the audit log with the linker's words.
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite === "cross-site" || fetchSite === "same-site") throw new Response(null, { status: 404, statusText: "Not Found" });
  const { database } = await appContext(context).services();
  const csv = await waitlistCsv(database.db, operator, parseWaitlistQuery(new URL(request.url).searchParams));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="waitlist-${day}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
