/**
 * The audit log: every operator action, with who did it and when. Written in
 * the same request as the action; `/admin/audit` reads it newest first.
 */
import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { AuditLogTable, Database } from "~/infra/db/schema";
import { containsText } from "~/infra/db/contains";
import { toIso } from "~/infra/db/time";

type Db = Kysely<Database>;

export interface Actor {
  id: string;
  email: string;
}

/** What an operator did, in words the audit page shows as they are. */
export type AuditAction =
  | "message.handled"
  | "message.reopened"
  | "message.deleted"
  | "message.replied"
  | "message.spam"
  | "message.not-spam"
  | "messages.exported"
  | "waitlist.removed"
  | "waitlist.exported"
  | "form.created"
  | "form.updated"
  | "webhook.redelivered"
  | "webhook.secret-rotated"
  | "account.password-reset-sent"
  | "account.sign-in-disabled"
  | "account.sign-in-enabled"
  | "account.verification-resent"
  | "account.data-exported"
  | "account.deleted"
  | "mail.retried";

export async function recordAudit(db: Db, actor: Actor, action: AuditAction, target: string, detail = "", now = new Date()): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({ id: randomUUID(), at: now.toISOString(), actor_id: actor.id, actor_email: actor.email, action, target, detail: detail.slice(0, 1000) })
    .execute();
}

/**
 * Several entries of one action, written at one moment (a bulk change in the inbox: one entry per
 * message, so each message's history and a search for its sender find it). A few hundred rows per
 * statement; run it in the action's transaction to make the entries and the change one.
 */
export async function recordAudits(
  db: Db,
  actor: Actor,
  action: AuditAction,
  entries: ReadonlyArray<{ target: string; detail?: string }>,
  now = new Date(),
): Promise<void> {
  const at = now.toISOString();
  const rows = entries.map((e) => ({
    id: randomUUID(),
    at,
    actor_id: actor.id,
    actor_email: actor.email,
    action,
    target: e.target,
    detail: (e.detail ?? "").slice(0, 1000),
  }));
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto("audit_log")
      .values(rows.slice(i, i + 200))
      .execute();
}

export interface AuditEntry {
  id: string;
  at: string;
  actorEmail: string;
  action: string;
  target: string;
  detail: string;
}

function toEntry(row: Selectable<AuditLogTable>): AuditEntry {
  return { id: row.id, at: toIso(row.at) ?? "", actorEmail: row.actor_email, action: row.action, target: row.target, detail: row.detail };
}

export const AUDIT_PAGE_SIZE = 50;

/**
 * Newest first; `before` is the cursor of the previous page's last entry;
 * `search`: words that must all appear in the operator's address, the action,
 * what it was done on or its details ("form.created t-1", "ravi@example.com").
 */
export async function listAudit(db: Db, before?: { at: string; id: string }, search = ""): Promise<{ entries: AuditEntry[]; next: string | null }> {
  let query = db
    .selectFrom("audit_log")
    .selectAll()
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(AUDIT_PAGE_SIZE + 1);
  if (before) query = query.where((eb) => eb(eb.refTuple("at", "id"), "<", eb.tuple(before.at, before.id)));
  for (const word of search.trim().slice(0, 100).split(/\s+/).filter(Boolean).slice(0, 5)) {
    query = query.where((eb) => eb.or(["actor_email", "action", "target", "detail"].map((column) => containsText(column, word))));
  }
  const rows = (await query.execute()).map(toEntry);
  const more = rows.length > AUDIT_PAGE_SIZE;
  const entries = rows.slice(0, AUDIT_PAGE_SIZE);
  const last = entries.at(-1);
  return { entries, next: more && last ? encodeCursor(last.at, last.id) : null };
}

/** A page cursor: the sort key of the last row shown, opaque to the URL. */
export function encodeCursor(at: string, id: string): string {
  return Buffer.from(JSON.stringify([at, id])).toString("base64url");
}

export function decodeCursor(value: string | null): { at: string; id: string } | undefined {
  if (!value || value.length > 200) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === "string" &&
      typeof parsed[1] === "string" &&
      !Number.isNaN(Date.parse(parsed[0]))
    ) {
      return { at: parsed[0], id: parsed[1] };
    }
  } catch {
    // An edited or truncated cursor: the first page.
  }
  return undefined;
}
