/**
 * The database reports whose data every write changed (write-watch.ts), on
 * SQLite and (with TEST_DATABASE_URL) PostgreSQL, for the shapes the app and
 * Better Auth use; and every table is classified, so a new table cannot
 * escape the replay cache's versions unnoticed.
 */
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openMigratedDatabase, testDatabases } from "../../../tests/support/test-databases";
import { OTHER_TABLES, USER_TABLES, type WriteReport } from "./write-watch";

const SECRET = "write-watch-secret-write-watch-secret";

describe.each(testDatabases())("writes reported on $name", (target) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setup() {
    const { database } = await openMigratedDatabase(target, cleanups, SECRET);
    const reports: WriteReport[] = [];
    database.onWrite((report) => reports.push(report));
    const now = new Date().toISOString();
    for (const id of ["alice", "bob"]) {
      await database.db.insertInto("user").values({ id, name: id, email: `${id}@example.com`, emailVerified: 1, image: null, createdAt: now, updatedAt: now }).execute();
      await database.db
        .insertInto("session")
        .values({ id: `s-${id}`, userId: id, token: `t-${id}`, expiresAt: now, ipAddress: null, userAgent: null, createdAt: now, updatedAt: now })
        .execute();
    }
    reports.length = 0;
    return { database, db: database.db, reports, now };
  }

  it("has every table classified as a user's or not", async () => {
    const { database } = await setup();
    const tables =
      database.dialect === "sqlite"
        ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(database.db)).rows.map((r) => r.name)
        : (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(database.db)).rows.map((r) => r.name);
    const unclassified = tables.filter((t) => !(t in USER_TABLES) && !(t in OTHER_TABLES));
    // A new table: put it in USER_TABLES (with its user column) if any signed-in page shows its rows, else in OTHER_TABLES.
    expect(unclassified).toEqual([]);
    expect(tables.length).toBeGreaterThan(5);
  });

  it("names the user of an insert, an update or a delete by user column", async () => {
    const { db, reports, now } = await setup();
    await db.insertInto("profile").values({ user_id: "alice", gender: "", dob: "", about: "", login_count: 0, last_login: null, verification_attempts: 0, verification_sent_at: null, created_at: now, updated_at: now }).execute();
    await db.updateTable("profile").set({ about: "hi" }).where("user_id", "=", "alice").execute();
    await db.updateTable("user").set({ name: "Bob B" }).where("id", "in", ["bob"]).execute();
    await db.deleteFrom("profile").where("user_id", "=", "alice").where("about", "=", "hi").execute();
    expect(reports).toEqual([
      { table: "profile", users: ["alice"] },
      { table: "profile", users: ["alice"] },
      { table: "user", users: ["bob"] },
      { table: "profile", users: ["alice"] },
    ]);
  });

  it("finds the users of a write whose WHERE names another column, before it runs", async () => {
    const { db, reports } = await setup();
    await db.updateTable("session").set({ userAgent: "x" }).where("token", "=", "t-bob").execute();
    await db.deleteFrom("session").where("id", "in", ["s-alice", "s-bob"]).execute();
    expect(reports[0]).toEqual({ table: "session", users: ["bob"] });
    expect(reports[1]!.table).toBe("session");
    expect([...(reports[1]!.users as string[])].sort()).toEqual(["alice", "bob"]);
  });

  it("reports nothing for reads, other tables or writes that touched no row", async () => {
    const { db, reports } = await setup();
    await db.selectFrom("user").selectAll().execute();
    await db.insertInto("consumed_token").values({ token_hash: "h", consumed_at: new Date().toISOString() }).execute();
    await db.updateTable("session").set({ userAgent: "x" }).where("token", "=", "no-such-token").execute();
    expect(reports).toEqual([]);
  });

  it("reports raw SQL writes as touching everyone", async () => {
    const { db, reports } = await setup();
    await sql`update profile set about = 'x'`.execute(db);
    await sql`select 1`.execute(db);
    expect(reports).toEqual([{ table: "(raw sql)", users: "all" }]);
  });

  it("reports a transaction's writes when it commits, and none when it rolls back", async () => {
    const { db, reports } = await setup();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("user").set({ name: "A" }).where("id", "=", "alice").execute();
      // Not yet: a reader that learnt of it now could cache the old row under the new version.
      expect(reports).toEqual([]);
    });
    expect(reports).toEqual([{ table: "user", users: ["alice"] }]);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable("user").set({ name: "B" }).where("id", "=", "bob").execute();
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(reports).toEqual([{ table: "user", users: ["alice"] }]);
  });
});
