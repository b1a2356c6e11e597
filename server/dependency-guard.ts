/**
 * The edge of the request path for dependency failures
 * (docs/decisions/0021-dependency-failures.md): every request React Router
 * handles runs inside a scope (app/infra/dependency-scope.ts) and under a
 * deadline, and its answer passes through one mapping:
 *
 *   - the deadline (REQUEST_TIMEOUT_MS, well under the balancer's proxy
 *     timeout) passes: 503 at once; the abandoned work can run no further
 *     statement (app/infra/db/resilient-driver.server.ts);
 *   - the database failed during the request and the answer is an error the
 *     failure caused (a 500, a 401 "signed out", Better Auth's 422
 *     FAILED_TO_CREATE_USER, …): 503 instead;
 *   - every 503 carries Retry-After.
 *
 * The 503 speaks the caller's language: Formspree's shape on /f/:form, the
 * contract's `{"success":false,"message"}` for the API and data requests
 * (React Router's client turns a plain 503 into its error boundary), and a
 * page for everything else. Documents normally never reach the page here:
 * entry.server.tsx renders the site's own 503 page first
 * (app/infra/http/dependency-failure.server.ts).
 */
import type { Logger } from "pino";
import { site } from "../app/config/site";
import { newScope, runInScope } from "../app/infra/dependency-scope";
import { findUnavailable, RETRY_AFTER_S, UNAVAILABLE_MESSAGE } from "../app/infra/db/unavailable";

/** Statuses that describe the request itself: a dependency failure did not cause them. */
const OWN_ANSWERS = new Set([413, 429, 503]);
/** Headers of the original answer a 503 keeps (a partner site must be able to read it). */
const KEPT_HEADERS = ["access-control-allow-origin", "vary"];

export interface GuardedRequest {
  id: string;
  method: string;
  pathname: string;
  accept: string | undefined;
  deadlineMs: number;
  log: Logger;
}

function wantsJson(pathname: string, accept: string | undefined): boolean {
  if (pathname.startsWith("/api/") || pathname.endsWith(".data")) return true;
  const a = accept ?? "";
  return a.includes("application/json") && !a.includes("text/html");
}

const page = (
  requestId: string | undefined,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>We're having trouble | ${site.productName}</title>
<style>body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f8f7fc;color:#1e1b2e;font:16px/1.6 Inter,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:34rem;padding:2rem 1.5rem;text-align:center}h1{font-size:1.9rem;line-height:1.2;margin:0 0 1rem}p{color:#4a4560;margin:0 0 1.5rem}
a{display:inline-block;background:#6d28d9;color:#fff;font-weight:600;text-decoration:none;padding:.7rem 1.3rem;border-radius:.75rem}a:focus-visible{outline:3px solid #4c1d95;outline-offset:3px}</style></head>
<body><main><h1>We're having trouble right now.</h1><p>Your data is safe; please try again in a minute.</p><a href="">Try again</a>${requestId ? `<p style="margin:1.5rem 0 0;font:12px ui-monospace,monospace;color:#6b6680">Reference: ${escapeHtml(requestId)}</p>` : ""}</main></body></html>`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The 503 for `pathname`, in the shape its callers read; a page shows the request's id (X-Request-Id). */
export function unavailableResponse(pathname: string, accept: string | undefined, original?: Response, requestId?: string): Response {
  const headers = new Headers({ "Retry-After": String(RETRY_AFTER_S), "Cache-Control": "no-store" });
  for (const name of KEPT_HEADERS) {
    const value = original?.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (pathname.startsWith("/f/")) return Response.json({ errors: [{ message: UNAVAILABLE_MESSAGE }] }, { status: 503, headers });
  if (wantsJson(pathname, accept)) return Response.json({ success: false, message: UNAVAILABLE_MESSAGE }, { status: 503, headers });
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
  return new Response(page(requestId), { status: 503, headers });
}

function discard(response: Response): void {
  response.body?.cancel().catch(() => {});
}

function withRetryAfter(response: Response): Response {
  if (response.status !== 503 || response.headers.has("retry-after")) return response;
  try {
    response.headers.set("Retry-After", String(RETRY_AFTER_S));
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set("Retry-After", String(RETRY_AFTER_S));
    return copy;
  }
}

/** Runs `handle` in a scope and under the deadline, and maps its answer as described above. */
export async function withDependencyGuard(request: GuardedRequest, handle: () => Promise<Response>): Promise<Response> {
  const scope = newScope(request.id);
  const work = runInScope(scope, handle);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<"deadline">((resolve) => {
    timer = setTimeout(() => resolve("deadline"), request.deadlineMs);
  });
  let outcome: Response | "deadline";
  try {
    outcome = await Promise.race([work, deadline]);
  } catch (error) {
    const unavailable = findUnavailable(error);
    if (!unavailable) throw error;
    request.log.warn(
      { req: { id: request.id, method: request.method, path: request.pathname }, dependency: unavailable.dependency, reason: unavailable.reason },
      "dependency unavailable: answered 503",
    );
    return unavailableResponse(request.pathname, request.accept, undefined, request.id);
  } finally {
    clearTimeout(timer);
  }

  const failure = scope.failures[0];
  if (outcome === "deadline") {
    scope.expired = true;
    // Whatever the abandoned work answers later is thrown away.
    work.then(discard, () => {});
    request.log.warn(
      {
        req: { id: request.id, method: request.method, path: request.pathname },
        dependency: failure?.dependency ?? "unknown",
        reason: failure?.reason ?? "request deadline",
        deadlineMs: request.deadlineMs,
      },
      "request deadline passed: answered 503",
    );
    return unavailableResponse(request.pathname, request.accept, undefined, request.id);
  }
  if (failure && outcome.status >= 400 && !OWN_ANSWERS.has(outcome.status)) {
    discard(outcome);
    request.log.warn(
      { req: { id: request.id, method: request.method, path: request.pathname }, dependency: failure.dependency, reason: failure.reason, was: outcome.status },
      "dependency unavailable: answered 503",
    );
    return unavailableResponse(request.pathname, request.accept, outcome, request.id);
  }
  if (failure && outcome.status === 503) {
    request.log.warn(
      { req: { id: request.id, method: request.method, path: request.pathname }, dependency: failure.dependency, reason: failure.reason },
      "dependency unavailable: answered 503",
    );
  }
  return withRetryAfter(outcome);
}
