/**
 * The waitlist's rows (`waitlist_entry`): one per address, "pending" until
 * its mailed link confirms it, deleted when the person unsubscribes or an
 * operator removes it. Every query is here; the service and the console use it.
 */
import { createHash } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { containsText } from "~/infra/db/contains";
import type { Database, WaitlistEntryTable } from "~/infra/db/schema";
import { toDate } from "~/infra/db/time";

type Db = Kysely<Database> | Transaction<Database>;

export interface WaitlistEntry {
  id: string;
  email: string;
  interest: string;
  status: WaitlistEntryTable["status"];
  source: string;
  createdAt: string;
  confirmedAt: string | null;
}

/** A confirmation link works this long after it was mailed. */
export const CONFIRM_LINK_TTL_MS = 7 * 24 * 60 * 60_000;

export function tokenHash(token: string): string {
  return createHash("sha256").update(`waitlist-confirm:${token}`).digest("hex");
}

const COLUMNS = ["id", "email", "interest", "status", "source", "created_at", "confirmed_at"] as const;

function toEntry(row: {
  id: string;
  email: string;
  interest: string;
  status: WaitlistEntryTable["status"];
  source: string;
  created_at: unknown;
  confirmed_at: unknown;
}): WaitlistEntry {
  return {
    id: row.id,
    email: row.email,
    interest: row.interest,
    status: row.status,
    source: row.source,
    createdAt: toDate(row.created_at as string | Date).toISOString(),
    confirmedAt: row.confirmed_at ? toDate(row.confirmed_at as string | Date).toISOString() : null,
  };
}

export async function findByEmail(db: Db, email: string): Promise<WaitlistEntry | undefined> {
  const row = await db.selectFrom("waitlist_entry").select(COLUMNS).where("email", "=", email).executeTakeFirst();
  return row ? toEntry(row) : undefined;
}

export async function findById(db: Db, id: string): Promise<WaitlistEntry | undefined> {
  const row = await db.selectFrom("waitlist_entry").select(COLUMNS).where("id", "=", id).executeTakeFirst();
  return row ? toEntry(row) : undefined;
}

/**
 * A new row; false when the address is there already (another request won the race:
 * the unique address decides, as it does for "stored once per address").
 */
export async function insertEntry(
  db: Db,
  entry: { id: string; email: string; interest: string; source: string; confirmed: boolean; tokenHash: string | null; language: string; now: Date },
): Promise<boolean> {
  const iso = entry.now.toISOString();
  const result = await db
    .insertInto("waitlist_entry")
    .values({
      id: entry.id,
      email: entry.email,
      interest: entry.interest,
      status: entry.confirmed ? "confirmed" : "pending",
      confirm_token_hash: entry.tokenHash,
      confirm_sent_at: entry.tokenHash ? iso : null,
      source: entry.source,
      created_at: iso,
      confirmed_at: entry.confirmed ? iso : null,
      language: entry.language,
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The signed-in owner of the address joins (or changes the plan): confirmed at once, in the language of the page they joined from. */
export async function confirmOwnEntry(db: Db, id: string, interest: string, language: string, now: Date): Promise<void> {
  await db
    .updateTable("waitlist_entry")
    .set((eb) => ({ status: "confirmed", interest, language, confirmed_at: eb.fn.coalesce("confirmed_at", eb.val(now.toISOString())) }))
    .where("id", "=", id)
    .execute();
}

/**
 * A pending row's new link, mailed in the language of the page asked from
 * (the row takes it); false when another request renewed it first (its
 * `confirm_sent_at` is no longer `sentAt`): then that request sends the mail.
 */
export async function renewConfirmation(db: Db, id: string, hash: string, sentAt: string | null, language: string, now: Date): Promise<boolean> {
  let query = db
    .updateTable("waitlist_entry")
    .set({ confirm_token_hash: hash, confirm_sent_at: now.toISOString(), language })
    .where("id", "=", id)
    .where("status", "=", "pending");
  query = sentAt === null ? query.where("confirm_sent_at", "is", null) : query.where("confirm_sent_at", "=", sentAt);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** When the pending row's link was last mailed (ISO), or null. */
export async function confirmationSentAt(db: Db, id: string): Promise<string | null> {
  const row = await db.selectFrom("waitlist_entry").select("confirm_sent_at").where("id", "=", id).executeTakeFirst();
  return row?.confirm_sent_at ? toDate(row.confirm_sent_at as string | Date).toISOString() : null;
}

/** Addresses nobody confirmed within this long are deleted: an address typed in a form is not consent to keep it. */
export const PENDING_KEPT_MS = 30 * 24 * 60 * 60_000;

export async function prunePending(db: Db, now: Date): Promise<void> {
  await db
    .deleteFrom("waitlist_entry")
    .where("status", "=", "pending")
    .where("created_at", "<", new Date(now.getTime() - PENDING_KEPT_MS).toISOString())
    .execute();
}

/** Confirmation mails the waitlist wrote in the last hour (the global ceiling, waitlist-service.server.ts). */
export async function confirmationsMailedSince(db: Db, since: Date): Promise<number> {
  const row = await db
    .selectFrom("mail_outbox")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("kind", "=", "waitlist-confirm")
    .where("created_at", ">=", since.toISOString())
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export type TokenState = { kind: "pending"; entry: WaitlistEntry } | { kind: "already"; entry: WaitlistEntry } | { kind: "invalid" } | { kind: "expired" };

/** What a confirmation link stands for, without changing anything (the link's page: GET). */
export async function lookUpToken(db: Db, token: string, now: Date): Promise<TokenState> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { kind: "invalid" };
  const row = await db
    .selectFrom("waitlist_entry")
    .select([...COLUMNS, "confirm_sent_at"])
    .where("confirm_token_hash", "=", tokenHash(token))
    .executeTakeFirst();
  if (!row) return { kind: "invalid" };
  const entry = toEntry(row);
  if (entry.status === "confirmed") return { kind: "already", entry };
  const sent = row.confirm_sent_at ? toDate(row.confirm_sent_at as string | Date).getTime() : 0;
  if (now.getTime() - sent > CONFIRM_LINK_TTL_MS) return { kind: "expired" };
  return { kind: "pending", entry };
}

export type ConfirmResult = { kind: "confirmed"; entry: WaitlistEntry } | { kind: "already"; entry: WaitlistEntry } | { kind: "invalid" } | { kind: "expired" };

/** The person pressed "Confirm my place" on the link's page (POST). */
export async function confirmByToken(db: Db, token: string, now: Date): Promise<ConfirmResult> {
  const state = await lookUpToken(db, token, now);
  if (state.kind !== "pending") return state;
  const result = await db
    .updateTable("waitlist_entry")
    .set({ status: "confirmed", confirmed_at: now.toISOString() })
    .where("id", "=", state.entry.id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  // Removed meanwhile (unsubscribed in another tab): the link no longer stands for anything.
  if (Number(result.numUpdatedRows) === 0) return (await findById(db, state.entry.id)) ? { kind: "already", entry: state.entry } : { kind: "invalid" };
  return { kind: "confirmed", entry: { ...state.entry, status: "confirmed", confirmedAt: now.toISOString() } };
}

/** Removes the address; false when it was not there (removed already). */
export async function removeEntry(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom("waitlist_entry").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The address's row, for the person's own data export. */
export async function entryForEmail(db: Db, email: string): Promise<WaitlistEntry | undefined> {
  return findByEmail(db, email.toLowerCase());
}

// ---- the console ----

export interface WaitlistFilter {
  /** Part of the address. */
  q?: string;
  status?: "pending" | "confirmed";
  interest?: string;
}

export async function listEntries(db: Db, filter: WaitlistFilter, limit: number): Promise<WaitlistEntry[]> {
  let query = db.selectFrom("waitlist_entry").select(COLUMNS);
  if (filter.q) query = query.where(containsText("email", filter.q));
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.interest !== undefined) query = query.where("interest", "=", filter.interest);
  const rows = await query.orderBy("created_at", "desc").orderBy("id").limit(limit).execute();
  return rows.map(toEntry);
}

export interface WaitlistCounts {
  total: number;
  confirmed: number;
  pending: number;
  /** Confirmed addresses per interest ("" = anything), most first. */
  byInterest: { interest: string; count: number }[];
}

export async function countEntries(db: Db): Promise<WaitlistCounts> {
  const byStatus = await db
    .selectFrom("waitlist_entry")
    .select(["status", (eb) => eb.fn.countAll<number | string>().as("n")])
    .groupBy("status")
    .execute();
  const count = (status: string) => Number(byStatus.find((r) => r.status === status)?.n ?? 0);
  const byInterest = await db
    .selectFrom("waitlist_entry")
    .select(["interest", (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("status", "=", "confirmed")
    .groupBy("interest")
    .execute();
  return {
    total: count("confirmed") + count("pending"),
    confirmed: count("confirmed"),
    pending: count("pending"),
    byInterest: byInterest.map((r) => ({ interest: r.interest, count: Number(r.n) })).sort((a, b) => b.count - a.count || a.interest.localeCompare(b.interest)),
  };
}

/** Confirmations per UTC day since `since` (days without any are left out; the chart fills them). */
export async function confirmationsPerDay(db: Db, since: Date): Promise<{ day: string; count: number }[]> {
  const rows = await db
    .selectFrom("waitlist_entry")
    .select("confirmed_at")
    .where("status", "=", "confirmed")
    .where("confirmed_at", ">=", since.toISOString())
    .execute();
  const days = new Map<string, number>();
  for (const row of rows) {
    const day = toDate(row.confirmed_at as string | Date)
      .toISOString()
      .slice(0, 10);
    days.set(day, (days.get(day) ?? 0) + 1);
  }
  return [...days].map(([day, count]) => ({ day, count })).sort((a, b) => a.day.localeCompare(b.day));
}
