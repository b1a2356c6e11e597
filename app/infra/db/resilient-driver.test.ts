import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { currentScope, newScope, runInScope } from "~/infra/dependency-scope";
import { openDatabase } from "./database.server";
import { DependencyUnavailableError } from "./unavailable";

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function sqlite(limits = { statementTimeoutMs: 1_500, acquireTimeoutMs: 1_500 }) {
  const dir = mkdtempSync(path.join(tmpdir(), "tuesday-resilient-"));
  const file = path.join(dir, "app.db");
  const handle = openDatabase({ kind: "sqlite", file }, limits);
  cleanups.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => handle.close(),
  );
  return { handle, file };
}

/** How long the event loop went without running a 10 ms timer while `work` ran. */
async function longestStall(work: Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 10);
  await work.catch(() => {});
  clearInterval(timer);
  return longest;
}

describe("the database never waits for ever", () => {
  it("SQLite: a file another process holds locked is waited for without blocking the event loop, then a 503-kind error", async () => {
    const { handle, file } = sqlite();
    await sql`create table t (n integer)`.execute(handle.db);
    const other = new SQLite(file);
    cleanups.push(() => void other.close());
    other.exec("BEGIN EXCLUSIVE");

    const started = Date.now();
    const write = sql`insert into t values (1)`.execute(handle.db);
    const failure = write.catch((e: unknown) => e);
    const stall = await longestStall(write);
    expect(await failure).toBeInstanceOf(DependencyUnavailableError);
    expect(((await failure) as DependencyUnavailableError).reason).toBe("busy");
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(Date.now() - started).toBeLessThan(3_000);
    // The event loop kept running (a long busy_timeout would have frozen it for the whole wait).
    expect(stall).toBeLessThan(200);

    // The lock goes away: the same write succeeds.
    other.exec("COMMIT");
    await sql`insert into t values (2)`.execute(handle.db);
  });

  it("SQLite: a statement that meets a lock for a moment succeeds once it is released", async () => {
    const { handle, file } = sqlite();
    await sql`create table t (n integer)`.execute(handle.db);
    const other = new SQLite(file);
    cleanups.push(() => void other.close());
    other.exec("BEGIN EXCLUSIVE");
    setTimeout(() => other.exec("COMMIT"), 300);
    await handle.db.transaction().execute(async (trx) => {
      await sql`insert into t values (1)`.execute(trx);
    });
    expect((await sql<{ n: number }>`select count(*) as n from t`.execute(handle.db)).rows[0]?.n).toBe(1);
  });

  it("a request the edge already answered (deadline) runs no further statement", async () => {
    const { handle } = sqlite();
    await sql`create table t (n integer)`.execute(handle.db);
    const scope = newScope();
    await runInScope(scope, async () => {
      await sql`insert into t values (1)`.execute(handle.db);
      scope.expired = true;
      await expect(sql`insert into t values (2)`.execute(handle.db)).rejects.toMatchObject({ reason: "request deadline" });
      expect(currentScope()).toBe(scope);
    });
    expect((await sql<{ n: number }>`select count(*) as n from t`.execute(handle.db)).rows[0]?.n).toBe(1);
  });

  it("SQLite: a transaction that stalls holds the one connection; others give up after the acquisition timeout, noted for their request", async () => {
    const { handle } = sqlite({ statementTimeoutMs: 1_000, acquireTimeoutMs: 300 });
    await sql`create table t (n integer)`.execute(handle.db);
    let release!: () => void;
    const held = handle.db.transaction().execute(async (trx) => {
      await sql`insert into t values (1)`.execute(trx);
      await new Promise<void>((resolve) => (release = resolve));
    });
    await new Promise((r) => setTimeout(r, 50));
    const scope = newScope();
    await runInScope(scope, async () => {
      await expect(sql`select 1`.execute(handle.db)).rejects.toMatchObject({ reason: "pool exhausted" });
    });
    expect(scope.failures).toEqual([{ dependency: "database", reason: "pool exhausted" }]);
    release();
    await held;
    expect((await sql<{ n: number }>`select count(*) as n from t`.execute(handle.db)).rows[0]?.n).toBe(1);
  });

  it("the write probe fails when the database cannot write", async () => {
    const { handle, file } = sqlite();
    const { migrateToLatest } = await import("./migrate.server");
    const { authOptions } = await import("~/features/auth/auth.server");
    const { loadEnv } = await import("~/config/env.server");
    const env = loadEnv({ AUTH_SECRET: "resilient-test-secret-resilient-test-secret", DATABASE_URL: file });
    await migrateToLatest(handle, authOptions({ env, database: handle }));
    await handle.probeWrite();
    const other = new SQLite(file);
    cleanups.push(() => void other.close());
    other.exec("BEGIN EXCLUSIVE");
    await expect(handle.probeWrite()).rejects.toBeInstanceOf(DependencyUnavailableError);
    other.exec("COMMIT");
    await handle.probeWrite();
  });
});
