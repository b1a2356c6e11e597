/**
 * The operator inbox at 100,000 messages (issue 13: "pagination that stays
 * fast"): a fresh SQLite database filled with 100,000 messages over two
 * forms, then each kind of inbox page timed (median of 25 reads) against the
 * first page: a keyset page deep in the list must cost what the first one
 * costs. Run by `npm run bench` (section 5), or alone:
 * `npx tsx scripts/lib/inbox-bench.ts`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { loadEnv } from "../../app/config/env.server.ts";
import { authOptions } from "../../app/features/auth/auth.server.ts";
import { type InboxCursor, type InboxFilter, listInbox } from "../../app/features/forms/inbox.server.ts";
import { openDatabase } from "../../app/infra/db/database.server.ts";
import { migrateToLatest } from "../../app/infra/db/migrate.server.ts";

export const INBOX_MESSAGES = 100_000;

export interface InboxRow {
  label: string;
  medianMs: number;
  ratio: number;
}

export async function inboxBench(): Promise<InboxRow[]> {
  const dir = mkdtempSync(path.join(tmpdir(), "tuesday-inbox-bench-"));
  const env = loadEnv({ AUTH_SECRET: "inbox-bench-secret-inbox-bench-secret", DATABASE_URL: path.join(dir, "app.db") }, dir);
  const database = openDatabase(env.database);
  try {
    await migrateToLatest(database, authOptions({ env, database }));
    const base = Date.parse("2026-01-01T00:00:00Z");
    const words = ["pricing", "students", "invoice", "thank you", "bug", "school", "Hindi", "login"];
    for (let start = 0; start < INBOX_MESSAGES; start += 1000) {
      const rows = Array.from({ length: 1000 }, (_, j) => {
        const i = start + j;
        return {
          id: `m-${String(i).padStart(7, "0")}`,
          kind: i % 3 === 0 ? "contact" : "feedback",
          name: `Sender ${i}`,
          email: `sender${i}@example.com`,
          message: `A message about ${words[i % words.length]} number ${i}. `.repeat(4),
          user_id: null,
          ip_hash: "0".repeat(64),
          user_agent: "bench",
          created_at: new Date(base + i * 30_000).toISOString(),
          notified_at: null,
          notify_error: null,
          notify_claimed_until: null,
          status: i % 10 === 0 ? ("open" as const) : ("handled" as const),
        };
      });
      await database.db.insertInto("form_message").values(rows).execute();
    }

    const time = async (filter: InboxFilter, after?: InboxCursor) => {
      const samples: number[] = [];
      for (let i = 0; i < 27; i++) {
        const started = performance.now();
        await listInbox(database.db, filter, after);
        if (i >= 2) samples.push(performance.now() - started);
      }
      samples.sort((a, b) => a - b);
      return samples[Math.floor(samples.length / 2)]!;
    };
    // A cursor 90% of the way down: what "Older messages" reaches after 3,600 pages.
    const deep = { at: new Date(base + 10_000 * 30_000).toISOString(), id: "m-0010000" };
    const first = await time({});
    const rows: Array<[string, number]> = [
      ["all messages, first page", first],
      ["all messages, page 3,600 (keyset)", await time({}, deep)],
      ["open contact messages, first page", await time({ kind: "contact", status: "open" })],
      ["open contact messages, deep page", await time({ kind: "contact", status: "open" }, deep)],
      ['search "invoice" (1 message in 8)', await time({ search: "invoice" })],
      // No index helps a word inside a message: a word nobody wrote reads all 100,000.
      ["search a word no message has", await time({ search: "zebra" })],
    ];
    return rows.map(([label, medianMs]) => ({ label, medianMs, ratio: medianMs / first }));
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printInboxBench(rows: InboxRow[]): void {
  console.log(`5. The operator inbox at ${INBOX_MESSAGES.toLocaleString("en-US")} messages (SQLite, one page of 25, median of 25 reads)`);
  for (const row of rows) console.log(`   ${row.label.padEnd(42)} ${row.medianMs.toFixed(2).padStart(7)} ms = ${row.ratio.toFixed(2)} × the first page`);
  const deep = rows[1]!;
  console.log(`   target: a deep page costs what the first does (≤ 2 ×): ${deep.ratio <= 2 ? "meets target" : "BELOW TARGET"}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) printInboxBench(await inboxBench());
