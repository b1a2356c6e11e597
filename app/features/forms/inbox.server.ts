/**
 * The operator's inbox over `form_message`: newest first, filtered by form,
 * status and a search, a page at a time. Pages are keyset pages (created_at,
 * id) over the inbox indexes, so page 500 costs what page 1 does; the CSV
 * export walks the same filter in batches and streams.
 */
import type { ExpressionBuilder, Kysely } from "kysely";
import { containsText } from "~/infra/db/contains";
import type { Database, MessageStatus } from "~/infra/db/schema";
import { toIso } from "~/infra/db/time";
import { CSV_HEADER, csvRow } from "./message-list.server";
import type { StoredMessage } from "./message-store.server";

type Db = Kysely<Database>;

export const INBOX_PAGE_SIZE = 25;
export const SEARCH_MAX = 100;

export interface InboxFilter {
  /** A form's key; undefined: every form. */
  kind?: string;
  /** undefined: open and handled (the inbox); "spam": the spam folder only. */
  status?: MessageStatus;
  /** Words that must all appear in the name, email or message (case-insensitive). */
  search?: string;
}

export interface InboxCursor {
  at: string;
  id: string;
}

function applyFilter(eb: ExpressionBuilder<Database, "form_message">, filter: InboxFilter) {
  const conditions = [];
  if (filter.kind) conditions.push(eb("kind", "=", filter.kind));
  conditions.push(filter.status ? eb("status", "=", filter.status) : eb("status", "!=", "spam"));
  const words = (filter.search ?? "").trim().slice(0, SEARCH_MAX).split(/\s+/).filter(Boolean).slice(0, 5);
  for (const word of words) conditions.push(eb.or(["name", "email", "message"].map((column) => containsText(column, word))));
  return eb.and(conditions);
}

export interface InboxPage {
  messages: StoredMessage[];
  /** The cursor of the next (older) page, if there is one. */
  next: InboxCursor | null;
}

export async function listInbox(db: Db, filter: InboxFilter, after?: InboxCursor, limit = INBOX_PAGE_SIZE): Promise<InboxPage> {
  let query = db
    .selectFrom("form_message")
    .selectAll()
    .where((eb) => applyFilter(eb, filter))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit + 1);
  // A row-value comparison, which both databases answer with a range on (…, created_at, id) indexes.
  if (after) query = query.where((eb) => eb(eb.refTuple("created_at", "id"), "<", eb.tuple(after.at, after.id)));
  const rows = await query.execute();
  const messages = rows.slice(0, limit);
  const last = messages.at(-1);
  return { messages, next: rows.length > limit && last ? { at: toIso(last.created_at) ?? "", id: last.id } : null };
}

/** Open messages per form, for the inbox's filter labels. */
export async function openCounts(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("form_message")
    .select(["kind", (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("status", "=", "open")
    .groupBy("kind")
    .execute();
  return new Map(rows.map((row) => [row.kind, Number(row.n)]));
}

/** Messages in the spam folder, for its label. */
export async function spamCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom("form_message")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("status", "=", "spam")
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function findMessage(db: Db, id: string): Promise<StoredMessage | undefined> {
  return db.selectFrom("form_message").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The columns a change to `status` writes (one message or many). */
function statusColumns(status: MessageStatus, operatorEmail: string, now: Date) {
  return status === "handled"
    ? { status, handled_at: now.toISOString(), handled_by: operatorEmail }
    : status === "spam"
      ? { status, handled_at: null, handled_by: null, spam_reason: `marked by ${operatorEmail}` }
      : { status, handled_at: null, handled_by: null, spam_reason: null };
}

/**
 * Marks a message handled (by `operatorEmail`), open again (also out of the
 * spam folder: "not spam"), or spam; false if there is no such message or
 * nothing changed.
 */
export async function setMessageStatus(db: Db, id: string, status: MessageStatus, operatorEmail: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable("form_message")
    .set(statusColumns(status, operatorEmail, now))
    .where("id", "=", id)
    .where("status", "!=", status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ids per statement of a bulk change (well under either database's limit on parameters). */
const ID_BATCH = 500;

/**
 * A bulk status change: every message of `ids` whose status is one of `from`
 * gets `status`, a few hundred per statement. Answers the ids it changed. Run
 * it in a transaction to make the whole change one (the console does).
 */
export async function setMessagesStatus(
  db: Db,
  ids: readonly string[],
  status: MessageStatus,
  from: readonly MessageStatus[],
  operatorEmail: string,
  now = new Date(),
): Promise<string[]> {
  const changed: string[] = [];
  const sources = from.filter((s) => s !== status);
  if (sources.length === 0) return changed;
  for (let i = 0; i < ids.length; i += ID_BATCH) {
    const rows = await db
      .updateTable("form_message")
      .set(statusColumns(status, operatorEmail, now))
      .where("id", "in", ids.slice(i, i + ID_BATCH))
      .where("status", "in", sources)
      .returning("id")
      .execute();
    changed.push(...rows.map((row) => row.id));
  }
  return changed;
}

/** Deletes these messages for good (an operator's bulk delete: spam, or a person's request), a few hundred per statement; answers the ids that were still there. */
export async function deleteMessages(db: Db, ids: readonly string[]): Promise<string[]> {
  const deleted: string[] = [];
  for (let i = 0; i < ids.length; i += ID_BATCH) {
    const rows = await db
      .deleteFrom("form_message")
      .where("id", "in", ids.slice(i, i + ID_BATCH))
      .returning("id")
      .execute();
    deleted.push(...rows.map((row) => row.id));
  }
  return deleted;
}

/** The messages of `ids` that exist (a few hundred per statement), for a bulk change's audit entries. */
export async function findMessages(db: Db, ids: readonly string[]): Promise<StoredMessage[]> {
  const found: StoredMessage[] = [];
  for (let i = 0; i < ids.length; i += ID_BATCH)
    found.push(
      ...(await db
        .selectFrom("form_message")
        .selectAll()
        .where("id", "in", ids.slice(i, i + ID_BATCH))
        .execute()),
    );
  return found;
}

/** Every message matching the filter as CSV (RFC 4180), read 1,000 rows at a time. */
export function inboxCsv(db: Db, filter: InboxFilter): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: InboxCursor | undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_HEADER));
    },
    async pull(controller) {
      const page = await listInbox(db, filter, cursor, 1000);
      if (page.messages.length) controller.enqueue(encoder.encode(page.messages.map(csvRow).join("")));
      if (!page.next) controller.close();
      else cursor = page.next;
    },
  });
}
