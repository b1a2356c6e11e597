import { getMigrations } from "better-auth/db/migration";
import { type Kysely, Migrator } from "kysely";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { authOptions } from "~/features/auth/auth.server";
import { loadEnv } from "~/config/env.server";
import { testDatabases } from "../../../tests/support/test-databases";
import { type DatabaseHandle, openDatabase } from "./database.server";
import { currentSchema, migrateToLatest, withCatalogRetries } from "./migrate.server";
import { ourMigrations } from "./migrations.server";

describe.each(testDatabases())("migrations on $name", (target) => {
  const opened: DatabaseHandle[] = [];
  const drops: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((h) => h.close()));
    for (const drop of drops.splice(0)) await drop();
  });

  async function fresh() {
    const created = await target.create();
    drops.push(created.drop);
    const open = () => {
      const handle = openDatabase(created.config);
      opened.push(handle);
      return handle;
    };
    const env = loadEnv({ AUTH_SECRET: "x".repeat(32), DATABASE_URL: created.url });
    return { open, options: (h: DatabaseHandle) => authOptions({ env, database: h }) };
  }

  it("creates Better Auth's tables and ours, then finds nothing to do", async () => {
    const { open, options } = await fresh();
    const db = open();
    const first = await migrateToLatest(db, options(db));
    expect(first.auth.created).toEqual(expect.arrayContaining(["user", "session", "account", "verification"]));
    expect(first.app.map((m) => m.name)).toContain("0001_profile_messages_mailbox");

    const tables = (await db.db.introspection.getTables()).map((t) => t.name);
    expect(tables).toEqual(expect.arrayContaining(["user", "profile", "form_message", "dev_mailbox", "consumed_token"]));

    const second = await migrateToLatest(db, options(db));
    expect(second.auth.created).toEqual([]);
    expect(second.app).toEqual([]);
    await db.ping();
  });

  it("0005 hands the notifications the old retry loop still owed to the mail outbox", async () => {
    const { open, options } = await fresh();
    const db = open();
    // The database as 0004 left it, with one message whose notification was still owed.
    await (await getMigrations({ ...options(db), database: { db: db.db, type: db.dialect } })).runMigrations();
    const migrator = new Migrator({
      db: db.db,
      provider: { getMigrations: async () => ourMigrations(db.dialect) },
      migrationTableSchema: db.dialect === "postgres" ? await currentSchema(db.db) : undefined,
    });
    // Other test files drop their schemas meanwhile: read the catalog again, as migrateToLatest does.
    await withCatalogRetries(async () => {
      const { error } = await migrator.migrateTo("0004_inbox_keyset_index");
      if (error) throw error;
    });
    const at = new Date().toISOString();
    const row = { kind: "contact", name: "Asha", email: "asha@example.com", ip_hash: "h", user_agent: "ua", created_at: at };
    await (db.db as Kysely<any>)
      .insertInto("form_message")
      .values([
        { ...row, id: "owed", message: "Hello\n\nSecond paragraph", notify_attempts: 3, notified_at: null },
        { ...row, id: "sent", message: "Already mailed", notify_attempts: 1, notified_at: at },
      ])
      .execute();

    await migrateToLatest(db, options(db));
    const mails = await (db.db as Kysely<any>).selectFrom("mail_outbox").selectAll().execute();
    expect(mails.map((m) => m.ref)).toEqual(["owed"]);
    expect(mails[0]).toMatchObject({
      kind: "form-notification",
      reply_to: "asha@example.com",
      status: "pending",
      subject: "[Tuesday AI] New message from Asha",
    });
    expect(mails[0]?.text).toContain("From: Asha <asha@example.com>");
    expect(mails[0]?.text).toContain("Second paragraph");
  });

  it.runIf(target.name === "postgres")("migrates while other schemas of the database come and go", async () => {
    // Another app's deploy, or another test run on the same database, dropping its schema mid-migration.
    const base = process.env.TEST_DATABASE_URL!;
    const churn = new pg.Client({ connectionString: base });
    await churn.connect();
    let stop = false;
    const churning = (async () => {
      for (let i = 0; !stop; i++) {
        const name = `churn_${process.pid}_${i}`;
        await churn.query(`create schema "${name}"; create table "${name}".t (a int, b text, c int)`);
        await churn.query(`drop schema "${name}" cascade`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    try {
      for (let i = 0; i < 6; i++) {
        const { open, options } = await fresh();
        const db = open();
        const report = await migrateToLatest(db, options(db));
        expect(report.app.map((m) => m.status)).not.toContain("Error");
      }
    } finally {
      stop = true;
      await churning;
      await churn.end();
    }
  });

  it.runIf(target.name === "postgres")("keeps to its own schema when another schema holds tables of the same names", async () => {
    // What a crashed test run, or another app sharing the database, leaves behind.
    const neighbour = await fresh();
    const other = neighbour.open();
    await migrateToLatest(other, neighbour.options(other));

    const { open, options } = await fresh();
    const db = open();
    const report = await migrateToLatest(db, options(db));
    expect(report.auth.created).toEqual(expect.arrayContaining(["user", "session", "account", "verification"]));
    expect(report.app.map((m) => m.status)).not.toContain("Error");
    // Our bookkeeping is in our schema, whatever other schemas hold.
    const schema = await currentSchema(db.db);
    const ours = (await db.db.introspection.getTables({ withInternalKyselyTables: true })).filter((t) => t.schema === schema).map((t) => t.name);
    expect(ours).toEqual(expect.arrayContaining(["kysely_migration", "kysely_migration_lock", "user", "form_message"]));
  });

  it("lets several instances migrate the same database at once", async () => {
    const { open, options } = await fresh();
    const instances = [open(), open(), open()];
    const reports = await Promise.all(instances.map((h) => migrateToLatest(h, options(h))));
    const ranOurs = reports.filter((r) => r.app.some((m) => m.status === "Success"));
    expect(ranOurs).toHaveLength(1);
  });
});

describe("withCatalogRetries", () => {
  const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });

  it("reads the catalog again after a race with a dropped schema, and returns what the retry found", async () => {
    const codes = ["3F000", "42703", "42P01"];
    let calls = 0;
    const result = await withCatalogRetries(async () => {
      const code = codes[calls++];
      if (code) throw pgError(code);
      return "migrated";
    });
    expect(result).toBe("migrated");
    expect(calls).toBe(4);
  });

  it("throws any other error at once, and a race that never ends after ten reads", async () => {
    let calls = 0;
    await expect(withCatalogRetries(async () => (calls++, Promise.reject(pgError("23505"))))).rejects.toThrow("pg 23505");
    expect(calls).toBe(1);
    calls = 0;
    await expect(withCatalogRetries(async () => (calls++, Promise.reject(pgError("42P01"))))).rejects.toThrow("pg 42P01");
    expect(calls).toBe(10);
  });
});
