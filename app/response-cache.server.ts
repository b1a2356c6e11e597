/**
 * Signed-in pages as cheap as static ones: responses rendered for a viewer,
 * remembered and replayed by the HTTP edge without React Router.
 *
 * Prerendered pages are rendered once at build time and served from memory to
 * visitors without a session. A signed-in visitor's pages differ only by who
 * they are and by their own data; so the first time a viewer gets one of the
 * replayable answers below, it is rendered the normal way (request context,
 * loaders, React) and kept, keyed by
 *
 *     viewer id · the viewer's data version · path and query
 *
 * and the next identical request gets the same bytes from the edge
 * (server/http.ts asks `replay()` before React Router), like a static file.
 *
 * The data version (session-cache.server.ts) changes whenever anything the
 * answers show can have changed: a profile save, a message sent while signed
 * in, a sign-in, a session ending, the user changing or being deleted, on
 * this instance or (through Redis) any other. A changed version is a miss, so
 * a replay is never staler than the last write; an entry also lives at most
 * TTL_MS, and all of them fit in MAX_BYTES.
 *
 * The same holds for a few server-rendered pages whose answer depends on the
 * URL alone when the request carries no cookie at all (/auth): remembered
 * once for every anonymous visitor.
 *
 * Replayable: GET of the prerendered pages, the profile, and the owner's
 * user record (unless API_KEY is set, since the key is checked per request),
 * answered 200 without a Set-Cookie. HTML is replayed with a CSP that lists
 * the hashes of its inline scripts (a per-response nonce cannot be replayed).
 * /api/auth/get-session is answered from the session cache itself.
 *
 * docs/decisions/0013-signed-in-requests.md has the figures.
 */
import { gzipSync } from "node:zlib";
import type { SessionCache } from "~/features/auth/session-cache.server";
import type { TokenSync } from "~/features/token-sync/index.server";
import { brotli } from "~/infra/http/brotli";
import { contentSecurityPolicy, cspNonce, inlineScriptHashes } from "~/infra/security/csp";
import { staticPagePaths } from "~/prerender";
import { SingleFlight } from "~/shared/lib/single-flight";

const TTL_MS = 30_000;
const MAX_BYTES = 24 * 1024 * 1024;
const COMPRESS_MIN = 1024;

const PAGES = new Set(staticPagePaths);
const BLOG_POST = /^\/blog\/[a-z0-9-]+$/;
const USER_RECORD = /^\/api\/user\/[^/]+$/;

export interface Replay {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
  encoding?: "br" | "gzip";
}

interface Entry {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  until: number;
  bytes: number;
}

/**
 * Pages whose answer depends on the URL alone when the request carries no
 * cookie at all (so no session, no pending verification): the same for
 * every anonymous visitor, and remembered once for all of them.
 */
const ANONYMOUS_PAGES = new Set(["/auth"]);

export function isAnonymousReplayable(pathname: string): boolean {
  return ANONYMOUS_PAGES.has(pathname);
}

/** Whether an answer to GET `pathname` may be remembered for a viewer (see above). */
export function isReplayable(pathname: string, apiKeyConfigured: boolean): boolean {
  if (pathname === "/profile" || PAGES.has(pathname) || BLOG_POST.test(pathname)) return true;
  return !apiKeyConfigured && USER_RECORD.test(pathname);
}

function chooseEncoding(acceptEncoding: string | undefined, entry: Entry): "br" | "gzip" | undefined {
  if (!acceptEncoding) return undefined;
  if (entry.br && /\bbr\b/.test(acceptEncoding)) return "br";
  if (entry.gzip && /\bgzip\b/.test(acceptEncoding)) return "gzip";
  return undefined;
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /**
   * Renders in progress, by key: a request that misses while the same answer
   * is being rendered waits for it instead of rendering it again (when an
   * entry expires under load, every open connection misses at once).
   */
  readonly renders = new SingleFlight<void>();

  constructor(private readonly sessions: SessionCache) {}

  static key(userId: string, version: number, pathname: string, search: string): string {
    return `${userId}\u0000${version}\u0000${pathname}${search}`;
  }

  static anonymousKey(pathname: string, search: string): string {
    return `\u0000anonymous\u0000${pathname}${search}`;
  }

  /** The data version to remember an answer under: read before the answer is made. */
  version(userId: string): number {
    return this.sessions.version(userId);
  }

  /**
   * Keeps a rendered answer (already read into `body`). Returns the headers of
   * the answer as kept (with the replayable CSP for HTML), whether or not it
   * was small enough to keep.
   */
  store(key: string, status: number, headers: Headers, body: Buffer, now = Date.now()): Headers {
    const kept = new Headers(headers);
    const type = kept.get("content-type") ?? "";
    if (type.startsWith("text/html")) {
      // Without the nonce it was rendered with, a page's scripts cannot be told from injected ones: not kept.
      const nonce = cspNonce(kept.get("content-security-policy"));
      if (!nonce) return kept;
      kept.set("Content-Security-Policy", contentSecurityPolicy(inlineScriptHashes(body.toString("utf8"), nonce)));
    }
    kept.delete("content-length");
    kept.delete("content-encoding");
    const entry: Entry = { status, headers: [...kept], body, until: now + TTL_MS, bytes: body.byteLength };
    if (body.byteLength >= COMPRESS_MIN && /^(text\/|application\/json)/.test(type)) {
      entry.br = brotli(body, 5);
      entry.gzip = gzipSync(body, { level: 6 });
      entry.bytes += entry.br.byteLength + entry.gzip.byteLength;
      const vary = kept.get("vary");
      if (!vary || !/accept-encoding/i.test(vary)) kept.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
      entry.headers = [...kept];
    }
    this.drop(key);
    if (entry.bytes > MAX_BYTES / 16) return kept;
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    while (this.bytes > MAX_BYTES) this.drop(this.entries.keys().next().value!);
    return kept;
  }

  lookup(key: string, acceptEncoding: string | undefined, now = Date.now()): Replay | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.drop(key);
      return undefined;
    }
    const encoding = chooseEncoding(acceptEncoding, entry);
    const body = encoding === "br" ? entry.br! : encoding === "gzip" ? entry.gzip! : entry.body;
    return { status: entry.status, headers: entry.headers, body, encoding };
  }

  get size(): number {
    return this.entries.size;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

interface ReplayServices {
  sessionCache: SessionCache;
  responseCache: ResponseCache;
  env: { apiKey: string | undefined };
  /** TOKEN_SYNC_URL's client: a replayed answer is a use of the session too (refresh, at most every 5 minutes). */
  tokenSync?: Pick<TokenSync, "refresh">;
}

export interface ReplayRequest {
  method: string;
  pathname: string;
  search: string;
  cookie: string | undefined;
  acceptEncoding: string | undefined;
}

/** What the edge asks before React Router: a remembered answer for this signed-in request, if there is one. */
export function replay(s: ReplayServices, request: ReplayRequest): Replay | undefined {
  if (request.method !== "GET") return undefined;
  if (!request.cookie) {
    return isAnonymousReplayable(request.pathname) ? s.responseCache.lookup(ResponseCache.anonymousKey(request.pathname, request.search), request.acceptEncoding) : undefined;
  }
  const session = s.sessionCache.lookup(request.cookie);
  if (!session) return undefined;
  // As resolveViewer (request-context.server.ts) does for what React Router answers: never awaited.
  if (s.tokenSync && session.user.emailVerified) {
    s.tokenSync.refresh({ id: session.session.id, userId: session.user.id, createdAt: session.session.createdAt }, session.user.email);
  }
  if (request.pathname === "/api/auth/get-session" && request.search === "") {
    // Exactly what Better Auth's /get-session answers for this cookie (the session cache holds its answer).
    return {
      status: 200,
      headers: [
        ["content-type", "application/json"],
        ["cache-control", "no-store"],
        ["pragma", "no-cache"],
      ],
      body: Buffer.from(JSON.stringify(session)),
    };
  }
  if (!session.user.emailVerified || !isReplayable(request.pathname, Boolean(s.env.apiKey))) return undefined;
  const key = ResponseCache.key(session.user.id, s.responseCache.version(session.user.id), request.pathname, request.search);
  return s.responseCache.lookup(key, request.acceptEncoding);
}
