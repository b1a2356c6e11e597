/**
 * Opens the database named by DATABASE_URL: SQLite (better-sqlite3) for a file,
 * PostgreSQL (pg) for a postgres:// URL. Everything above this module talks
 * Kysely and does not care which.
 */
import { mkdirSync } from "node:fs";
import { statfs } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import type { DatabaseConfig } from "~/config/env.server";
import { loadPg } from "~/infra/optional-modules.server";
import { CLIENT_MARGIN_MS, withClientTimeout } from "./pg-client-timeout.server";
import { resilientDialect, SQLITE_BUSY_SLICE_MS } from "./resilient-driver.server";
import type { Database } from "./schema";
import { DependencyUnavailableError } from "./unavailable";

export type Dialect = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The SQLite file, or the PostgreSQL URL. */
  location: string;
  /** Answers when the database does; used by /api/health. */
  ping(): Promise<void>;
  /**
   * Resolves when the database takes a write (readiness): one tiny row per
   * instance in `readiness_probe`; SQLite also needs free space on its disk.
   * Rejects with the reason otherwise (disk full, read-only, …).
   */
  probeWrite(): Promise<void>;
  close(): Promise<void>;
}

/** How long the database may take (DATABASE_TIMEOUT_MS): a statement, and the wait for a connection. */
export interface DatabaseLimits {
  statementTimeoutMs: number;
  acquireTimeoutMs: number;
}

export const DEFAULT_LIMITS: DatabaseLimits = { statementTimeoutMs: 5_000, acquireTimeoutMs: 5_000 };

/** Below this much free space SQLite's disk counts as full: a write may need a few pages of WAL and the checkpoint's growth. */
export const SQLITE_MIN_FREE_BYTES = 1024 * 1024;

/** This process's row in `readiness_probe`. */
const PROBE_ID = `${hostname()}:${process.pid}`;

async function probeRow(db: Kysely<Database>): Promise<void> {
  const at = new Date().toISOString();
  await db
    .insertInto("readiness_probe")
    .values({ id: PROBE_ID, at })
    .onConflict((oc) => oc.column("id").doUpdateSet({ at }))
    .execute();
}

/** Prepared statements kept per SQL text; beyond this many, the least recently used go. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query anew; preparing costs more than
 * running the small queries this app makes (a CPU profile of signed-in
 * requests: `prepare` was the largest single frame). The same SQL text gets
 * the same statement back, unless that one is busy (an iterator still open).
 */
function withStatementCache(db: SQLite.Database): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = (source: string) => {
    const cached = cache.get(source);
    if (cached && !cached.busy) {
      // Most recently used last.
      cache.delete(source);
      cache.set(source, cached);
      return cached;
    }
    const statement = db.prepare(source);
    if (!cached) {
      cache.set(source, statement);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    return statement;
  };
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === "prepare") return prepare;
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

export function openDatabase(config: DatabaseConfig, limits: DatabaseLimits = DEFAULT_LIMITS): DatabaseHandle {
  if (config.kind === "sqlite") {
    mkdirSync(path.dirname(config.file), { recursive: true });
    const connection = withStatementCache(new SQLite(config.file));
    // WAL lets readers proceed during a write. SQLite's own busy wait blocks
    // the event loop, so it is short; a lock held longer (another process on
    // the file) is waited for asynchronously (resilient-driver.server.ts).
    connection.pragma("journal_mode = WAL");
    connection.pragma("foreign_keys = ON");
    connection.pragma(`busy_timeout = ${SQLITE_BUSY_SLICE_MS}`);
    connection.pragma("synchronous = NORMAL");
    const db = new Kysely<Database>({
      dialect: resilientDialect(new SqliteDialect({ database: connection }), { dialect: "sqlite", ...limits }),
    });
    const directory = path.dirname(config.file);
    return {
      db,
      dialect: "sqlite",
      location: config.file,
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      probeWrite: async () => {
        const space = await statfs(directory);
        if (space.bavail * space.bsize < SQLITE_MIN_FREE_BYTES) {
          throw new DependencyUnavailableError("database", "disk full", { detail: `${space.bavail * space.bsize} bytes free in ${directory}` });
        }
        await probeRow(db);
      },
      close: () => db.destroy(),
    };
  }

  const pg = loadPg();
  const pool = new pg.Pool({
    connectionString: config.url,
    max: 10,
    // Also the longest a query waits for a free connection when all are in use.
    connectionTimeoutMillis: limits.acquireTimeoutMs,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    // Enforced by the server on every statement of every connection.
    statement_timeout: limits.statementTimeoutMs,
    // A transaction left open by a process that stalled does not hold its locks for ever.
    idle_in_transaction_session_timeout: Math.max(30_000, limits.statementTimeoutMs * 6),
  });
  // An idle client that loses its connection must not crash the process.
  pool.on("error", () => {});
  const db = new Kysely<Database>({
    dialect: resilientDialect(new PostgresDialect({ pool: withClientTimeout(pool, limits.statementTimeoutMs + CLIENT_MARGIN_MS) }), {
      dialect: "postgres",
      ...limits,
    }),
  });
  return {
    db,
    dialect: "postgres",
    location: config.url,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    probeWrite: () => probeRow(db),
    close: () => db.destroy(),
  };
}
