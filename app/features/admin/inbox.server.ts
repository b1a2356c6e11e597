/**
 * The inbox page's server side (/admin/messages): the filter as it appears
 * in the URL (so a view can be bookmarked, shared and exported), the page of
 * messages, and the two actions (handled, reopen), each written to the audit log.
 */
import type { Kysely } from "kysely";
import { isEmail } from "~/shared/lib/field-errors";
import {
  deleteMessages,
  findMessage,
  findMessages,
  INBOX_PAGE_SIZE,
  type InboxCursor,
  type InboxFilter,
  listForms,
  listInbox,
  extraFields,
  openCounts,
  REPLY_MAX,
  repliesTo,
  SEARCH_MAX,
  sendReply,
  setMessagesStatus,
  setMessageStatus,
  spamCount,
} from "~/features/forms/index.server";
import type { MailOutbox } from "~/infra/mail/outbox.server";
import type { Database } from "~/infra/db/schema";
import { toIso } from "~/infra/db/time";
import { type Actor, decodeCursor, encodeCursor, recordAudit, recordAudits } from "./audit.server";

type Db = Kysely<Database>;

/** "all": the inbox (open and handled); "spam": the spam folder. */
export type StatusFilter = "open" | "handled" | "all" | "spam";

export interface InboxQuery {
  form: string;
  status: StatusFilter;
  q: string;
  after?: InboxCursor;
}

/** Reads the filter from the URL; anything unexpected falls back to the default view. */
export function parseInboxQuery(params: URLSearchParams): InboxQuery {
  const status = params.get("status");
  const form = params.get("form") ?? "";
  return {
    form: /^[a-z0-9][a-z0-9-]{1,39}$/.test(form) ? form : "",
    status: status === "handled" || status === "all" || status === "spam" ? status : "open",
    q: (params.get("q") ?? "").slice(0, SEARCH_MAX),
    after: decodeCursor(params.get("after")),
  };
}

export function toFilter(query: InboxQuery): InboxFilter {
  return { kind: query.form || undefined, status: query.status === "all" ? undefined : query.status, search: query.q || undefined };
}

/** The query string of a view (without the page cursor unless given). */
export function inboxSearch(query: Omit<InboxQuery, "after">, after?: string): string {
  const params = new URLSearchParams();
  if (query.form) params.set("form", query.form);
  if (query.status !== "open") params.set("status", query.status);
  if (query.q) params.set("q", query.q);
  if (after) params.set("after", after);
  const text = params.toString();
  return text ? `?${text}` : "";
}

export interface InboxMessage {
  id: string;
  form: string;
  name: string;
  email: string;
  message: string;
  createdAt: string;
  status: "open" | "handled" | "spam";
  handledBy: string | null;
  handledAt: string | null;
  signedIn: boolean;
  /** The other fields the sender sent (a form of the form service takes any), in the order sent. */
  extra: Array<[string, string]>;
  /** Why it is in the spam folder. */
  spamReason: string | null;
  /** The operators' replies, oldest first; `delivery`: the mail's state in the outbox. */
  replies: Array<{ id: string; at: string; by: string; body: string; delivery: "sent" | "waiting" | "failed" }>;
}

export interface InboxData {
  query: Omit<InboxQuery, "after">;
  paged: boolean;
  messages: InboxMessage[];
  forms: Array<{ key: string; name: string; open: number }>;
  /** Messages in the spam folder (all forms). */
  spam: number;
  /** The query string of the next (older) page. */
  nextPage: string | null;
  exportSearch: string;
}

export async function loadInbox(db: Db, params: URLSearchParams): Promise<InboxData> {
  const { after, ...query } = parseInboxQuery(params);
  const [page, forms, counts, spam] = await Promise.all([listInbox(db, toFilter(query), after, INBOX_PAGE_SIZE), listForms(db), openCounts(db), spamCount(db)]);
  const replies = await repliesTo(
    db,
    page.messages.map((m) => m.id),
  );
  return {
    query,
    paged: Boolean(after),
    spam,
    messages: page.messages.map((m) => ({
      id: m.id,
      form: m.kind,
      name: m.name,
      email: m.email,
      message: m.message,
      createdAt: toIso(m.created_at) ?? "",
      status: m.status,
      handledBy: m.handled_by,
      handledAt: toIso(m.handled_at),
      signedIn: Boolean(m.user_id),
      extra: Object.entries(extraFields(m)),
      spamReason: m.spam_reason,
      replies: (replies.get(m.id) ?? []).map((r) => ({
        id: r.id,
        at: toIso(r.created_at) ?? "",
        by: r.operator_email,
        body: r.body,
        delivery: r.mail_status === "sent" ? ("sent" as const) : r.mail_status === "failed" ? ("failed" as const) : ("waiting" as const),
      })),
    })),
    forms: forms.map((f) => ({ key: f.key, name: f.name, open: counts.get(f.key) ?? 0 })),
    nextPage: page.next ? inboxSearch(query, encodeCursor(page.next.at, page.next.id)) : null,
    exportSearch: inboxSearch(query),
  };
}

export type InboxActionResult = { ok: true; message: string } | { ok: false; status: 400 | 404; message: string };

/** Marks a message handled or open again, and writes it to the audit log. */
const STATUS_INTENTS = {
  handled: { status: "handled", audit: "message.handled", done: (who: string) => `Marked the message from ${who} as handled.` },
  reopen: { status: "open", audit: "message.reopened", done: (who: string) => `Reopened the message from ${who}.` },
  "not-spam": { status: "open", audit: "message.not-spam", done: (who: string) => `Moved the message from ${who} to the inbox.` },
  spam: { status: "spam", audit: "message.spam", done: (who: string) => `Moved the message from ${who} to spam.` },
} as const;

/** Marks a message handled, open again, not spam (to the inbox) or spam, and writes it to the audit log. */
export async function changeMessageStatus(db: Db, actor: Actor, intent: string | undefined, id: string | undefined): Promise<InboxActionResult> {
  const change = intent && Object.hasOwn(STATUS_INTENTS, intent) ? STATUS_INTENTS[intent as keyof typeof STATUS_INTENTS] : undefined;
  if (!change || !id || id.length > 64) return { ok: false, status: 400, message: "That did not work: unknown action." };
  const message = await findMessage(db, id);
  if (!message) return { ok: false, status: 404, message: "That message no longer exists." };
  const changed = await setMessageStatus(db, id, change.status, actor.email);
  if (changed) await recordAudit(db, actor, change.audit, `message ${id}`, `${message.kind} from ${message.email}`);
  return { ok: true, message: change.done(message.name || message.email || "an unnamed sender") };
}

/**
 * An operator's reply (issue 21): mailed to the sender through the outbox,
 * kept with the message, the message marked handled, audited.
 */
export async function replyToMessage(
  deps: { db: Db; outbox: MailOutbox },
  actor: Actor,
  id: string | undefined,
  body: string | undefined,
): Promise<InboxActionResult & { field?: string }> {
  if (!id || id.length > 64) return { ok: false, status: 400, message: "That did not work: unknown action." };
  const message = await findMessage(deps.db, id);
  if (!message) return { ok: false, status: 404, message: "That message no longer exists." };
  // One address, or no reply: the console never mails a list a bot typed (issue 38, finding 11).
  if (!message.email || !isEmail(message.email.trim())) return { ok: false, status: 400, message: "This message has no address to answer." };
  const text = (body ?? "").replace(/\r\n?/g, "\n").trim();
  if (!text) return { ok: false, status: 400, field: "body", message: "Reply: write something first" };
  if (text.length > REPLY_MAX)
    return { ok: false, status: 400, field: "body", message: `Reply: must be at most ${REPLY_MAX.toLocaleString("en-US")} characters` };
  const reply = await sendReply(deps, message, actor, text);
  await recordAudit(deps.db, actor, "message.replied", `message ${id}`, `reply ${reply.id} to ${message.email}`);
  return { ok: true, message: `Reply sent to ${message.email}.` };
}

/** How many messages one bulk action may change: a page's selection, or every message of the view ("all of them"). */
export const BULK_MAX = 1000;

/** The ids of every message the view shows (its filter, every page), for "select all of them". */
export async function viewIds(db: Db, params: URLSearchParams): Promise<string[]> {
  // From the first page on, whatever page the operator was looking at.
  const page = await listInbox(db, toFilter(parseInboxQuery(params)), undefined, BULK_MAX);
  return page.messages.map((m) => m.id);
}

/** The ids a bulk form names: checkboxes `select.<id>` (each its own key, as a first-key-wins body keeps them). */
export function selectedIds(fields: Record<string, unknown>): string[] {
  return Object.keys(fields)
    .filter((key) => key.startsWith("select.") && fields[key] === "on")
    .map((key) => key.slice("select.".length))
    .filter((id) => id.length > 0 && id.length <= 64)
    .slice(0, BULK_MAX);
}

/** Which messages a bulk status change moves: "not spam" moves spam only; "handle" and "reopen" leave spam where it is. */
const BULK_STATUS = {
  "bulk-handled": { change: STATUS_INTENTS.handled, from: ["open"] },
  "bulk-reopen": { change: STATUS_INTENTS.reopen, from: ["handled"] },
  "bulk-not-spam": { change: STATUS_INTENTS["not-spam"], from: ["spam"] },
} as const;

/**
 * Mark handled, reopen, move to the inbox or delete every selected message, as
 * one action: one transaction (a few hundred messages per statement), with an
 * audit entry per changed message, all at the same moment; a failure changes
 * nothing and records nothing.
 */
export async function bulkChange(db: Db, actor: Actor, intent: string | undefined, ids: string[], now = new Date()): Promise<InboxActionResult> {
  if (intent !== "bulk-handled" && intent !== "bulk-reopen" && intent !== "bulk-delete" && intent !== "bulk-not-spam")
    return { ok: false, status: 400, message: "That did not work: unknown action." };
  if (ids.length === 0) return { ok: false, status: 400, message: "Select one or more messages first." };
  const unique = [...new Set(ids)];
  const changed = await db.transaction().execute(async (trx) => {
    const messages = new Map((await findMessages(trx, unique)).map((m) => [m.id, m]));
    const known = unique.filter((id) => messages.has(id));
    if (intent === "bulk-delete") {
      const deleted = await deleteMessages(trx, known);
      await recordAudits(
        trx,
        actor,
        "message.deleted",
        deleted.map((id) => ({ target: `message ${id}`, detail: messages.get(id)?.kind ?? "" })),
        now,
      );
      return deleted.length;
    }
    const { change, from } = BULK_STATUS[intent];
    const moved = await setMessagesStatus(trx, known, change.status, from, actor.email, now);
    const detail = (id: string) => {
      const message = messages.get(id);
      return message ? `${message.kind} from ${message.email}` : "";
    };
    await recordAudits(
      trx,
      actor,
      change.audit,
      moved.map((id) => ({ target: `message ${id}`, detail: detail(id) })),
      now,
    );
    return moved.length;
  });
  const n = (count: number) => (count === 1 ? "1 message" : `${count} messages`);
  const done =
    intent === "bulk-delete"
      ? `Deleted ${n(changed)}.`
      : intent === "bulk-handled"
        ? `Marked ${n(changed)} as handled.`
        : intent === "bulk-not-spam"
          ? `Moved ${n(changed)} to the inbox.`
          : `Reopened ${n(changed)}.`;
  const skipped = unique.length - changed;
  return { ok: true, message: skipped > 0 ? `${done} ${n(skipped)} had changed already.` : done };
}
