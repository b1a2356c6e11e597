import { recordAudit } from "~/features/admin/audit.server";
import { exportOwnData } from "~/features/profile/index.server";
import { appContext, requireOperator } from "~/request-context.server";
import type { Route } from "./+types/admin.accounts.export";

/**
 * GET /admin/accounts/:id/export: the person's data as "Download my data" gives it to
 * them (a data request the privacy page promises, answered by an operator). Audited.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const operator = await requireOperator(context);
  // A download that another site's link starts is refused: it would write the audit log on someone else's word.
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite === "cross-site" || fetchSite === "same-site") throw new Response(null, { status: 404, statusText: "Not Found" });
  const { database } = await appContext(context).services();
  const user =
    params.id.length > 100 ? undefined : await database.db.selectFrom("user").select(["id", "name", "email"]).where("id", "=", params.id).executeTakeFirst();
  if (!user) throw new Response(null, { status: 404, statusText: "Not Found" });
  const body = JSON.stringify(await exportOwnData({ database }, user), null, 2);
  await recordAudit(database.db, operator, "account.data-exported", `account ${user.email}`);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="account-${user.id.replace(/[^A-Za-z0-9_-]/g, "")}-${day}.json"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
