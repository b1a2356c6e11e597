import { MAILBOX_CSP } from "~/infra/mail/mailbox.server";
import { services } from "~/services.server";
import type { Route } from "./+types/mailbox-message";

/** GET /dev/mailbox/:id: one outbox mail as the recipient would see it (no scripts run). */
export async function loader({ params }: Route.LoaderArgs) {
  const s = await services();
  if (!s.env.mailboxEnabled) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const mail = await s.database.db.selectFrom("dev_mailbox").select("html").where("id", "=", params.id).executeTakeFirst();
  if (!mail) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(mail.html, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": MAILBOX_CSP, "Cache-Control": "no-store" },
  });
}
