/**
 * Pages whose data could not be loaded because a dependency failed are
 * rendered as the site's "we're having trouble" page with a 503 (root.tsx's
 * error boundary), never as "Something went wrong" with a 500: the edge's
 * mapping (server/dependency-guard.ts) covers every other answer, but it
 * cannot render a page in the site's design, so entry.server.tsx asks here
 * before it renders a document.
 */
import { currentScope, noteFailure } from "~/infra/dependency-scope";
import { findUnavailable, RETRY_AFTER_S, UNAVAILABLE_MESSAGE } from "~/infra/db/unavailable";
import type { Messages } from "~/shared/i18n/messages";

/** Statuses that describe the request itself, decided before any dependency was asked. */
const OWN_ANSWERS = new Set([413, 429, 503]);

/**
 * When the document about to be rendered failed because a dependency did,
 * the 503 answer to throw instead: React Router renders the nearest error
 * boundary with it (status 503, the same data on the server and in the
 * browser's hydration). `words`: the error page's, on a Hindi page (the root
 * loader's are not there).
 */
export function unavailableDocument(
  statusCode: number,
  errors: Record<string, unknown> | null | undefined,
  words: () => { i18n?: Partial<Messages> },
): Response | null {
  if (statusCode < 400 || OWN_ANSWERS.has(statusCode)) return null;
  // The request's scope (the production edge), or the errors themselves (the development server, which does not sanitize them).
  const dependency =
    currentScope()?.failures[0]?.dependency ??
    Object.values(errors ?? {})
      .map(findUnavailable)
      .find(Boolean)?.dependency;
  if (!dependency) return null;
  return Response.json({ ...words(), success: false, message: UNAVAILABLE_MESSAGE, dependency }, { status: 503, statusText: "Service Unavailable" });
}

/** Headers of every 503 document. */
export function markUnavailable(headers: Headers): void {
  headers.set("Retry-After", String(RETRY_AFTER_S));
  headers.set("Cache-Control", "no-store");
}

/**
 * Whether `error` is a dependency failure, which the edge logs (one line per
 * request, with the dependency). It is also noted for the request here: an
 * error that reached React Router from a read shared with another request
 * (the session lookup's single flight) was noted only in that one's scope.
 */
export function isDependencyFailure(error: unknown): boolean {
  const unavailable = findUnavailable(error);
  if (unavailable) noteFailure({ dependency: unavailable.dependency, reason: unavailable.reason });
  return Boolean(unavailable) || (error instanceof Response && error.status === 503);
}
