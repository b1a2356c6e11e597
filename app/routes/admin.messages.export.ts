import { parseInboxQuery, toFilter } from "~/features/admin/inbox.server";
import { recordAudit } from "~/features/admin/audit.server";
import { inboxCsv } from "~/features/forms/index.server";
import { appContext, requireOperator } from "~/request-context.server";
import type { Route } from "./+types/admin.messages.export";

/** GET /admin/messages/export?form=&status=&q=: every message of that view, as CSV. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const operator = await requireOperator(context);
  // A download that another site's link starts is refused: it would write the audit log with the linker's words.
  const site = request.headers.get("sec-fetch-site");
  if (site === "cross-site" || site === "same-site") throw new Response(null, { status: 404, statusText: "Not Found" });
  const { database } = await appContext(context).services();
  const { after: _ignored, ...query } = parseInboxQuery(new URL(request.url).searchParams);
  if (request.method === "GET")
    await recordAudit(
      database.db,
      operator,
      "messages.exported",
      "messages",
      `form ${query.form || "any"}, status ${query.status}${query.q ? `, search "${query.q}"` : ""}`,
    );
  const stream = inboxCsv(database.db, toFilter(query));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="messages-${day}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
