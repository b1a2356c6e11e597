/**
 * The production HTTP pipeline, in order:
 *   1. request log line on finish (pino, one JSON line per request; the query
 *      of /auth* and /api/auth* URLs, which carry one-time tokens, and of /help
 *      and /contact, which carry a visitor's question, is left out)
 *   2. security headers
 *   3. the guard (request-guard.ts): methods, Host and URL the app can be asked
 *      about; everything else is a 4xx here
 *   4. static files from memory (hashed assets; prerendered pages for visitors
 *      without a session), already compressed; the health and readiness probes
 *   5. the body, read whole up to the route's cap (413 past it)
 *   6. the React Router handler (SSR, loaders, actions, /api), its answer
 *      compressed when that pays off (compress.ts)
 *
 * Which encoding to answer in and whether a client's copy is still good are
 * decided in one place for all of these: negotiation.ts.
 *
 * Whatever one request throws becomes a logged 500 for that request alone: no
 * request path can reach `uncaughtException` (which stays fatal: crash-only).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import net from "node:net";
import type { Logger } from "pino";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { TrustProxy } from "../app/config/env.server";
import { findUnavailable } from "../app/infra/db/unavailable";
import { bodyLimitFor, tooLargeMessage } from "../app/infra/http/body-limits";
import { hasFlashCookie } from "../app/infra/http/flash.server";
import { hasSessionCookie } from "../app/infra/http/session-cookie";
import { requestIdOf } from "../app/infra/http/request-id.server";
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_ATTRIBUTES, LANGUAGE_PARAM } from "../app/shared/i18n/language-choice";
import { appPortOf } from "./app-port";
import { loggedUrl } from "./logged-url";
import { writeResponse } from "./compress";
import { unavailableResponse, withDependencyGuard } from "./dependency-guard";
import { edgeError } from "./edge-error";
import { chooseEncoding, type Encoding, homeRedirect, isNotModified } from "./negotiation";
import { guardRequest } from "./request-guard";
import { readBody } from "./read-body";
import { applySecurityHeaders } from "./security-headers";
import type { StaticFile, StaticFiles } from "./static-files";

export interface HttpOptions {
  build: ServerBuild;
  staticFiles: StaticFiles;
  log: Logger;
  /** APP_URL's origin: every request the app sees is addressed to it, whatever Host said. */
  origin: string;
  https: boolean;
  /**
   * Behind a load balancer (TRUST_PROXY): while shutting down, answer new
   * requests 503 at once, untouched, so that the balancer retries them on
   * another instance (and stops sending here) instead of this one taking work
   * it may not finish. Not POST or PATCH: nginx never retries those once sent
   * (no `non_idempotent`, ADR 0022), so this instance serves them, as a lone
   * server serves everything, with Connection: close.
   */
  refuseWhileDraining: boolean;
  /** A request React Router has not answered after this long gets a 503 (REQUEST_TIMEOUT_MS; dependency-guard.ts). */
  requestTimeoutMs?: number;
  /** Whose X-Request-Id is taken (TRUST_PROXY, as for X-Forwarded-For); anyone else's request gets a new id. */
  trustProxy: TrustProxy;
}

const BODYLESS = new Set(["GET", "HEAD", "OPTIONS"]);
/** What nginx does not pass to another instance once sent (its "non-idempotent" methods). */
const NOT_RETRIED = new Set(["POST", "PATCH", "LOCK"]);

function sendStatic(req: IncomingMessage, res: ServerResponse, file: StaticFile): void {
  for (const [name, value] of Object.entries(file.headers)) res.setHeader(name, value);
  res.setHeader("ETag", file.etag);
  if (isNotModified(req.headers, file.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const available: Encoding[] = [];
  if (file.brotli) available.push("br");
  if (file.gzip) available.push("gzip");
  const encoding = chooseEncoding(req.headers["accept-encoding"], available);
  const body = encoding === "br" ? file.brotli : encoding === "gzip" ? file.gzip : file.body;
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(body?.length ?? 0));
  res.statusCode = 200;
  res.end(req.method === "HEAD" ? undefined : body);
}

function findStatic(req: IncomingMessage, pathname: string, options: HttpOptions): StaticFile | "missing-asset" | undefined {
  if (req.method !== "GET" && req.method !== "HEAD") return undefined;
  const decoded = decodeURIComponent(pathname);
  const file = options.staticFiles.files.get(decoded);
  if (file) return file;
  // An unknown hashed asset is a 404 of its own, not a page.
  if (decoded.startsWith("/assets/")) return "missing-asset";
  const cookie = req.headers.cookie ?? "";
  // Signed in, or a message to show once (a flash): rendered for this visitor, not the file.
  if (hasSessionCookie(cookie) || hasFlashCookie(cookie)) return undefined;
  const page = decoded.length > 1 ? decoded.replace(/\/+$/, "") : decoded;
  return options.staticFiles.pages.get(page);
}

/** A short answer from the edge itself, in the path's shape (edge-error.ts): the API's JSON error, Formspree's on /f/, plain text elsewhere. */
function sendError(res: ServerResponse, pathname: string, status: number, message: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const { contentType, body } = edgeError(pathname, message);
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader("Content-Type", contentType);
  res.setHeader("Content-Length", String(Buffer.byteLength(body)));
  res.setHeader("Cache-Control", "no-store");
  res.end(body);
}

function sendJson(req: IncomingMessage, res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json");
  res.setHeader("Content-Length", String(Buffer.byteLength(body)));
  res.setHeader("Cache-Control", "no-store");
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * After refusing a body we did not read: read the rest and throw it away for
 * a moment (a "lingering close", as nginx does), so that a client still
 * uploading sees the answer instead of a connection reset, then close the
 * connection if the body is still coming. Nothing of it is kept in memory.
 * (Answering with `Connection: close` would make Node close at once, with
 * the client's unread bytes in the socket: a reset that can lose the 413.)
 *
 * A client that sent `Connection: close` itself gets the same: Node ends such
 * an answer with `socket.destroySoon()`, which closes the socket as soon as
 * the answer is written, while the upload still arrives; the kernel answers
 * those bytes with a reset, and the reset discards the 413 the client had not
 * read yet (the fuzzer lost 12 of 60 such answers). Here it only half-closes
 * (FIN after the answer) and the linger below ends it.
 */
const LINGER_MS = 1000;

function closeAfterRefusal(req: IncomingMessage, res: ServerResponse): void {
  const socket = req.socket as net.Socket & { destroySoon?: () => void };
  socket.destroySoon = () => {
    if (!socket.writableEnded) socket.end();
  };
  res.once("finish", () => {
    if (req.complete) return;
    req.resume();
    const timer = setTimeout(() => req.socket.destroy(), LINGER_MS);
    timer.unref();
    req.once("end", () => clearTimeout(timer));
    req.socket.once("close", () => clearTimeout(timer));
  });
}

/** Set while shutting down: responses then close their connection. */
const draining = new WeakSet<Server>();

/**
 * Stops a server gently, for SIGTERM:
 *   1. for `graceMs` it keeps accepting: connections already on their way
 *      (in the kernel's backlog, or sent but not yet read) are served, each
 *      response with `Connection: close`;
 *   2. then it stops listening and closes the keep-alive connections left idle;
 *   3. it resolves when the last connection has ended, or rejects after `timeoutMs`.
 * Closing the listener at once (Node's `server.close()`) would reset the
 * connections in the backlog and those whose request had not been read yet.
 */
export function gracefulClose(server: Server, { graceMs = 1000, timeoutMs = 10_000 } = {}): Promise<void> {
  draining.add(server);
  return new Promise((resolve, reject) => {
    const timeout = setTimeout(() => reject(new Error(`connections still open after ${timeoutMs} ms`)), timeoutMs);
    setTimeout(() => {
      // net.Server's close: stop listening, call back when the last connection ends.
      net.Server.prototype.close.call(server, () => {
        clearTimeout(timeout);
        clearInterval(sweep);
        resolve();
      });
      server.closeIdleConnections();
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
    }, graceMs);
  });
}

export function isDraining(server: Server): boolean {
  return draining.has(server);
}

/** The path of a request target as sent, undecoded ("/" when it has none): absolute-form loses its origin. */
function rawPathOf(target: string | undefined): string {
  const path = (target ?? "/").replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "");
  const end = path.search(/[?#]/);
  return end >= 0 ? path.slice(0, end) : path || "/";
}

/** The query part of a request target, with its "?" ("" when there is none). */
function searchOf(target: string): string {
  const q = target.indexOf("?");
  return q >= 0 ? target.slice(q) : "";
}

export function createHttpServer(options: HttpOptions): Server {
  const entry = appPortOf(options.build);
  const handleWithRouter = createRequestHandler(options.build, "production");
  const homeLanguageOptions = {
    cookie: LANGUAGE_COOKIE,
    attributes: `${LANGUAGE_COOKIE_ATTRIBUTES}${options.https ? "; Secure" : ""}`,
    param: LANGUAGE_PARAM,
  };

  async function toRouter(req: IncomingMessage, res: ServerResponse, target: string, pathname: string, id: string): Promise<void> {
    const method = req.method!;
    let body: Buffer | undefined;
    if (!BODYLESS.has(method)) {
      const read = await readBody(req, bodyLimitFor(pathname));
      if (read.kind === "aborted") {
        res.destroy();
        return;
      }
      if (read.kind === "too-large") {
        closeAfterRefusal(req, res);
        sendError(res, pathname, 413, tooLargeMessage(pathname));
        return;
      }
      body = read.body;
    }

    const headers = new Headers();
    try {
      for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
    } catch {
      sendError(res, pathname, 400, "A request header is not valid.");
      return;
    }
    // No abort signal: a request's work here is short (the body is already read), and every
    // signal handed to a Fetch Request is tracked until a FinalizationRegistry lets go of it,
    // which under load lags far behind the requests (tens of thousands of them, in a heap snapshot).
    const request = new Request(`${options.origin}${target}`, {
      method,
      headers,
      body: body as Uint8Array<ArrayBuffer> | undefined,
    });
    const loadContext = entry.createLoadContext({ socketAddress: req.socket.remoteAddress ?? "", requestId: id });
    const guarded = { id, method, pathname, accept: req.headers.accept, deadlineMs: options.requestTimeoutMs ?? 10_000, log: options.log };
    const response = await withDependencyGuard(guarded, () => handleWithRouter(request, loadContext));
    await writeResponse(req, res, response);
  }

  const server = createServer((req, res) => {
    const started = process.hrtime.bigint();
    const id = requestIdOf(req.socket.remoteAddress ?? "", req.headers["x-request-id"], options.trustProxy);
    res.setHeader("X-Request-Id", id);
    res.on("finish", () => {
      const url = req.url ?? "";
      options.log.info(
        {
          req: { id, method: req.method, url: loggedUrl(url), ip: req.socket.remoteAddress },
          res: { status: res.statusCode },
          ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
        },
        "request",
      );
    });

    let pathname = "/";
    const fail = (error: unknown) => {
      if (findUnavailable(error) && !res.headersSent) {
        // A probe or preflight whose database did not answer: a 503 the caller may retry, not a 500.
        options.log.warn({ err: error, req: { id, method: req.method, path: pathname } }, "dependency unavailable: answered 503");
        void writeResponse(req, res, unavailableResponse(pathname, req.headers.accept, undefined, id)).catch(() => res.destroy());
        return;
      }
      options.log.error({ err: error, req: { id, method: req.method, path: pathname } }, "request failed");
      sendError(res, pathname, 500, "Internal server error.");
    };

    try {
      applySecurityHeaders(res, { https: options.https });
      if (draining.has(server)) {
        res.setHeader("Connection", "close");
        if (options.refuseWhileDraining && !NOT_RETRIED.has(req.method ?? "")) {
          if (!BODYLESS.has(req.method ?? "")) closeAfterRefusal(req, res);
          sendError(res, rawPathOf(req.url), 503, "This instance is shutting down; try again.", { "Retry-After": "1" });
          return;
        }
      }

      const guard = guardRequest(req);
      if (!guard.ok) {
        if (!BODYLESS.has(req.method ?? "")) closeAfterRefusal(req, res);
        // The target as sent (it did not parse): enough to answer an API path in the API's JSON.
        sendError(res, rawPathOf(req.url), guard.status, guard.message, guard.headers);
        return;
      }
      pathname = guard.pathname;

      if (req.method === "OPTIONS") {
        const answer = entry.preflight(pathname, req.headers.origin);
        if (answer) {
          answer.then((found) => {
            res.writeHead(found.status, found.headers);
            res.end();
          }, fail);
          return;
        }
        res.statusCode = 204;
        res.setHeader("Allow", "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
        res.end();
        return;
      }

      const home =
        (req.method === "GET" || req.method === "HEAD") && pathname === "/"
          ? homeRedirect(req.headers, searchOf(guard.target), homeLanguageOptions)
          : undefined;
      if (home) {
        // A Hindi reader at the bare "/", or a press of the switch to a home (negotiation.ts homeRedirect).
        res.statusCode = 302;
        res.setHeader("Location", home.location);
        if (home.setCookie) {
          res.setHeader("Set-Cookie", home.setCookie);
          res.setHeader("Cache-Control", "no-store");
        } else {
          // This URL only; the answer depends on both headers.
          res.setHeader("Vary", "Cookie, Accept-Language");
          res.setHeader("Cache-Control", "no-cache");
        }
        res.setHeader("Content-Length", "0");
        res.end();
        return;
      }
      const found = findStatic(req, pathname, options);
      if (found === "missing-asset") {
        sendError(res, pathname, 404, "Not found");
        return;
      }
      if (found) {
        sendStatic(req, res, found);
        return;
      }
      const probe = req.method === "GET" || req.method === "HEAD" ? entry.probe(pathname) : undefined;
      if (probe) {
        probe.then((answer) => sendJson(req, res, answer.status, answer.body), fail);
        return;
      }
      toRouter(req, res, guard.target, pathname, id).catch(fail);
    } catch (error) {
      fail(error);
    }
  });
  // Node hands CONNECT to this event (and drops the socket when nobody listens): refuse it in words.
  server.on("connect", (_req: IncomingMessage, socket: net.Socket) => {
    socket.end("HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
  });
  // A client that trickles its headers or body does not hold a connection for long.
  server.headersTimeout = 20_000;
  server.requestTimeout = 30_000;
  return server;
}
