/**
 * The local outbox's web view (/dev/mailbox): a plain server-rendered page,
 * no scripts. It exists only while no SMTP_URL is set and the server listens on
 * a loopback address (env.mailboxEnabled), and only for a request from this
 * machine itself (local-visitor.server.ts); otherwise it is a 404.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/infra/db/schema";
import { toIso } from "~/infra/db/time";

export const MAILBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  createdAt: string;
}

export async function listOutbox(db: Kysely<Database>, to?: string, limit = 100): Promise<OutboxMail[]> {
  let query = db.selectFrom("dev_mailbox").selectAll().orderBy("created_at", "desc").limit(limit);
  if (to) query = query.where("to_address", "=", to.toLowerCase());
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    to: r.to_address,
    subject: r.subject,
    text: r.text,
    html: r.html,
    links: JSON.parse(r.links) as string[],
    createdAt: toIso(r.created_at) ?? "",
  }));
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function renderMailbox(mails: OutboxMail[], filter?: string): string {
  const items = mails
    .map(
      (m) => `<article>
  <header><h2>${esc(m.subject)}</h2><p>To <strong>${esc(m.to)}</strong> · <time datetime="${esc(m.createdAt)}">${esc(m.createdAt.replace("T", " ").slice(0, 19))} UTC</time> · <a href="/dev/mailbox/${esc(m.id)}">view as HTML</a></p></header>
  ${m.links.length ? `<ul class="links">${m.links.map((l) => `<li><a href="${esc(l)}">${esc(l)}</a></li>`).join("")}</ul>` : ""}
  <pre>${esc(m.text)}</pre>
</article>`,
    )
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>Local mailbox</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#f4f3fb;color:#1e1b2e}main{max-width:860px;margin:0 auto;padding:24px 16px}
h1{font-size:24px;margin:0 0 4px}p.note{color:#55506b;margin:0 0 24px}article{background:#fff;border-radius:14px;padding:16px 20px;margin:0 0 16px;box-shadow:0 1px 3px #0001}
h2{font-size:17px;margin:0}header p{margin:4px 0 8px;color:#55506b;font-size:13px}pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f7f7fb;border-radius:8px;padding:12px;font-size:13px}
a{color:#5b21b6}ul.links{margin:8px 0;padding-left:18px;word-break:break-all}form{margin:0 0 16px}</style></head>
<body><main><h1>Local mailbox</h1>
<p class="note">No SMTP_URL is set, so every email the site sends is kept here instead (newest first). This page exists only on a local server.${filter ? ` Showing mail to <strong>${esc(filter)}</strong> · <a href="/dev/mailbox">show all</a>` : ""}</p>
${items || "<p>No mail yet. Sign up and the verification email appears here.</p>"}
</main></body></html>`;
}
