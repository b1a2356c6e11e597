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
 *     or reset, account deletion) or its user changes (Better Auth's database
 *     hooks, and our profile writes); an entry lives at most `ttlMs` even if an
 *     eviction message were lost
 *   - never used for an authoritative read (`disableCookieCache`), and Better
 *     Auth's own sensitive endpoints read the session without hooks anyway
 *   - bounded: at most `maxEntries` sessions, the oldest go first
 */
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, isAPIError } from "better-auth/api";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import { site } from "~/config/site";
import { SESSION_COOKIE } from "~/infra/http/session-cookie";
import { loadIoredis } from "~/infra/optional-modules.server";
import { SingleFlight } from "~/shared/lib/single-flight";

export interface CachedSession {
  session: { id: string; token: string; userId: string; expiresAt: Date | string; [key: string]: unknown };
  user: { id: string; name: string; email: string; emailVerified: boolean; [key: string]: unknown };
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

/** The session cookie's raw value in a Cookie header (`__Secure-` prefixed on https), or null. */
export function sessionCookieValue(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const name of [`__Secure-${SESSION_COOKIE}`, SESSION_COOKIE]) {
    let start = cookieHeader.indexOf(`${name}=`);
    // Only a whole cookie name: at the start, or after "; " (not "x__Secure-…", not "other.tuesday.…").
    while (start > 0 && cookieHeader[start - 1] !== " " && cookieHeader[start - 1] !== ";") start = cookieHeader.indexOf(`${name}=`, start + 1);
    if (start === -1) continue;
    const from = start + name.length + 1;
    const end = cookieHeader.indexOf(";", from);
    return cookieHeader.slice(from, end === -1 ? undefined : end).trim() || null;
  }
  return null;
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
  /** A number per user that changes whenever their sessions or data change (what replayed responses are keyed by). */
  private readonly versions = new Map<string, number>();
  private nextVersion = 1;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly publisher: Redis | undefined;
  private readonly subscriber: Redis | undefined;
  /** Session reads in progress, by Cookie header: concurrent misses for one cookie share a read. */
  readonly reads = new SingleFlight<CachedSession | null>();

  constructor({ ttlMs = 15_000, maxEntries = 20_000, redisUrl, log }: SessionCacheOptions = {}) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    if (redisUrl) {
      const { Redis: Client } = loadIoredis();
      this.publisher = new Client(redisUrl, { maxRetriesPerRequest: 2 });
      this.subscriber = new Client(redisUrl, { maxRetriesPerRequest: null });
      for (const client of [this.publisher, this.subscriber]) client.on("error", (error) => log?.warn({ err: error }, "session cache: Redis unavailable"));
      void this.subscriber.subscribe(CHANNEL).catch((error: unknown) => log?.warn({ err: error }, "session cache: cannot subscribe to evictions"));
      this.subscriber.on("message", (_channel, message: string) => {
        const [kind, key] = [message.slice(0, 1), message.slice(2)];
        if (kind === "t") this.dropToken(key);
        else if (kind === "u") this.dropUser(key);
        else if (kind === "c") this.bump(key);
      });
      // A lost connection may have lost evictions: forget everything rather than trust it.
      this.subscriber.on("ready", () => this.clear());
    }
  }

  /** The cached session for this Cookie header, if this exact cookie was read recently. */
  lookup(cookieHeader: string | null | undefined, now = Date.now()): CachedSession | null {
    const raw = sessionCookieValue(cookieHeader);
    if (!raw) return null;
    const token = tokenOf(raw);
    const entry = token ? this.entries.get(token) : undefined;
    if (!entry || entry.raw !== raw) return null;
    if (entry.until <= now) {
      this.dropToken(token!);
      return null;
    }
    return entry.value;
  }

  store(cookieHeader: string | null | undefined, value: CachedSession, now = Date.now()): void {
    const raw = sessionCookieValue(cookieHeader);
    if (!raw || tokenOf(raw) !== value.session.token) return;
    const expiresAt = new Date(value.session.expiresAt).getTime();
    const until = Math.min(now + this.ttlMs, Number.isFinite(expiresAt) ? expiresAt : now);
    if (until <= now) return;
    this.entries.delete(value.session.token);
    this.entries.set(value.session.token, { raw, value, until });
    let tokens = this.byUser.get(value.user.id);
    if (!tokens) this.byUser.set(value.user.id, (tokens = new Set()));
    tokens.add(value.session.token);
    while (this.entries.size > this.maxEntries) this.dropToken(this.entries.keys().next().value!);
  }

  /** A session was deleted or changed: forget it everywhere. */
  evictToken(token: string, userId?: string): void {
    this.dropToken(token);
    void this.publisher?.publish(CHANNEL, `t:${token}`).catch(() => {});
    if (userId) this.userChanged(userId);
  }

  /**
   * The user's data changed (profile, messages, sign-ins, sessions) without
   * their sessions ending: responses remembered for them are stale, everywhere.
   */
  userChanged(userId: string): void {
    this.bump(userId);
    void this.publisher?.publish(CHANNEL, `c:${userId}`).catch(() => {});
  }

  /** The user's current data version (see `versions`). */
  version(userId: string): number {
    let v = this.versions.get(userId);
    if (v === undefined) {
      v = this.nextVersion++;
      this.versions.set(userId, v);
      if (this.versions.size > this.maxEntries * 2) this.versions.delete(this.versions.keys().next().value!);
    }
    return v;
  }

  /** A user changed (name, verification, password, deletion): forget all their sessions everywhere. */
  evictUser(userId: string): void {
    this.dropUser(userId);
    void this.publisher?.publish(CHANNEL, `u:${userId}`).catch(() => {});
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
    this.byUser.clear();
    // New numbers for everyone: nothing remembered under an old one is served again.
    this.versions.clear();
  }

  async close(): Promise<void> {
    this.clear();
    await Promise.all([this.publisher, this.subscriber].map((c) => c?.quit().catch(() => c.disconnect())));
  }

  private dropToken(token: string): void {
    const entry = this.entries.get(token);
    if (!entry) return;
    this.entries.delete(token);
    this.bump(entry.value.user.id);
    const tokens = this.byUser.get(entry.value.user.id);
    tokens?.delete(token);
    if (tokens?.size === 0) this.byUser.delete(entry.value.user.id);
  }

  private dropUser(userId: string): void {
    for (const token of this.byUser.get(userId) ?? []) this.entries.delete(token);
    this.byUser.delete(userId);
    this.bump(userId);
  }

  private bump(userId: string): void {
    this.versions.set(userId, this.nextVersion++);
  }
}

function isSession(value: unknown): value is CachedSession {
  const v = value as CachedSession | null;
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
