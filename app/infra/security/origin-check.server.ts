/**
 * Writes from a browser are accepted only from APP_URL's origin (contract).
 *
 * Browsers send `Origin` on every cross-origin request and on same-origin
 * POSTs; `Sec-Fetch-Site` tells the same for older paths. A request with
 * neither comes from a non-browser client (curl, a server), which cookies
 * cannot be ridden by, so it passes; the API still authenticates it.
 */
import { isLoopbackHost } from "~/config/env.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** APP_URL's origin, plus its loopback twins when APP_URL is loopback (localhost vs 127.0.0.1). */
export function allowedOrigins(appOrigin: string): Set<string> {
  const url = new URL(appOrigin);
  const origins = new Set([url.origin]);
  if (isLoopbackHost(url.hostname)) {
    for (const host of ["localhost", "127.0.0.1", "[::1]"]) origins.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ""}`);
  }
  return origins;
}

export function isWriteMethod(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

export function isWrite(request: Request): boolean {
  return isWriteMethod(request.method);
}

/**
 * Whether an Origin header is what a browser sends: absent, "null" or a URL. Anything else comes from no
 * browser, and the edge refuses such a write before React Router (whose own check would answer a bare 400
 * and log an error) sees it.
 */
export function isWellFormedOrigin(origin: string | undefined): boolean {
  if (origin === undefined || origin === "null") return true;
  try {
    new URL(origin);
    return true;
  } catch {
    return false;
  }
}

export function isForeignWrite(request: Request, allowed: Set<string>): boolean {
  if (!isWrite(request)) return false;
  const origin = request.headers.get("origin");
  if (origin && origin !== "null") return !allowed.has(origin);
  if (origin === "null") return true;
  const site = request.headers.get("sec-fetch-site");
  return site === "cross-site" || site === "same-site";
}
