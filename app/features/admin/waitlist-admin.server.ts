/**
 * The console's waitlist section (/admin/waitlist): counts per plan and per
 * day, a search, the CSV export of what is shown, and removing an address on
 * request. Removals and exports are audited.
 */
import type { Kysely } from "kysely";
import { csvField } from "~/features/forms/index.server";
import { interestLabel } from "~/features/waitlist";
import {
  confirmationsPerDay,
  countEntries,
  findById,
  listEntries,
  removeEntry,
  type WaitlistEntry,
  type WaitlistFilter,
} from "~/features/waitlist/index.server";
import type { Database } from "~/infra/db/schema";
import { type Actor, recordAudit } from "./audit.server";

type Db = Kysely<Database>;

/** The list shows this many rows; the export takes every row of the filter. */
export const WAITLIST_PAGE_SIZE = 200;
const EXPORT_MAX = 100_000;

export interface WaitlistQuery {
  q: string;
  status: "all" | "pending" | "confirmed";
  interest: string;
}

export function parseWaitlistQuery(params: URLSearchParams): WaitlistQuery {
  const status = params.get("status");
  return {
    q: (params.get("q") ?? "").trim().slice(0, 254),
    status: status === "pending" || status === "confirmed" ? status : "all",
    interest: (params.get("interest") ?? "any").slice(0, 80),
  };
}

function toFilter(query: WaitlistQuery): WaitlistFilter {
  return {
    q: query.q || undefined,
    status: query.status === "all" ? undefined : query.status,
    interest: query.interest === "any" ? undefined : query.interest === "none" ? "" : query.interest,
  };
}

/** The last 30 UTC days, every day present (0 where nobody confirmed). */
function last30Days(rows: { day: string; count: number }[], now: Date) {
  const first = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 29);
  return Array.from({ length: 30 }, (_, i) => {
    const day = new Date(first + i * 86_400_000).toISOString().slice(0, 10);
    return { day, count: rows.find((r) => r.day === day)?.count ?? 0 };
  });
}

export async function loadWaitlist(db: Db, query: WaitlistQuery, now = new Date()) {
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 29));
  const [counts, perDay, entries] = await Promise.all([countEntries(db), confirmationsPerDay(db, since), listEntries(db, toFilter(query), WAITLIST_PAGE_SIZE)]);
  return {
    counts: { ...counts, byInterest: counts.byInterest.map((c) => ({ ...c, label: interestLabel(c.interest) })) },
    perDay: last30Days(perDay, now),
    entries: entries.map((e) => ({ ...e, interestLabel: interestLabel(e.interest) })),
  };
}

export type WaitlistActionResult = { ok: true; message: string } | { ok: false; status: 400 | 404; message: string };

export async function removeFromWaitlist(db: Db, actor: Actor, intent: unknown, id: unknown): Promise<WaitlistActionResult> {
  if (intent !== "remove" || typeof id !== "string" || !id || id.length > 64) return { ok: false, status: 400, message: "That did not work: unknown action." };
  const entry = await findById(db, id);
  if (!entry || !(await removeEntry(db, id))) return { ok: false, status: 404, message: "That address is not on the waitlist (any more)." };
  // The entry's id, not the address: the person asked us to stop holding it.
  await recordAudit(db, actor, "waitlist.removed", `waitlist entry ${entry.id}`, `${entry.status}, ${interestLabel(entry.interest)}`);
  return { ok: true, message: `Removed ${entry.email} from the waitlist.` };
}

const CSV_COLUMNS = ["email", "interest", "status", "source", "joined_at", "confirmed_at"];

function csvRow(e: WaitlistEntry): string {
  return [e.email, interestLabel(e.interest), e.status, e.source, e.createdAt, e.confirmedAt ?? ""].map(csvField).join(",");
}

export async function waitlistCsv(db: Db, actor: Actor, query: WaitlistQuery): Promise<string> {
  const entries = await listEntries(db, toFilter(query), EXPORT_MAX);
  await recordAudit(
    db,
    actor,
    "waitlist.exported",
    "waitlist",
    `${entries.length} addresses; status ${query.status}, interest ${query.interest}${query.q ? `, search "${query.q}"` : ""}`,
  );
  return `${[CSV_COLUMNS.map(csvField).join(","), ...entries.map(csvRow)].join("\r\n")}\r\n`;
}
