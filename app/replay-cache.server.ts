/**
 * The replay cache: an answer rendered for a signed-in visitor, kept a few
 * seconds and sent again, byte for byte, by the HTTP edge when the same
 * visitor asks for the same thing and nothing they see has changed since.
 * docs/decisions/0018-many-visitors.md has the measurements behind it.
 *
 * Everything about it lives here:
 *
 *   what      GET of the signed-in pages that show only the viewer's own data
 *             (`isReplayable`: /profile, /profile/security, the public pages,
 *             a blog post, the owner's user record unless API_KEY is set) and
 *             their `.data` twins (every client-side navigation), answered
 *             200 without a Set-Cookie; /auth for requests without any cookie
 *   key       viewer id · session id · the viewer's data version · the path
 *             and query the edge saw (never `request.url`: React Router hands
 *             `/profile.data` to the middleware as `/profile`). The session is
 *             in the key because a page may show it ("this device" on the
 *             security page): another device of the same person gets its own
 *   versions  a number per user, changed by the database itself after every
 *             write that touches the user's rows (infra/db/write-watch.ts, wired
 *             in services.server.ts) and, through Redis, on every instance;
 *             a write no code path announces cannot leave a stale replay
 *   stored    by the edge, as it sends the first answer: the compressed bytes
 *             it wrote (one copy per encoding asked for), never compressed a
 *             second time; HTML with a CSP of its inline scripts' hashes in
 *             place of the nonce it was rendered with (a nonce cannot be replayed)
 *   bounded   `maxBytes` in all, oldest first out unless replayed since (a second
 *             chance, close to least recently used without work on a hit); an entry lives
 *             `ttlMs` (minutes: correctness comes from the versions, not from
 *             age) or less when the route said when its answer goes stale
 *             (`replayUntil`: the security page's re-authentication window)
 *
 * A replay needs a live session: the edge asks the session cache, and when
 * the cache does not know the cookie (first seen, or its entry aged out) it
 * makes the one authoritative session read the request path would have made
 * (Better Auth, single-flighted per cookie) and then replays. So a replay is
 * never valid longer than the session is, and an aged-out session entry costs
 * a session read, not a render.
 */
import type { CachedSession } from "~/features/auth/session-cache.server";
import type { TokenSync } from "~/features/token-sync/index.server";
import { REPLAY_KEY_HEADER } from "~/infra/http/internal-headers";
import { hasFlashCookie } from "~/infra/http/flash.server";
import { contentSecurityPolicy, cspNonce, formTargetsOf, inlineScriptHashes } from "~/infra/security/csp";

export { REPLAY_KEY_HEADER };
import { staticPagePaths } from "~/prerender";
import { basePath, hasTwin } from "~/shared/i18n/locale";

export type Encoding = "br" | "gzip" | "identity";

export interface Replay {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
  encoding: Encoding;
}

interface Entry {
  status: number;
  headers: Array<[string, string]>;
  bodies: Partial<Record<Encoding, Buffer>>;
  until: number;
  bytes: number;
  /** Replayed since it was kept or last spared by the memory bound (the "second chance" below). */
  used: boolean;
}

/** An authoritative session read (Better Auth's, which also fills the session cache), or null when signed out. */
export type SessionRead = (cookie: string) => Promise<CachedSession | null>;

export interface ReplayStats {
  /** Replayable requests answered from memory. */
  hits: number;
  /** Replayable requests that had to be rendered. */
  misses: number;
  stored: number;
  /** Entries pushed out by the memory bound. */
  evicted: number;
  entries: number;
  bytes: number;
}

const PAGES = new Set(staticPagePaths);
const BLOG_POST = /^\/blog\/[a-z0-9-]+$/;
const USER_RECORD = /^\/api\/user\/[^/]+$/;
/** Per-viewer pages that are not prerendered. */
const SIGNED_IN_PAGES = new Set(["/profile", "/profile/security"]);
/** Pages whose answer depends on the URL alone for a request without any cookie. */
const ANONYMOUS_PAGES = new Set(["/auth"]);

/** The page a single-fetch data URL belongs to (`/profile.data` → `/profile`, `/_root.data` → `/`). */
function pageOf(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/** A Hindi twin's English page ("/hi/pricing" → "/pricing"), so both are replayed alike; "" for a /hi/ path with no twin. */
function englishPage(page: string): string {
  const base = basePath(page);
  return base === page || hasTwin(base) ? base : "";
}

/** Whether an answer to a signed-in GET of `pathname` (as the edge saw it) may be replayed. */
export function isReplayable(pathname: string, apiKeyConfigured: boolean): boolean {
  const page = englishPage(pageOf(pathname));
  if (SIGNED_IN_PAGES.has(page) || PAGES.has(page) || BLOG_POST.test(page)) return true;
  return !apiKeyConfigured && pathname === page && USER_RECORD.test(pathname);
}

export function isAnonymousReplayable(pathname: string): boolean {
  return ANONYMOUS_PAGES.has(pageOf(pathname));
}

/** The edge sends answers smaller than this uncompressed whatever the client takes (server/compress.ts). */
const UNCOMPRESSED_BELOW = 1024;

/**
 * How long an entry lives at most. Staleness is ruled out by the data versions
 * (every write to a user's rows changes them) and the session check on every
 * replay, so age only bounds what nothing reports: the build (one per
 * process) and the clock (routes that depend on it say so: `replayUntil`).
 * ADR 0018: at 30 s, entries aged out before visitors came back and every
 * miss cost a full render.
 */
export const DEFAULT_TTL_MS = 5 * 60_000;

/** How big an answer may be and still be kept (larger ones are rendered each time). */
export const MAX_ENTRY_BYTES = 256 * 1024;

export class ReplayCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Per-user data versions; a user not in the map gets a fresh number (so, a miss). */
  private readonly versions = new Map<string, number>();
  private nextVersion = 1;
  private paused = false;
  private readonly counters = { hits: 0, misses: 0, stored: 0, evicted: 0 };
  readonly ttlMs: number;
  readonly maxBytes: number;
  private readonly maxUsers: number;

  constructor({ ttlMs = DEFAULT_TTL_MS, maxBytes = 32 * 1024 * 1024, maxUsers = 100_000 } = {}) {
    this.ttlMs = ttlMs;
    this.maxBytes = maxBytes;
    this.maxUsers = maxUsers;
  }

  get enabled(): boolean {
    return this.maxBytes > 0 && !this.paused;
  }

  /**
   * Paused while this instance cannot hear the other instances' write reports
   * (Redis out: session-cache.server.ts): a remembered answer could outlive a
   * write made elsewhere. Pausing forgets what was kept.
   */
  pause(paused: boolean): void {
    if (paused && !this.paused) this.changed("all");
    this.paused = paused;
  }

  static key(userId: string, sessionId: string, version: number, pathAndQuery: string): string {
    return `${userId}\u0000${sessionId}\u0000${version}\u0000${pathAndQuery}`;
  }

  static anonymousKey(pathAndQuery: string): string {
    return `\u0000anonymous\u0000${pathAndQuery}`;
  }

  /** The user's data version: read before an answer is made, so a write during the render makes it a miss. */
  version(userId: string): number {
    let v = this.versions.get(userId);
    if (v === undefined) {
      v = this.nextVersion++;
      this.versions.set(userId, v);
      if (this.versions.size > this.maxUsers) this.versions.delete(this.versions.keys().next().value!);
    }
    return v;
  }

  /** Data of these users (or of anyone) changed: nothing remembered for them before is sent again. */
  changed(users: readonly string[] | "all"): void {
    if (users === "all") {
      // New numbers for everyone; the entries under the old ones age out.
      this.versions.clear();
      this.entries.clear();
      this.bytes = 0;
      return;
    }
    for (const user of users) this.versions.set(user, this.nextVersion++);
  }

  /** The answer kept for `key` in `encoding`, or as it was sent uncompressed (too small to compress). */
  lookup(key: string, encoding: Encoding, now = Date.now()): Replay | undefined {
    const entry = this.entries.get(key);
    if (entry?.bodies[encoding] === undefined && entry?.bodies.identity && entry.bodies.identity.byteLength < UNCOMPRESSED_BELOW) encoding = "identity";
    const body = entry?.bodies[encoding];
    if (!entry || !body || entry.until <= now) {
      if (entry && entry.until <= now) this.drop(key);
      this.counters.misses++;
      return undefined;
    }
    this.counters.hits++;
    // Marked, not moved: re-inserting into a map of thousands on every hit cost more than the rest of a
    // replay (measured with 1,000 visitors). The memory bound spares a marked entry once (`makeRoom`).
    entry.used = true;
    return { status: entry.status, headers: entry.headers, body, encoding };
  }

  /**
   * Keeps an answer the edge has just sent: `body` as sent (in `encoding`),
   * `html` the uncompressed page when it is one (for its scripts' hashes).
   */
  remember(marker: string, encoding: Encoding, status: number, headers: Array<[string, string]>, body: Buffer, html?: string, now = Date.now()): void {
    if (!this.enabled || body.byteLength > MAX_ENTRY_BYTES) return;
    const { key, until } = parseMarker(marker);
    let entry = this.entries.get(key);
    if (entry && entry.until <= now) {
      this.drop(key);
      entry = undefined;
    }
    if (!entry) {
      const kept = replayHeaders(headers, html);
      if (!kept) return;
      entry = { status, headers: kept, bodies: {}, until: Math.min(now + this.ttlMs, until ?? Infinity), bytes: 256, used: false };
      if (entry.until <= now) return;
      this.entries.set(key, entry);
      this.bytes += entry.bytes;
    }
    const old = entry.bodies[encoding];
    if (old) this.bytes -= old.byteLength;
    // A small Buffer may be a slice of a shared 8 KB pool slab: keep a copy of its own, not the slab.
    if (body.byteOffset !== 0 || body.buffer.byteLength !== body.byteLength) body = Buffer.from(Uint8Array.prototype.slice.call(body).buffer);
    entry.bodies[encoding] = body;
    entry.bytes += body.byteLength - (old?.byteLength ?? 0);
    this.bytes += body.byteLength;
    this.counters.stored++;
    this.makeRoom();
  }

  /**
   * Oldest first out, except that an entry replayed since it was kept goes to the back once instead
   * ("second chance", the clock algorithm): what visitors come back for stays, as least-recently-used
   * would keep it, without a hit having to move anything. Each pass unmarks what it spares, so it ends.
   */
  private makeRoom(): void {
    while (this.bytes > this.maxBytes && this.entries.size > 0) {
      const [key, entry] = this.entries.entries().next().value!;
      if (entry.used) {
        entry.used = false;
        this.entries.delete(key);
        this.entries.set(key, entry);
        continue;
      }
      this.drop(key);
      this.counters.evicted++;
    }
  }

  /** A replayable request that could not even be looked up (its session not known yet). */
  countMiss(): void {
    this.counters.misses++;
  }

  stats(): ReplayStats {
    return { ...this.counters, entries: this.entries.size, bytes: this.bytes };
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

/**
 * What the request context hands the edge on an answer to keep (the value of
 * REPLAY_KEY_HEADER): the key, and when the route said the answer goes stale.
 * Opaque to the edge; only this module writes and reads it.
 */
export function replayMarker(key: string, until: number | undefined): string {
  return until === undefined ? key : `${key}\u0001${until}`;
}

function parseMarker(marker: string): { key: string; until?: number } {
  const cut = marker.lastIndexOf("\u0001");
  if (cut === -1) return { key: marker };
  const until = Number(marker.slice(cut + 1));
  return { key: marker.slice(0, cut), until: Number.isFinite(until) ? until : 0 };
}

/**
 * The headers a replay goes out with, or undefined when it must not be kept:
 * the hop-by-hop and length headers go (the edge sets them), and a page's
 * nonce CSP becomes the hashes of the scripts that carried the nonce. A page
 * rendered without a nonce is never kept: its scripts cannot be told apart.
 */
function replayHeaders(headers: Array<[string, string]>, html: string | undefined): Array<[string, string]> | undefined {
  const out: Array<[string, string]> = [];
  let isHtml = false;
  let nonce: string | undefined;
  let formTargets: string[] = [];
  for (const [name, value] of headers) {
    const lower = name.toLowerCase();
    if (lower === "content-length" || lower === "content-encoding" || lower === "transfer-encoding" || lower === "connection" || lower === "date") continue;
    if (lower === "set-cookie") return undefined;
    if (lower === "content-type" && value.startsWith("text/html")) isHtml = true;
    if (lower === "content-security-policy") {
      nonce = cspNonce(value);
      formTargets = formTargetsOf(value);
      continue;
    }
    out.push([lower, value]);
  }
  if (isHtml) {
    if (!nonce || html === undefined) return undefined;
    out.push(["content-security-policy", contentSecurityPolicy(inlineScriptHashes(html, nonce), formTargets)]);
  } else {
    const csp = headers.find(([n]) => n.toLowerCase() === "content-security-policy");
    if (csp) out.push(["content-security-policy", csp[1]]);
  }
  return out;
}

interface ReplayServices {
  sessionCache: { lookup(cookie: string | null | undefined): CachedSession | null };
  /** The session read the request path makes (request-context.server.ts `readSession`); without it, an unknown cookie is a miss. */
  readSession?: SessionRead;
  replayCache: ReplayCache;
  env: { apiKey: string | undefined };
  /** TOKEN_SYNC_URL's client: a replayed answer is a use of the session too (refresh, at most every 5 minutes). */
  tokenSync?: Pick<TokenSync, "refresh">;
}

export interface ReplayRequest {
  method: string;
  pathname: string;
  search: string;
  cookie: string | undefined;
  /** The encoding the edge will answer in (server/negotiation.ts). */
  encoding: Encoding;
}

/** The key an answer to this request is kept under, or null when it is not replayable. */
export function replayKeyFor(
  cache: ReplayCache,
  request: { method: string; pathname: string; search: string; hasCookie: boolean; apiKeyConfigured: boolean },
  viewer: { userId: string; sessionId: string } | null,
): string | null {
  if (!cache.enabled || request.method !== "GET") return null;
  const pathAndQuery = `${request.pathname}${request.search}`;
  if (!request.hasCookie) return isAnonymousReplayable(request.pathname) ? ReplayCache.anonymousKey(pathAndQuery) : null;
  return viewer ? signedInKey(cache, request.pathname, request.search, request.apiKeyConfigured, viewer.userId, viewer.sessionId) : null;
}

/** `replayKeyFor` of a GET with a session, without building the request's description (the edge asks this of every replay). */
function signedInKey(cache: ReplayCache, pathname: string, search: string, apiKeyConfigured: boolean, userId: string, sessionId: string): string | null {
  if (!isReplayable(pathname, apiKeyConfigured)) return null;
  return ReplayCache.key(userId, sessionId, cache.version(userId), search === "" ? pathname : pathname + search);
}

/** A cached session's JSON, made once per cache entry (the entry is replaced when the session changes). */
const sessionJson = new WeakMap<CachedSession, Buffer>();

function serialized(session: CachedSession): Buffer {
  let body = sessionJson.get(session);
  if (!body) sessionJson.set(session, (body = Buffer.from(JSON.stringify(session))));
  return body;
}

/**
 * What the edge asks before React Router: a remembered answer for this
 * request, if there is one. Synchronous when the session cache knows the
 * cookie (nearly always); a promise when it first has to read the session.
 */
export function replay(s: ReplayServices, request: ReplayRequest, readSession = s.readSession): Replay | undefined | Promise<Replay | undefined> {
  if (request.method !== "GET") return undefined;
  // A message to show once (a flash) is rendered with the page, never replayed without it.
  if (hasFlashCookie(request.cookie)) return undefined;
  if (!request.cookie) {
    const key = replayKeyFor(s.replayCache, { ...request, hasCookie: false, apiKeyConfigured: Boolean(s.env.apiKey) }, null);
    return key ? s.replayCache.lookup(key, request.encoding) : undefined;
  }
  const session = s.sessionCache.lookup(request.cookie);
  if (session) return replayFor(s, request, session);
  // The session read is the whole of /get-session's work: made here, it skips the router and a second Request (ADR 0018).
  const worthReading = readSession && ((s.replayCache.enabled && isReplayable(request.pathname, Boolean(s.env.apiKey))) || isSessionRead(request));
  if (!worthReading) {
    // Not known, and no answer could be replayed anyway: rendered (a replayable one counted, so the hit rate is the truth).
    if (isReplayable(request.pathname, Boolean(s.env.apiKey))) s.replayCache.countMiss();
    return undefined;
  }
  // The session read the request path would make anyway; a failure (the database) is left to that path to answer.
  const cookie = request.cookie;
  return readSession!(cookie).then(
    (read) => (read ? replayFor(s, request, read) : undefined),
    () => undefined,
  );
}

/** Better Auth's GET /get-session without options: its answer is the session read itself. */
function isSessionRead(request: ReplayRequest): boolean {
  return request.pathname === "/api/auth/get-session" && request.search === "";
}

function replayFor(s: ReplayServices, request: ReplayRequest, session: CachedSession): Replay | undefined {
  // As the request context does for what React Router answers: never awaited.
  if (s.tokenSync && session.user.emailVerified) {
    s.tokenSync.refresh({ id: session.session.id, userId: session.user.id, createdAt: session.session.createdAt }, session.user.email);
  }
  if (isSessionRead(request)) {
    // Exactly what Better Auth's /get-session answers for this cookie (the session cache holds its answer).
    return {
      status: 200,
      headers: [
        ["content-type", "application/json"],
        ["cache-control", "no-store"],
        ["pragma", "no-cache"],
      ],
      body: serialized(session),
      encoding: "identity",
    };
  }
  if (!session.user.emailVerified || !s.replayCache.enabled) return undefined;
  const key = signedInKey(s.replayCache, request.pathname, request.search, Boolean(s.env.apiKey), session.user.id, session.session.id);
  return key ? s.replayCache.lookup(key, request.encoding) : undefined;
}
