/**
 * Opens the database named by DATABASE_URL: SQLite (better-sqlite3) for a file,
 * PostgreSQL (pg) for a postgres:// URL. Everything above this module talks
 * Kysely and does not care which.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import type { DatabaseConfig } from "~/config/env.server";
import { loadPg } from "~/infra/optional-modules.server";
import type { Database } from "./schema";

export type Dialect = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The SQLite file, or the PostgreSQL URL. */
  location: string;
  /** Answers when the database does; used by /api/health. */
  ping(): Promise<void>;
  close(): Promise<void>;
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

export function openDatabase(config: DatabaseConfig): DatabaseHandle {
  if (config.kind === "sqlite") {
    mkdirSync(path.dirname(config.file), { recursive: true });
    const connection = withStatementCache(new SQLite(config.file));
    // WAL lets readers proceed during a write; the busy timeout rides out the
    // short write locks of a second process (npm run messages) on the same file.
    connection.pragma("journal_mode = WAL");
    connection.pragma("foreign_keys = ON");
    connection.pragma("busy_timeout = 5000");
    connection.pragma("synchronous = NORMAL");
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }) });
    return {
      db,
      dialect: "sqlite",
      location: config.file,
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      close: () => db.destroy(),
    };
  }

  const pg = loadPg();
  const pool = new pg.Pool({
    connectionString: config.url,
    max: 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client that loses its connection must not crash the process.
  pool.on("error", () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: "postgres",
    location: config.url,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}
