/**
 * The outbox when the database goes away mid-send: a claim whose answer was
 * lost is let go on the next pass (not held for CLAIM_MS), and a send whose
 * success could not be recorded is recorded once the database answers, never
 * sent again.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { type CompiledQuery, type DatabaseConnection, type Dialect, type Driver, Kysely, SqliteDialect } from "kysely";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { loadEnv } from "~/config/env.server";
import { authOptions } from "~/features/auth/auth.server";
import { type DatabaseHandle, openDatabase } from "~/infra/db/database.server";
import { migrateToLatest } from "~/infra/db/migrate.server";
import type { Database } from "~/infra/db/schema";
import { DependencyUnavailableError } from "~/infra/db/unavailable";
import type { MailMessage, Mailer } from "./mailer.server";
import { MailOutbox } from "./outbox.server";

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup() {
  const dir = mkdtempSync(path.join(tmpdir(), "tuesday-outbox-"));
  const file = path.join(dir, "app.db");
  const database = openDatabase({ kind: "sqlite", file });
  cleanups.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => database.close(),
  );
  await migrateToLatest(database, authOptions({ env: loadEnv({ AUTH_SECRET: "outbox-test-secret-outbox-test-secret", DATABASE_URL: file }), database }));
  const sent: MailMessage[] = [];
  const mailer: Mailer = { transport: "smtp", send: async (m) => void sent.push(m), verify: async () => {}, close() {} };
  return { database, sent, mailer };
}

/**
 * The same database file through a second connection, except that the answer of the first statement
 * matching `pattern` is lost after it ran (the connection dropped between the server's work and its reply).
 */
function losingAnswer(database: DatabaseHandle, pattern: RegExp): DatabaseHandle {
  let lost = false;
  const inner = new SqliteDialect({ database: new SQLite(database.location) });
  const dialect: Dialect = {
    createAdapter: () => inner.createAdapter(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createDriver: () => {
      const driver = inner.createDriver();
      const wrap = (connection: DatabaseConnection): DatabaseConnection => ({
        executeQuery: async <R>(query: CompiledQuery) => {
          const result = await connection.executeQuery<R>(query);
          if (!lost && pattern.test(query.sql)) {
            lost = true;
            throw new DependencyUnavailableError("database", "connection", { detail: "the answer was lost" });
          }
          return result;
        },
        streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
      });
      const inners = new WeakMap<DatabaseConnection, DatabaseConnection>();
      const unwrap = (c: DatabaseConnection) => inners.get(c) ?? c;
      return {
        init: () => driver.init(),
        acquireConnection: async () => {
          const connection = await driver.acquireConnection();
          const wrapped = wrap(connection);
          inners.set(wrapped, connection);
          return wrapped;
        },
        beginTransaction: (c, settings) => driver.beginTransaction(unwrap(c), settings),
        commitTransaction: (c) => driver.commitTransaction(unwrap(c)),
        rollbackTransaction: (c) => driver.rollbackTransaction(unwrap(c)),
        releaseConnection: (c) => driver.releaseConnection(unwrap(c)),
        destroy: () => driver.destroy(),
      } satisfies Driver;
    },
  };
  const db = new Kysely<Database>({ dialect });
  cleanups.push(() => db.destroy());
  return { ...database, db };
}

describe("the outbox when the database goes away mid-send", () => {
  it("a claim whose answer was lost is let go on the next pass, and the mail is sent once", async () => {
    const { database, sent, mailer } = await setup();
    const flaky = losingAnswer(database, /set "claimed_until" = \?/);
    const outbox = new MailOutbox(flaky, mailer, pino({ level: "silent" }), { retryBaseMs: 30_000, messageIdDomain: "test" });
    await outbox.enqueue({ kind: "verification", to: "a@example.test", subject: "s", text: "t", html: "h" }, { wake: false });
    await expect(outbox.runOnce()).rejects.toBeInstanceOf(DependencyUnavailableError);
    const [held] = await database.db.selectFrom("mail_outbox").selectAll().execute();
    expect(held!.claimed_until).not.toBeNull(); // claimed, by nobody who knows it
    outbox.start();
    await expect.poll(() => sent.length, { timeout: 5_000 }).toBe(1);
    await outbox.stop();
    expect((await database.db.selectFrom("mail_outbox").select("status").executeTakeFirstOrThrow()).status).toBe("sent");
    expect(sent).toHaveLength(1);
  });

  it("a success the database did not record is recorded when it answers again, not sent twice", async () => {
    const { database, sent, mailer } = await setup();
    const flaky = losingAnswer(database, /set "status" = \?/);
    const outbox = new MailOutbox(flaky, mailer, pino({ level: "silent" }), { retryBaseMs: 30_000, messageIdDomain: "test" });
    await outbox.enqueue({ kind: "verification", to: "b@example.test", subject: "s", text: "t", html: "h" }, { wake: false });
    outbox.start();
    await expect
      .poll(async () => (await database.db.selectFrom("mail_outbox").select("status").executeTakeFirstOrThrow()).status, { timeout: 5_000 })
      .toBe("sent");
    await outbox.stop();
    expect(sent).toHaveLength(1);
  });
});
