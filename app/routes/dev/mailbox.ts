import { listOutbox, MAILBOX_CSP, renderMailbox } from "~/infra/mail/mailbox.server";
import { services } from "~/services.server";
import type { Route } from "./+types/mailbox";

/** GET /dev/mailbox[?to=address][&format=json]: the local outbox. */
export async function loader({ request }: Route.LoaderArgs) {
  const s = await services();
  if (!s.env.mailboxEnabled) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const url = new URL(request.url);
  const to = url.searchParams.get("to") ?? undefined;
  const mails = await listOutbox(s.database.db, to);
  if (url.searchParams.get("format") === "json") return Response.json(mails, { headers: { "Cache-Control": "no-store" } });
  return new Response(renderMailbox(mails, to), {
    headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": MAILBOX_CSP, "Cache-Control": "no-store" },
  });
}
