import { env } from "~/config/env.server";
import { isLocalVisitor } from "~/infra/mail/local-visitor.server";
import { requestInfoContext } from "~/infra/request-context";
import { MAILBOX_CSP } from "~/infra/mail/mailbox.server";
import { appContext } from "~/request-context.server";
import type { Route } from "./+types/mailbox-message";

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** GET /dev/mailbox/:id: one outbox mail as the recipient would see it (no scripts run). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  // Configuration (a purely local server) and the request itself (the person at this machine, not a proxy or tunnel).
  if (!env().mailboxEnabled || !isLocalVisitor(request, context.get(requestInfoContext).socketAddress)) return notFound();
  const s = await appContext(context).services();
  const mail = await s.database.db.selectFrom("dev_mailbox").select("html").where("id", "=", params.id).executeTakeFirst();
  if (!mail) return notFound();
  return new Response(mail.html, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": MAILBOX_CSP, "Cache-Control": "no-store" },
  });
}
