/**
 * Nothing waits on the database for ever (docs/decisions/0021-dependency-failures.md).
 * A Kysely dialect wrapper that every query of the app, Better Auth's
 * included, goes through:
 *
 *   - errors that mean "the database is not there right now" (unavailable.ts)
 *     are rethrown as DependencyUnavailableError and noted in the request's
 *     scope (dependency-scope.ts), so the edge answers 503 even when a caller
 *     swallowed the error;
 *   - a request the edge has already answered (its deadline passed) runs no
 *     further statement: the client was told "try again", so nothing more of
 *     that request is stored;
 *   - waiting for a connection is bounded (`acquireTimeoutMs`; PostgreSQL's pool
 *     has its own, SQLite's single connection is a queue we bound here);
 *   - SQLite: a locked file (another process writing, `npm run messages`, a
 *     stuck backup) answers SQLITE_BUSY after a short busy_timeout, and the
 *     statement is retried *asynchronously* with back-off until
 *     `statementTimeoutMs`. better-sqlite3 is synchronous: a long busy_timeout
 *     would block the whole event loop (every request, static pages too) for
 *     its length, so SQLite itself only ever waits a few milliseconds at a time.
 *     Transactions start with BEGIN IMMEDIATE (retried the same way), which
 *     takes the write lock up front, so no statement inside one meets a lock.
 *     What no in-process timer can bound is a synchronous system call that
 *     never returns (a hung network file system): the event loop stops, the
 *     liveness probe stops answering, and the orchestrator restarts the process.
 *
 * PostgreSQL's statement timeout is the server's own (`statement_timeout`,
 * set on every connection in database.server.ts); a client-side timer
 * (pg-client-timeout.server.ts) covers the case where the server cannot even
 * be reached to enforce it (a network stall).
 */
import { CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type QueryResult, type TransactionSettings } from "kysely";
import { currentScope, noteFailure } from "~/infra/dependency-scope";
import { asDatabaseUnavailable, DependencyUnavailableError } from "./unavailable";

export interface ResilienceOptions {
  dialect: "sqlite" | "postgres";
  /** The longest one statement may take (SQLite: waiting for the file's lock included). */
  statementTimeoutMs: number;
  /** The longest a query waits for a connection. */
  acquireTimeoutMs: number;
}

/** SQLite's own busy wait per try: short, because it blocks the event loop. */
export const SQLITE_BUSY_SLICE_MS = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === "string" && (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED"));
}

/** Throws when the current request was already answered by the edge's deadline. */
function refuseIfExpired(): void {
  if (currentScope()?.expired) throw new DependencyUnavailableError("database", "request deadline", { detail: "the request was already answered" });
}

/** Runs `work`; an unavailability becomes a DependencyUnavailableError noted for the request. */
async function classified<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const unavailable = asDatabaseUnavailable(error);
    if (!unavailable) throw error;
    noteFailure({ dependency: "database", reason: unavailable.reason });
    throw unavailable;
  }
}

/** SQLite: retries a statement that met a lock, without blocking, until `timeoutMs`. */
async function retryWhileBusy<T>(work: () => Promise<T>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let wait = 5; ; wait = Math.min(wait * 2, 200)) {
    try {
      return await work();
    } catch (error) {
      if (!isBusy(error) || Date.now() + wait >= deadline) throw error;
      await sleep(wait);
      refuseIfExpired();
    }
  }
}

class ResilientConnection implements DatabaseConnection {
  inTransaction = false;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly options: ResilienceOptions,
  ) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return classified(async () => {
      refuseIfExpired();
      const run = () => this.inner.executeQuery<R>(query);
      // Inside a transaction the write lock is already held (BEGIN IMMEDIATE).
      return this.options.dialect === "sqlite" && !this.inTransaction ? retryWhileBusy(run, this.options.statementTimeoutMs) : run();
    });
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    refuseIfExpired();
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class ResilientDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly options: ResilienceOptions,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    refuseIfExpired();
    const acquiring = classified(() => this.inner.acquireConnection());
    if (this.options.dialect !== "sqlite") return new ResilientConnection(await acquiring, this.options);
    // SQLite has one connection behind a queue: a transaction that stalls holds it; nobody waits for ever.
    let timer: ReturnType<typeof setTimeout> | undefined;
    let timedOut = false;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        timedOut = true;
        reject(new DependencyUnavailableError("database", "pool exhausted", { detail: `no connection within ${this.options.acquireTimeoutMs} ms` }));
      }, this.options.acquireTimeoutMs);
    });
    // When the wait was given up, the connection it eventually gets goes straight back.
    acquiring.then((connection) => (timedOut ? this.inner.releaseConnection(connection) : undefined)).catch(() => {});
    try {
      return new ResilientConnection(await Promise.race([acquiring, timeout]), this.options);
    } catch (error) {
      if (error instanceof DependencyUnavailableError) noteFailure({ dependency: "database", reason: error.reason });
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = connection as ResilientConnection;
    if (this.options.dialect === "sqlite") {
      // The write lock up front: nothing inside the transaction then waits for it.
      await classified(() => retryWhileBusy(() => c.inner.executeQuery(CompiledQuery.raw("begin immediate")), this.options.statementTimeoutMs));
    } else {
      await classified(() => this.inner.beginTransaction(c.inner, settings));
    }
    c.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as ResilientConnection;
    try {
      await classified(() => this.inner.commitTransaction(c.inner));
    } finally {
      c.inTransaction = false;
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as ResilientConnection;
    try {
      await classified(() => this.inner.rollbackTransaction(c.inner));
    } finally {
      c.inTransaction = false;
    }
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver["savepoint"]>>[2]): Promise<void> {
    await classified(() => this.inner.savepoint!((connection as ResilientConnection).inner, name, compile));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver["rollbackToSavepoint"]>>[2]): Promise<void> {
    await classified(() => this.inner.rollbackToSavepoint!((connection as ResilientConnection).inner, name, compile));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver["releaseSavepoint"]>>[2]): Promise<void> {
    await classified(() => this.inner.releaseSavepoint!((connection as ResilientConnection).inner, name, compile));
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection((connection as ResilientConnection).inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** `inner` with the behaviour described at the top of this file. */
export function resilientDialect(inner: Dialect, options: ResilienceOptions): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createDriver: () => new ResilientDriver(inner.createDriver(), options),
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
  };
}
