/**
 * The console's waitlist counts (/admin/waitlist) on SQLite and (with
 * TEST_DATABASE_URL) PostgreSQL: confirmed addresses per plan or product,
 * confirmations per UTC day over the last 30 days (every day present, the
 * window's edges exact), and the totals; a confirmation raises each by one.
 */
import { afterEach, describe, expect, it } from "vitest";
import { openMigratedDatabase, testDatabases } from "../../../tests/support/test-databases";
import { loadWaitlist, parseWaitlistQuery } from "./waitlist-admin.server";

const SECRET = "waitlist-admin-test-secret-waitlist-admin";
const NOW = new Date("2026-11-24T12:00:00.000Z");

describe.each(testDatabases())("the waitlist's counts on $name", (target) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setup() {
    const { database } = await openMigratedDatabase(target, cleanups, SECRET);
    const db = database.db;
    let n = 0;
    const add = async (interest: string, confirmedAt: string | null) => {
      n += 1;
      const id = `w-${n}`;
      await db
        .insertInto("waitlist_entry")
        .values({
          id,
          email: `person${n}@example.com`,
          interest,
          status: confirmedAt ? "confirmed" : "pending",
          confirm_token_hash: null,
          confirm_sent_at: null,
          source: "/pricing",
          created_at: "2026-10-01T00:00:00.000Z",
          confirmed_at: confirmedAt,
        })
        .execute();
      return id;
    };
    return { db, add };
  }

  const query = parseWaitlistQuery(new URLSearchParams());

  it("counts confirmed addresses per plan, confirmations per day for the last 30 days, and the totals", async () => {
    const { db, add } = await setup();
    await add("plan:standard", "2026-11-24T01:00:00.000Z"); // today
    await add("plan:standard", "2026-11-10T10:00:00.000Z");
    await add("plan:student", "2026-11-23T23:59:59.999Z"); // yesterday's last moment
    await add("", "2026-10-26T00:00:00.000Z"); // the window's first day, its first moment
    await add("plan:student", "2026-10-25T23:59:59.999Z"); // a moment before the window: per plan, not per day
    await add("product:tuesday-watch", null); // pending: in no count but its own
    const pending = await add("plan:standard", null);

    const data = await loadWaitlist(db, query, NOW);
    expect(data.counts).toMatchObject({ total: 7, confirmed: 5, pending: 2 });
    expect(data.counts.byInterest).toEqual([
      { interest: "plan:standard", count: 2, label: "Standard plan" },
      { interest: "plan:student", count: 2, label: "Student plan" },
      { interest: "", count: 1, label: "Anything" },
    ]);
    expect(data.perDay).toHaveLength(30);
    expect(data.perDay[0]).toEqual({ day: "2026-10-26", count: 1 });
    expect(data.perDay.at(-1)).toEqual({ day: "2026-11-24", count: 1 });
    // Every day once, in order, one day apart.
    data.perDay.forEach((d, i) => expect(Date.parse(`${d.day}T00:00:00Z`)).toBe(Date.parse("2026-10-26T00:00:00Z") + i * 86_400_000));
    expect(data.perDay.filter((d) => d.count > 0)).toEqual([
      { day: "2026-10-26", count: 1 },
      { day: "2026-11-10", count: 1 },
      { day: "2026-11-23", count: 1 },
      { day: "2026-11-24", count: 1 },
    ]);

    // A confirmation now: its plan's count and today's figure each rise by one.
    await db.updateTable("waitlist_entry").set({ status: "confirmed", confirmed_at: "2026-11-24T11:59:00.000Z" }).where("id", "=", pending).execute();
    const after = await loadWaitlist(db, query, NOW);
    expect(after.counts).toMatchObject({ total: 7, confirmed: 6, pending: 1 });
    expect(after.counts.byInterest[0]).toEqual({ interest: "plan:standard", count: 3, label: "Standard plan" });
    expect(after.perDay.at(-1)).toEqual({ day: "2026-11-24", count: 2 });
    expect(after.perDay.reduce((sum, d) => sum + d.count, 0)).toBe(5);

    // The next day the window moves on: the first day drops out, a day with none is there with 0.
    const tomorrow = await loadWaitlist(db, query, new Date("2026-11-25T00:00:00.000Z"));
    expect(tomorrow.perDay[0]).toEqual({ day: "2026-10-27", count: 0 });
    expect(tomorrow.perDay.slice(-2)).toEqual([
      { day: "2026-11-24", count: 2 },
      { day: "2026-11-25", count: 0 },
    ]);
  });

  it("an empty list: zero everywhere, thirty days of zero", async () => {
    const { db } = await setup();
    const data = await loadWaitlist(db, query, NOW);
    expect(data.counts).toEqual({ total: 0, confirmed: 0, pending: 0, byInterest: [] });
    expect(data.perDay).toHaveLength(30);
    expect(data.perDay.every((d) => d.count === 0)).toBe(true);
    expect(data.entries).toEqual([]);
  });
});
