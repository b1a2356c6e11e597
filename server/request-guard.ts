/**
 * The first thing the HTTP edge does with a request: decide whether it is
 * something the app can be asked about at all. Anything else is answered here,
 * with a 4xx, before React Router (or the conversion to a Fetch `Request`,
 * which throws on these) ever sees it.
 *
 *   - methods: the ones a browser or an API client sends; TRACE/TRACK/CONNECT
 *     get 405, an unknown method 501
 *   - Host: exactly one, and a syntactically valid host[:port]
 *   - the target: origin-form ("/path?query") or absolute-form; it must parse
 *     as a URL, its path must percent-decode, and it may hold no NUL (which
 *     PostgreSQL refuses in text, and no legitimate URL carries)
 *   - a write's Origin: absent, "null" or a URL (what every browser sends);
 *     anything else is another origin's write, refused with the same words
 *     as the request context's check (React Router would answer it with a
 *     bare 400 and an error in the log, which anyone could fill)
 */
import type { IncomingMessage } from "node:http";
import { isWellFormedOrigin, isWriteMethod } from "../app/infra/security/origin-check.server";

export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const REFUSED_METHODS = new Set(["TRACE", "TRACK", "CONNECT"]);
const ALLOWED = new Set<string>(ALLOWED_METHODS);

/** host, IPv4 or bracketed IPv6, with an optional port. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

export const MAX_URL_LENGTH = 8 * 1024;

export type GuardResult =
  | { ok: true; /** path and query, to be resolved against APP_URL's origin */ target: string; pathname: string }
  | { ok: false; status: number; message: string; headers?: Record<string, string> };

function refuse(status: number, message: string, headers?: Record<string, string>): GuardResult {
  return { ok: false, status, message, headers };
}

function hostHeaders(req: IncomingMessage): string[] {
  const values: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i]!.toLowerCase() === "host") values.push(req.rawHeaders[i + 1]!);
  }
  return values;
}

export function guardRequest(req: IncomingMessage): GuardResult {
  const method = req.method ?? "";
  if (!ALLOWED.has(method)) {
    return REFUSED_METHODS.has(method)
      ? refuse(405, `Method ${method} is not allowed.`, { Allow: ALLOWED_METHODS.join(", ") })
      : refuse(501, "Method not implemented.", { Allow: ALLOWED_METHODS.join(", ") });
  }

  const hosts = hostHeaders(req);
  if (hosts.length > 1) return refuse(400, "Exactly one Host header is allowed.");
  if (hosts.length === 0 && req.httpVersion !== "1.0") return refuse(400, "The Host header is missing.");
  if (hosts.length === 1 && !HOST.test(hosts[0]!.trim())) return refuse(400, "The Host header is not a valid host name.");

  const raw = req.url ?? "";
  if (raw.length > MAX_URL_LENGTH) return refuse(414, "The URL is too long.");
  let target: string;
  if (raw.startsWith("/")) target = raw;
  else if (/^https?:\/\//i.test(raw)) {
    // Absolute-form (what a proxy may send): keep only the path and query.
    try {
      const url = new URL(raw);
      target = `${url.pathname}${url.search}`;
    } catch {
      return refuse(400, "The request target is not a valid URL.");
    }
  } else return refuse(400, "The request target is not a valid URL.");

  if (target.includes("\0") || /%00/i.test(target)) return refuse(400, "The URL may not contain a NUL character.");

  let url: URL;
  try {
    // Concatenated, not resolved: "//x" is a path here, not another host.
    url = new URL(`http://edge.invalid${target}`);
  } catch {
    return refuse(400, "The request target is not a valid URL.");
  }
  try {
    decodeURIComponent(url.pathname);
  } catch {
    return refuse(400, "The URL's path is not valid percent-encoding.");
  }
  if (isWriteMethod(method) && !isWellFormedOrigin(req.headers.origin)) return refuse(403, "Cross-origin request refused.");
  return { ok: true, target: `${url.pathname}${url.search}`, pathname: url.pathname };
}
