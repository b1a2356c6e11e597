/**
 * The inbox page's server side (/admin/messages): the filter as it appears
 * in the URL (so a view can be bookmarked, shared and exported), the page of
 * messages, and the two actions (handled, reopen), each written to the audit log.
 */
import type { Kysely } from "kysely";
import {
  deleteMessage,
  findMessage,
  INBOX_PAGE_SIZE,
  type InboxCursor,
  type InboxFilter,
  listForms,
  listInbox,
  openCounts,
  SEARCH_MAX,
  setMessageStatus,
} from "~/features/forms/index.server";
import type { Database } from "~/infra/db/schema";
import { toIso } from "~/infra/db/time";
import { type Actor, decodeCursor, encodeCursor, recordAudit } from "./audit.server";

type Db = Kysely<Database>;

export type StatusFilter = "open" | "handled" | "all";

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
    status: status === "handled" || status === "all" ? status : "open",
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
  status: "open" | "handled";
  handledBy: string | null;
  handledAt: string | null;
  signedIn: boolean;
}

export interface InboxData {
  query: Omit<InboxQuery, "after">;
  paged: boolean;
  messages: InboxMessage[];
  forms: Array<{ key: string; name: string; open: number }>;
  /** The query string of the next (older) page. */
  nextPage: string | null;
  exportSearch: string;
}

export async function loadInbox(db: Db, params: URLSearchParams): Promise<InboxData> {
  const { after, ...query } = parseInboxQuery(params);
  const [page, forms, counts] = await Promise.all([listInbox(db, toFilter(query), after, INBOX_PAGE_SIZE), listForms(db), openCounts(db)]);
  return {
    query,
    paged: Boolean(after),
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
    })),
    forms: forms.map((f) => ({ key: f.key, name: f.name, open: counts.get(f.key) ?? 0 })),
    nextPage: page.next ? inboxSearch(query, encodeCursor(page.next.at, page.next.id)) : null,
    exportSearch: inboxSearch(query),
  };
}

export type InboxActionResult = { ok: true; message: string } | { ok: false; status: 400 | 404; message: string };

/** Marks a message handled or open again, and writes it to the audit log. */
export async function changeMessageStatus(db: Db, actor: Actor, intent: string | undefined, id: string | undefined): Promise<InboxActionResult> {
  if ((intent !== "handled" && intent !== "reopen") || !id || id.length > 64) return { ok: false, status: 400, message: "That did not work: unknown action." };
  const message = await findMessage(db, id);
  if (!message) return { ok: false, status: 404, message: "That message no longer exists." };
  const status = intent === "handled" ? "handled" : "open";
  const changed = await setMessageStatus(db, id, status, actor.email);
  if (changed) await recordAudit(db, actor, intent === "handled" ? "message.handled" : "message.reopened", `message ${id}`, `${message.kind} from ${message.email}`);
  const who = message.name || message.email;
  return { ok: true, message: intent === "handled" ? `Marked the message from ${who} as handled.` : `Reopened the message from ${who}.` };
}

/** How many messages one bulk action may name (a page shows 25). */
export const BULK_MAX = 100;

/** The ids a bulk form names: checkboxes `select.<id>` (each its own key, as a first-key-wins body keeps them). */
export function selectedIds(fields: Record<string, unknown>): string[] {
  return Object.keys(fields)
    .filter((key) => key.startsWith("select.") && fields[key] === "on")
    .map((key) => key.slice("select.".length))
    .filter((id) => id.length > 0 && id.length <= 64)
    .slice(0, BULK_MAX);
}

/** Mark handled, reopen or delete every selected message; each change is audited. */
export async function bulkChange(db: Db, actor: Actor, intent: string | undefined, ids: string[]): Promise<InboxActionResult> {
  if (intent !== "bulk-handled" && intent !== "bulk-reopen" && intent !== "bulk-delete") return { ok: false, status: 400, message: "That did not work: unknown action." };
  if (ids.length === 0) return { ok: false, status: 400, message: "Select one or more messages first." };
  let changed = 0;
  for (const id of ids) {
    const message = await findMessage(db, id);
    if (!message) continue;
    if (intent === "bulk-delete") {
      if (await deleteMessage(db, id)) {
        changed += 1;
        await recordAudit(db, actor, "message.deleted", `message ${id}`, `${message.kind}`);
      }
      continue;
    }
    const handled = intent === "bulk-handled";
    if (await setMessageStatus(db, id, handled ? "handled" : "open", actor.email)) {
      changed += 1;
      await recordAudit(db, actor, handled ? "message.handled" : "message.reopened", `message ${id}`, `${message.kind} from ${message.email}`);
    }
  }
  const n = (count: number) => (count === 1 ? "1 message" : `${count} messages`);
  const done = intent === "bulk-delete" ? `Deleted ${n(changed)}.` : intent === "bulk-handled" ? `Marked ${n(changed)} as handled.` : `Reopened ${n(changed)}.`;
  const skipped = ids.length - changed;
  return { ok: true, message: skipped > 0 ? `${done} ${n(skipped)} had changed already.` : done };
}
