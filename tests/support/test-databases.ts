/**
 * The databases the integration tests run against: always a fresh SQLite
 * file, and PostgreSQL too when TEST_DATABASE_URL is set. Each PostgreSQL run
 * gets its own schema (named per test file and process) so that files can run
 * in parallel and a failed run leaves nothing behind for the next one.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { DatabaseConfig } from "~/config/env.server";
import { TEST_DEFAULTS } from "./test-defaults";

export interface TestDatabase {
  name: "sqlite" | "postgres";
  /** Creates an empty database and returns its config plus a cleanup. */
  create(): Promise<{ config: DatabaseConfig; url: string; drop(): Promise<void> }>;
}

export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [
    {
      name: "sqlite",
      async create() {
        const dir = mkdtempSync(path.join(tmpdir(), "tuesday-test-"));
        const file = path.join(dir, "app.db");
        return {
          config: { kind: "sqlite", file },
          url: file,
          drop: async () => rmSync(dir, { recursive: true, force: true }),
        };
      },
    },
  ];
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    list.push({
      name: "postgres",
      async create() {
        const { url, drop } = await createPgSchema(base, `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`);
        return { config: { kind: "postgres", url }, url, drop };
      },
    });
  }
  return list;
}

/** Creates `schema` in the database at `base`: a URL whose connections use it, and how to drop it. */
export async function createPgSchema(base: string, schema: string): Promise<{ url: string; drop(): Promise<void> }> {
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create schema "${schema}"`);
  return { url: withSearchPath(base, schema), drop: () => run(`drop schema if exists "${schema}" cascade`) };
}

/** A PostgreSQL URL whose connections use `schema` (libpq's `options` parameter). */
export function withSearchPath(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set("options", `-c search_path=${schema}`);
  return u.toString();
}

/**
 * A fresh database of `target`, opened and migrated (ours and Better Auth's
 * tables), closed and dropped by `cleanups` (run them after each test).
 */
export async function openMigratedDatabase(target: TestDatabase, cleanups: Array<() => Promise<void>>, authSecret: string) {
  const { loadEnv } = await import("~/config/env.server");
  const { authOptions } = await import("~/features/auth/auth.server");
  const { openDatabase } = await import("~/infra/db/database.server");
  const { migrateToLatest } = await import("~/infra/db/migrate.server");
  const created = await target.create();
  cleanups.push(created.drop);
  const env = loadEnv({ AUTH_SECRET: authSecret, DATABASE_URL: created.url, ...TEST_DEFAULTS });
  const database = openDatabase(created.config);
  cleanups.push(() => database.close());
  await migrateToLatest(database, authOptions({ env, database }));
  return { env, database };
}
