/**
 * The production HTTP pipeline, in order:
 *   1. request log line on finish (pino, one JSON line per request)
 *   2. security headers
 *   3. static files from memory (hashed assets; prerendered pages for visitors
 *      without a session), already compressed
 *   4. compression, then the React Router handler (SSR, loaders, actions, /api)
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import net from "node:net";
import { createRequestListener } from "@react-router/node";
import compression from "compression";
import type { Logger } from "pino";
import type { RouterContextProvider, ServerBuild } from "react-router";
import { applySecurityHeaders } from "./security-headers.ts";
import { chooseEncoding, type StaticFile, type StaticFiles } from "./static-files.ts";

export interface AppEntry {
  createLoadContext(info: { socketAddress: string }): RouterContextProvider;
}

export interface HttpOptions {
  build: ServerBuild;
  staticFiles: StaticFiles;
  log: Logger;
  https: boolean;
  /** The session cookie's name fragment; its presence means "render for this visitor". */
  sessionCookie: string;
}

function sendStatic(req: IncomingMessage, res: ServerResponse, file: StaticFile): void {
  for (const [name, value] of Object.entries(file.headers)) res.setHeader(name, value);
  res.setHeader("ETag", file.etag);
  if (req.headers["if-none-match"] === file.etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const encoding = chooseEncoding(req.headers["accept-encoding"], file);
  const body = encoding === "br" ? file.brotli : encoding === "gzip" ? file.gzip : file.body;
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(body?.length ?? 0));
  res.statusCode = 200;
  res.end(req.method === "HEAD" ? undefined : body);
}

function findStatic(req: IncomingMessage, options: HttpOptions): StaticFile | "missing-asset" | undefined {
  if (req.method !== "GET" && req.method !== "HEAD") return undefined;
  const pathname = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
  const file = options.staticFiles.files.get(pathname);
  if (file) return file;
  // An unknown hashed asset is a 404 of its own, not a page.
  if (pathname.startsWith("/assets/")) return "missing-asset";
  const cookie = req.headers.cookie ?? "";
  if (cookie.includes(options.sessionCookie)) return undefined;
  const page = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return options.staticFiles.pages.get(page);
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

export function createHttpServer(options: HttpOptions): Server {
  const entry = options.build.entry.module as unknown as AppEntry;
  const handleWithRouter = createRequestListener({
    build: options.build,
    mode: "production",
    getLoadContext: (_request, client) => entry.createLoadContext({ socketAddress: client.address }),
  });
  const compress = compression({ threshold: 1024 });

  const server = createServer((req, res) => {
    const started = process.hrtime.bigint();
    const id = randomUUID();
    res.on("finish", () => {
      options.log.info(
        {
          req: { id, method: req.method, url: req.url, ip: req.socket.remoteAddress },
          res: { status: res.statusCode },
          ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
        },
        "request",
      );
    });

    applySecurityHeaders(res, { https: options.https });
    if (draining.has(server)) res.setHeader("Connection", "close");

    let found: ReturnType<typeof findStatic>;
    try {
      found = findStatic(req, options);
    } catch {
      // A malformed URL (bad percent-encoding) cannot name a file.
      found = undefined;
    }
    if (found === "missing-asset") {
      res.statusCode = 404;
      res.setHeader("Content-Type", "text/plain; charset=utf-8");
      res.end("Not found");
      return;
    }
    if (found) {
      sendStatic(req, res, found);
      return;
    }

    compress(req as never, res as never, () => {
      void handleWithRouter(req, res);
    });
  });
  return server;
}
