/**
 * A session lookup that failed means "we could not tell who this is", never
 * "signed out": telling a signed-in visitor they are signed out (a 401, a
 * redirect to /auth) because the session store did not answer is the lie
 * issue 23 found. The failure is noted for the request (the edge answers 503)
 * and thrown on.
 *
 * Better Auth wraps a failed database read in its own 500 APIError, so what
 * it threw says nothing about the database: the classification of the cause
 * chain, and Better Auth's 5xx, both count as the store not answering. An
 * invalid, expired or unknown cookie is not an error: Better Auth answers
 * null for it, and that stays "signed out".
 */
import { noteFailure } from "~/infra/dependency-scope";
import { DependencyUnavailableError, findUnavailable, unavailableReason } from "~/infra/db/unavailable";

function isServerError(error: unknown): boolean {
  const status = (error as { statusCode?: unknown; status?: unknown } | null)?.statusCode ?? (error as { status?: unknown } | null)?.status;
  return typeof status === "number" ? status >= 500 : status === "INTERNAL_SERVER_ERROR";
}

export function lookupFailed(error: unknown): never {
  const unavailable =
    findUnavailable(error) ??
    (unavailableReason(error) || isServerError(error)
      ? new DependencyUnavailableError("database", unavailableReason(error) ?? "connection", { cause: error, detail: "the session lookup failed" })
      : null);
  if (!unavailable) throw error;
  // Also when the read was shared with another request (single flight): this request's scope learns it too.
  noteFailure({ dependency: unavailable.dependency, reason: unavailable.reason });
  throw unavailable;
}
