/**
 * What one request learned about its dependencies while it ran, carried
 * through every await with AsyncLocalStorage so that no signature changes.
 *
 *   - the database layer (db/resilient-driver.server.ts) notes each
 *     unavailability it meets, whoever swallowed the error afterwards (Better
 *     Auth turns a failed insert into "422 FAILED_TO_CREATE_USER", a lookup
 *     into a 500): the edge (server/dependency-guard.ts) then answers 503;
 *   - the edge marks the request expired when its deadline passes and it
 *     has answered 503: every statement the abandoned work tries after that
 *     fails at once instead of storing what the client was told failed.
 *
 * Outside a request (start-up, the mail worker, tests) there is no scope and
 * nothing is noted.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Dependency, UnavailableReason } from "./db/unavailable";

export interface DependencyFailure {
  dependency: Dependency;
  reason: UnavailableReason;
}

export interface RequestScope {
  /** The request's id (X-Request-Id, infra/http/request-id.server.ts): on every log line written meanwhile. */
  requestId?: string;
  failures: DependencyFailure[];
  /** Set once the edge has answered for this request (deadline): its work is abandoned. */
  expired: boolean;
}

const storage = new AsyncLocalStorage<RequestScope>();

export function newScope(requestId?: string): RequestScope {
  return { requestId, failures: [], expired: false };
}

/** Runs `fn` with `scope` as the current request's scope. */
export function runInScope<T>(scope: RequestScope, fn: () => T): T {
  return storage.run(scope, fn);
}

/**
 * Runs `fn` outside any request's scope: background work (the mail worker's
 * timers) started while a request runs must not note its failures into that
 * request, nor stop when that request expires.
 */
export function detached<T>(fn: () => T): T {
  return storage.exit(fn);
}

export function currentScope(): RequestScope | undefined {
  return storage.getStore();
}

/** Notes that a dependency failed for the current request (at most a few are kept). */
export function noteFailure(failure: DependencyFailure): void {
  const scope = storage.getStore();
  if (scope && scope.failures.length < 8) scope.failures.push(failure);
}

/** The current request's first noted failure of `dependency` (any, when not given). */
export function failureOf(dependency?: Dependency): DependencyFailure | undefined {
  return storage.getStore()?.failures.find((f) => !dependency || f.dependency === dependency);
}
