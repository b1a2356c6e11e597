/**
 * The session cache: who a session cookie belongs to, remembered for a few
 * seconds, so that signed-in requests do not each run Better Auth's whole
 * session read (a CPU profile: about 0.4–0.8 ms per read, mostly the HMAC key
 * import and cookie decoding, before the database). docs/decisions/0013-signed-in-requests.md.
 *
 *   - filled by our plugin after Better Auth answers /get-session (an
 *     authoritative read: signature checked, session looked up, refreshed
 *     when due), keyed by the session token and kept with the exact cookie
 *     value it was read from: only that same cookie string is ever a hit
 *   - answered from by the plugin before /get-session (the HTTP endpoint and
 *     every `auth.api.getSession`), and by the request context directly
 *   - emptied at once, here and (through Redis) on every other instance, when
 *     a session is deleted or changed (sign-out, revocation, password change
 *     or reset, account deletion) or its user changes: Better Auth's database
 *     hooks (auth.server.ts), and `evictUser` where our own code writes a user
 *     (the profile's name, an operator's stop); an entry lives at most `ttlMs`
 *     (5 minutes) even if an eviction message were lost
 *   - never used for an authoritative read (`disableCookieCache`), and Better
 *     Auth's own sensitive endpoints read the session without hooks anyway
 *   - bounded: at most `maxEntries` sessions, the oldest go first
 *   - with REDIS_URL, only trusted while this instance hears the evictions:
 *     while its subscription to Redis is down (an outage), the cache is off
 *     on this instance, so a sign-out elsewhere
 *     takes effect at once instead of after the cache's TTL; every signed-in
 *     request reads the database meanwhile (docs/decisions/0021-dependency-failures.md)
 */
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, isAPIError } from "better-auth/api";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import { site } from "~/config/site";
import { getSessionCookie } from "better-auth/cookies";
import { AUTH_COOKIE_PREFIX } from "~/infra/http/session-cookie";
import { loadIoredis } from "~/infra/optional-modules.server";
import { FAST_REDIS } from "~/infra/rate-limit/rate-limiter.server";
import { SingleFlight } from "~/shared/lib/single-flight";
import { withoutSessionToken } from "./tokenless-sessions.server";

/** What the cache hands out: Better Auth's /get-session answer without the session token (tokenless-sessions.server.ts). */
export interface CachedSession {
  session: { id: string; userId: string; createdAt: Date | string; expiresAt: Date | string; reauthenticatedAt?: Date | string | null; [key: string]: unknown };
  user: { id: string; name: string; email: string; emailVerified: boolean; [key: string]: unknown };
}

/** Better Auth's answer as it comes, token included: what the cache is filled from. */
export interface SessionAnswer extends CachedSession {
  session: CachedSession["session"] & { token: string };
}

interface Entry {
  /** The session cookie's value exactly as the browser sent it (token and signature). */
  raw: string;
  value: CachedSession;
  until: number;
}

export interface SessionCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  /** Evictions reach every instance through this Redis (REDIS_URL). */
  redisUrl?: string;
  log?: Logger;
}

const CHANNEL = `${site.slug}:session-evictions`;

/**
 * How long an entry lives at most. Revocation does not wait for it: every
 * write to a session or user evicts at once, here and through Redis on every
 * instance, and a lost subscription forgets everything. It only bounds what
 * nothing reports (a row changed by hand in the database). At 15 s every
 * visitor who came back after a pause paid Better Auth's whole read again
 * (~3.8 ms of CPU; ADR 0018).
 */
export const SESSION_CACHE_TTL_MS = 5 * 60_000;

/**
 * The lifetime when other instances may exist that this one cannot tell
 * (PostgreSQL without Redis: ADR 0014 asks multi-instance deployments for
 * REDIS_URL; this is the bound for those that did not).
 */
export const UNHEARD_SESSION_CACHE_TTL_MS = 15_000;

export const SESSION_CACHE_DEGRADED = "Redis unavailable: session cache off on this instance (every signed-in request reads the database)";

/** The session cookie's value in a Cookie header (`__Secure-` prefixed on https), or null: Better Auth's own reading of it. */
export function sessionCookieValue(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  try {
    return getSessionCookie(new Headers({ cookie: cookieHeader }), { cookiePrefix: AUTH_COOKIE_PREFIX });
  } catch {
    // A header Fetch refuses to hold carries no session we could have issued.
    return null;
  }
}

/** The token part of a signed cookie value (`token.signature`, URL-encoded). */
function tokenOf(raw: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = decoded.lastIndexOf(".");
  return dot > 0 ? decoded.slice(0, dot) : null;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<string, Set<string>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly publisher: Redis | undefined;
  private readonly subscriber: Redis | undefined;
  /** Session reads in progress, by Cookie header: concurrent misses for one cookie share a read. */
  readonly reads = new SingleFlight<CachedSession | null>();
  /** With Redis: a message to the other instances was lost (publish failed); see `publish`. */
  private unsent = false;
  /** With Redis: whether this instance hears evictions right now (its subscription is up). */
  private listening = false;

  private readonly counters = { hits: 0, misses: 0 };

  constructor({ ttlMs = SESSION_CACHE_TTL_MS, maxEntries = 20_000, redisUrl, log }: SessionCacheOptions = {}) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    if (redisUrl) {
      const { Redis: Client } = loadIoredis();
      // Publishing is fire-and-forget and fails fast; the subscriber reconnects for as long as it takes.
      this.publisher = new Client(redisUrl, FAST_REDIS);
      this.subscriber = new Client(redisUrl, {
        connectTimeout: FAST_REDIS.connectTimeout,
        retryStrategy: FAST_REDIS.retryStrategy,
        maxRetriesPerRequest: null,
      });
      // ioredis reports every failed reconnect; the transitions below are what an operator needs.
      for (const client of [this.publisher, this.subscriber]) client.on("error", () => {});
      this.publisher.on("ready", () => {
        if (!this.unsent) return;
        this.unsent = false;
        this.publish("a:");
      });
      this.subscriber.on("close", () => {
        if (!this.listening) return;
        this.listening = false;
        this.clear();
        log?.warn({ dependency: "redis", degraded: SESSION_CACHE_DEGRADED }, "session cache: Redis unavailable; cache off on this instance until it returns");
      });
      void this.subscriber.subscribe(CHANNEL).catch((error: unknown) => log?.warn({ err: error }, "session cache: cannot subscribe to evictions"));
      this.subscriber.on("message", (_channel, message: string) => {
        const [kind, key] = [message.slice(0, 1), message.slice(2)];
        if (kind === "t") this.dropToken(key);
        else if (kind === "u") this.dropUser(key);
        else if (kind === "a") this.clear();
      });
      // A lost connection may have lost evictions: forget everything rather than trust it.
      this.subscriber.on("ready", () => {
        this.clear();
        if (!this.listening) log?.info({ dependency: "redis" }, "session cache: Redis answers; evictions heard again");
        this.listening = true;
      });
    }
  }

  /** What is degraded (Redis out: no cache on this instance), or null. */
  degraded(): string | null {
    return this.subscriber && !this.listening ? SESSION_CACHE_DEGRADED : null;
  }

  /** Whether entries may be trusted: without Redis always; with it, while evictions are heard. */
  private get trusted(): boolean {
    return !this.subscriber || this.listening;
  }

  /** The cached session for this Cookie header, if this exact cookie was read recently. */
  lookup(cookieHeader: string | null | undefined, now = Date.now()): CachedSession | null {
    if (!this.trusted) return null;
    const raw = sessionCookieValue(cookieHeader);
    if (!raw) return null;
    const token = tokenOf(raw);
    const entry = token ? this.entries.get(token) : undefined;
    if (!entry || entry.raw !== raw || entry.until <= now) {
      if (entry && entry.until <= now) this.dropToken(token!);
      return null;
    }
    this.counters.hits++;
    return entry.value;
  }

  /**
   * Hits: requests answered from the cache (wherever they asked: the edge, the
   * request context, the plugin). Misses: full reads by Better Auth, counted
   * where one starts (the plugin's before hook), so a request that asked at
   * several places before reading counts once.
   */
  stats(): { hits: number; misses: number; entries: number } {
    return { ...this.counters, entries: this.entries.size };
  }

  countRead(): void {
    this.counters.misses++;
  }

  store(cookieHeader: string | null | undefined, answer: SessionAnswer, now = Date.now()): void {
    if (!this.trusted) return;
    const raw = sessionCookieValue(cookieHeader);
    const token = answer.session.token;
    if (!raw || tokenOf(raw) !== token) return;
    const expiresAt = new Date(answer.session.expiresAt).getTime();
    const until = Math.min(now + this.ttlMs, Number.isFinite(expiresAt) ? expiresAt : now);
    if (until <= now) return;
    // Keyed by the token (evictions name it), but only the tokenless copy is ever handed out.
    const value = withoutSessionToken<CachedSession>(answer);
    this.entries.delete(token);
    this.entries.set(token, { raw, value, until });
    let tokens = this.byUser.get(value.user.id);
    if (!tokens) this.byUser.set(value.user.id, (tokens = new Set()));
    tokens.add(token);
    while (this.entries.size > this.maxEntries) this.dropToken(this.entries.keys().next().value!);
  }

  /** A session was deleted or changed: forget it everywhere. */
  evictToken(token: string): void {
    this.dropToken(token);
    this.publish(`t:${token}`);
  }

  /** A user changed (name, verification, password, deletion): forget all their sessions everywhere. */
  evictUser(userId: string): void {
    this.dropUser(userId);
    this.publish(`u:${userId}`);
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
    this.byUser.clear();
  }

  async close(): Promise<void> {
    this.clear();
    await Promise.all([this.publisher, this.subscriber].map((c) => c?.quit().catch(() => c.disconnect())));
  }

  /**
   * Tells the other instances. A message that could not be sent (this
   * instance lost Redis while they kept it) is made good as soon as Redis
   * answers again: every instance forgets every session, so a revocation made meanwhile is stale there only as long as the
   * outage, not for the entries' whole lifetime.
   */
  private publish(message: string): void {
    if (!this.publisher) return;
    void this.publisher.publish(CHANNEL, message).catch(() => {
      this.unsent = true;
    });
  }

  private dropToken(token: string): void {
    const entry = this.entries.get(token);
    if (!entry) return;
    this.entries.delete(token);
    const tokens = this.byUser.get(entry.value.user.id);
    tokens?.delete(token);
    if (tokens?.size === 0) this.byUser.delete(entry.value.user.id);
  }

  private dropUser(userId: string): void {
    for (const token of this.byUser.get(userId) ?? []) this.entries.delete(token);
    this.byUser.delete(userId);
  }
}

function isSession(value: unknown): value is SessionAnswer {
  const v = value as SessionAnswer | null;
  return Boolean(v && typeof v === "object" && v.session?.token && v.user?.id);
}

/** The plugin that answers /get-session from the cache and fills it. */
export function sessionCaching(cache: SessionCache) {
  return {
    id: "session-cache",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/get-session",
          handler: createAuthMiddleware(async (ctx) => {
            if (ctx.query?.disableCookieCache || ctx.query?.disableRefresh) return;
            const hit = cache.lookup(ctx.headers?.get("cookie"));
            if (hit) return ctx.json(hit);
            cache.countRead();
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === "/get-session",
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (isAPIError(returned) || !isSession(returned)) return;
            // An answer that changed the cookie (a refresh) is not what the browser will send next.
            if (ctx.context.responseHeaders?.getSetCookie().some((c) => c.startsWith(`${ctx.context.authCookies.sessionToken.name}=`))) return;
            cache.store(ctx.headers?.get("cookie"), returned);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
