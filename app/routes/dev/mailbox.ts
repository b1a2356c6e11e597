import { env } from "~/config/env.server";
import { isLocalVisitor } from "~/infra/mail/local-visitor.server";
import { requestInfoContext } from "~/infra/request-context";
import { listOutbox, MAILBOX_CSP, renderMailbox } from "~/infra/mail/mailbox.server";
import { appContext } from "~/request-context.server";
import type { Route } from "./+types/mailbox";

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** GET /dev/mailbox[?to=address][&format=json]: the local outbox, on a purely local server only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Configuration (a purely local server) and the request itself (the person at this machine, not a proxy or tunnel).
  if (!env().mailboxEnabled || !isLocalVisitor(request, context.get(requestInfoContext).socketAddress)) return notFound();
  const s = await appContext(context).services();
  const url = new URL(request.url);
  const to = url.searchParams.get("to") ?? undefined;
  const mails = await listOutbox(s.database.db, to);
  if (url.searchParams.get("format") === "json") return Response.json(mails, { headers: { "Cache-Control": "no-store" } });
  return new Response(renderMailbox(mails, to), {
    headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": MAILBOX_CSP, "Cache-Control": "no-store" },
  });
}
