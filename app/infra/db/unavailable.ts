/**
 * One classification of "the database is not there right now", for both
 * dialects (docs/decisions/0021-dependency-failures.md).
 *
 * An error is *unavailability* when retrying the same request a little later
 * may well succeed and nothing about the request itself was wrong: the
 * connection was refused or lost, the pool had no connection to give, a
 * statement ran past its timeout, the disk is full, the database is read-only
 * or shutting down. Those become a 503 with Retry-After at the edge of the
 * request path (server/dependency-guard.ts), never a 500, 401 or 422.
 *
 * Everything else (a constraint violation, a syntax error, a bug) is not
 * classified and keeps its usual way: a 4xx the code chose, or a 500.
 */

/** Why a dependency could not serve, in words an operator's log search finds. */
export type UnavailableReason =
  "connection" | "timeout" | "pool exhausted" | "disk full" | "read-only" | "busy" | "i/o error" | "shutting down" | "request deadline";

export type Dependency = "database" | "redis" | "mail";

/** Seconds a client is asked to wait before trying again (Retry-After). */
export const RETRY_AFTER_S = 15;

/** The words people read on the 503 page and in the JSON body. */
export const UNAVAILABLE_MESSAGE = "We're having trouble right now. Your data is safe; please try again in a minute.";

/** A dependency did not answer: the request may succeed if tried again later. */
export class DependencyUnavailableError extends Error {
  readonly dependency: Dependency;
  readonly reason: UnavailableReason;

  constructor(dependency: Dependency, reason: UnavailableReason, options?: { cause?: unknown; detail?: string }) {
    super(`${dependency} unavailable (${reason})${options?.detail ? `: ${options.detail}` : ""}`, { cause: options?.cause });
    this.name = "DependencyUnavailableError";
    this.dependency = dependency;
    this.reason = reason;
  }
}

/** Socket errors: the peer is gone, refused, or unreachable. */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN", "ECONNABORTED"]);

/** PostgreSQL SQLSTATEs that are about the server's state, not the statement. */
function postgresReason(code: string): UnavailableReason | null {
  if (code.startsWith("08")) return "connection"; // connection exception
  if (code === "57P01" || code === "57P02" || code === "57P03") return "shutting down"; // admin/crash shutdown, cannot connect now
  if (code === "57014") return "timeout"; // query_canceled: statement_timeout
  if (code === "55P03") return "timeout"; // lock_not_available: lock_timeout
  if (code === "53100") return "disk full";
  if (code === "53300") return "pool exhausted"; // too_many_connections
  if (code.startsWith("53")) return "busy"; // insufficient resources (memory, …)
  if (code === "25006") return "read-only"; // read_only_sql_transaction (a standby, default_transaction_read_only)
  if (code === "58030") return "i/o error";
  return null;
}

/** better-sqlite3 puts SQLite's extended result code in `code`. */
function sqliteReason(code: string): UnavailableReason | null {
  if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) return "busy";
  if (code === "SQLITE_FULL") return "disk full";
  if (code.startsWith("SQLITE_READONLY")) return "read-only";
  if (code === "SQLITE_NOMEM" || code === "SQLITE_IOERR_NOMEM") return "busy";
  if (code.startsWith("SQLITE_CANTOPEN")) return "connection";
  if (code.startsWith("SQLITE_IOERR") || code === "SQLITE_PROTOCOL") return "i/o error";
  return null;
}

/** Messages of pg, pg-pool and better-sqlite3 that carry no code. */
const MESSAGE_REASONS: Array<[RegExp, UnavailableReason]> = [
  [/timeout exceeded when trying to connect/i, "pool exhausted"],
  [/connection terminated|connection ended|not queryable|server closed the connection/i, "connection"],
  [/query read timeout/i, "timeout"],
  [/cannot use a pool after calling end|the database connection is not open|pool is ending/i, "shutting down"],
];

/** The reason `error` (or an error it wraps) is an unavailability, else null. */
export function unavailableReason(error: unknown): UnavailableReason | null {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof DependencyUnavailableError) return e.reason;
    if (typeof e !== "object") return null;
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") {
      if (NETWORK_CODES.has(code)) return "connection";
      if (code.startsWith("SQLITE_")) {
        const reason = sqliteReason(code);
        if (reason) return reason;
      } else if (/^[0-9A-Z]{5}$/.test(code)) {
        const reason = postgresReason(code);
        if (reason) return reason;
      }
    }
    const message = (e as { message?: unknown }).message;
    if (typeof message === "string") for (const [pattern, reason] of MESSAGE_REASONS) if (pattern.test(message)) return reason;
  }
  return null;
}

/** `error` as a DependencyUnavailableError of the database, or null when it is something else. */
export function asDatabaseUnavailable(error: unknown): DependencyUnavailableError | null {
  if (error instanceof DependencyUnavailableError) return error;
  const reason = unavailableReason(error);
  return reason ? new DependencyUnavailableError("database", reason, { cause: error, detail: (error as Error)?.message }) : null;
}

/** The DependencyUnavailableError in `error`'s cause chain, if any. */
export function findUnavailable(error: unknown): DependencyUnavailableError | null {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof DependencyUnavailableError) return e;
  }
  return null;
}
