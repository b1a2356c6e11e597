/**
 * Brings the database to the current schema: Better Auth's tables first (its
 * own `getMigrations`, which diffs and only adds), then ours (Kysely's
 * Migrator, which records what ran in `kysely_migration`).
 *
 * Several instances may start at once. On PostgreSQL the whole run holds a
 * session-level advisory lock; on SQLite it holds an exclusive transaction on
 * a small lock database beside the data file (processes sharing a file), and
 * an in-process queue (handles sharing a process). The others wait and then
 * find nothing to do.
 */
import SQLite from "better-sqlite3";
import type { BetterAuthOptions } from "better-auth";
import { getMigrations } from "better-auth/db/migration";
import { type Kysely, type MigrationResult, Migrator, sql } from "kysely";
import type { DatabaseHandle } from "./database.server";
import { ourMigrations } from "./migrations.server";

/** An arbitrary constant that names "schema migrations" among advisory locks. */
const MIGRATION_LOCK_KEY = 727_160_001;

export interface MigrationReport {
  auth: { created: string[]; altered: string[] };
  app: { name: string; status: MigrationResult["status"] }[];
}

const inProcess = new Map<string, Promise<unknown>>();

/** Runs `task` after every earlier task with the same key in this process. */
function queued<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = inProcess.get(key) ?? Promise.resolve();
  const next = previous.catch(() => {}).then(task);
  inProcess.set(key, next);
  return next;
}

async function withSqliteLock<T>(file: string, task: () => Promise<T>): Promise<T> {
  const lock = new SQLite(`${file}.migrate-lock`, { timeout: 60_000 });
  try {
    lock.exec("BEGIN EXCLUSIVE");
    try {
      return await task();
    } finally {
      lock.exec("COMMIT");
    }
  } finally {
    lock.close();
  }
}

export async function migrateToLatest(handle: DatabaseHandle, authOptions: BetterAuthOptions): Promise<MigrationReport> {
  if (handle.dialect === "sqlite") {
    const file = handle.location;
    return queued(file, () => withSqliteLock(file, () => runAll(handle.db, authOptions, handle, emptyReport())));
  }
  return handle.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(connection);
    try {
      // One report across the attempts: a retry after a catalog race finds what the failed attempt made.
      const report = emptyReport();
      return await withCatalogRetries(() => runAll(connection, authOptions, handle, report));
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(connection);
    }
  });
}

/**
 * Kysely's and Better Auth's introspection read the catalog of every schema in
 * the database; a schema another app (or another test run) drops during that
 * read fails it with "schema … does not exist" (3F000), though ours is there,
 * and, seen once in CI, with a column or table of ours that is there reported
 * missing (42703, 42P01: "column is_locked of relation kysely_migration_lock").
 * Reading again finds the catalog without the dropped schema. A migration
 * that is really wrong fails the same way ten times and its error is thrown.
 */
const CATALOG_RACES = new Set(["3F000", "42703", "42P01"]);

export async function withCatalogRetries<T>(task: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await task();
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (attempt >= 10 || typeof code !== "string" || !CATALOG_RACES.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * attempt));
    }
  }
}

/** The schema that unqualified names resolve to (the first of `search_path` that exists). */
export async function currentSchema(db: Kysely<any>): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error("PostgreSQL has no current schema: check that the search_path names a schema that exists");
  return schema;
}

function emptyReport(): MigrationReport {
  return { auth: { created: [], altered: [] }, app: [] };
}

/** Adds what this run does to `report` as it goes (noted before each step: a later attempt would not see it to do). */
async function runAll(db: Kysely<any>, authOptions: BetterAuthOptions, handle: DatabaseHandle, report: MigrationReport): Promise<MigrationReport> {
  const auth = await getMigrations({ ...authOptions, database: { db, type: handle.dialect } });
  const add = (list: string[], tables: { table: string }[]) => list.push(...tables.map((t) => t.table).filter((t) => !list.includes(t)));
  add(report.auth.created, auth.toBeCreated);
  add(report.auth.altered, auth.toBeAdded);
  await auth.runMigrations();

  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ourMigrations(handle.dialect) },
    // Kysely looks for its bookkeeping tables in every schema of a PostgreSQL
    // database; a `kysely_migration` in some other schema (another app's, a
    // half-finished test run's) would make it skip creating ours and then fail.
    // Naming our own schema keeps it to the one we use.
    migrationTableSchema: handle.dialect === "postgres" ? await currentSchema(db) : undefined,
  });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) {
    const earlier = report.app.findIndex((m) => m.name === r.migrationName);
    const entry = { name: r.migrationName, status: r.status };
    if (earlier >= 0) report.app[earlier] = entry;
    else report.app.push(entry);
  }
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return report;
}
