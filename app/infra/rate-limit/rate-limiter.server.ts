/**
 * Fixed-window rate limits, shared across instances through Redis when
 * REDIS_URL is set (else kept in this process). A limit is a number of hits
 * per window per key; keys name the rule and who is limited, e.g.
 * `sign-in:ip:203.0.113.9` or `sign-in-failed:email:asha@example.com`.
 *
 * The limiter answers with a decision (data); turning a refusal into an HTTP
 * 429 with Retry-After is the HTTP layer's job (infra/http/responses.ts).
 *
 * Redis is an accelerator, not a dependency (docs/decisions/0021-dependency-failures.md):
 * its commands time out after a quarter of a second, nothing queues while it
 * is disconnected, and after a few failures a circuit breaker stops asking it
 * for a while. Meanwhile this process's own counters answer: the limits still
 * hold, per instance instead of across them.
 */
import type { Logger } from "pino";
import { site } from "~/config/site";
import { CircuitBreaker } from "~/infra/circuit-breaker";
import { loadIoredis } from "~/infra/optional-modules.server";

export interface Limit {
  /** Hits allowed per window. */
  max: number;
  windowMs: number;
}

export interface Check {
  key: string;
  limit: Limit;
}

export type Decision = { allowed: true } | { allowed: false; /** whole seconds until the longest exceeded window ends */ retryAfterS: number };

export const ALLOWED: Decision = { allowed: true };

interface Count {
  /** Hits so far in this window. */
  count: number;
  /** Milliseconds until the window resets (0 when there is no window). */
  resetMs: number;
}

export interface RateLimitStore {
  /** Counts one hit and returns the window's count, this hit included. */
  hit(key: string, windowMs: number): Promise<Count>;
  /** The window's count without counting. */
  peek(key: string): Promise<Count>;
  reset(keys: string[]): Promise<void>;
  /** Resolves when the store answers (readiness). */
  ping(): Promise<void>;
  /** What is degraded right now, in words for readiness and the logs; null when nothing is. */
  degraded?(): string | null;
  close(): Promise<void>;
}

/** ioredis options of every connection to Redis as an accelerator: fail fast, never queue. */
export const FAST_REDIS = {
  connectTimeout: 500,
  commandTimeout: 250,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  // Reconnects keep trying (a few a second at first, then every 2 s) in the background.
  retryStrategy: (times: number) => Math.min(times * 100, 2_000),
} as const;

export const REDIS_DEGRADED_LIMITS = "Redis unavailable: rate limits count per instance";

/**
 * The most windows one process keeps (about 30 MB). Keys are named by clients (an address typed into
 * sign-in lives a day), so without a bound a flood of made-up addresses would grow the map until the
 * process fails. Past it the expired windows go, then the oldest live one: under such a flood a limit
 * may restart early, which is better than an instance out of memory (which loses every window). With
 * REDIS_URL the windows live in Redis.
 */
export const MEMORY_STORE_MAX_KEYS = 200_000;

export function memoryStore(now: () => number = Date.now, maxKeys = MEMORY_STORE_MAX_KEYS): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let sweeps = 0;
  let lastFullSweep = -Infinity;
  const live = (key: string, t: number) => {
    const w = windows.get(key);
    return w && w.resetAt > t ? w : undefined;
  };
  return {
    async hit(key, windowMs) {
      const t = now();
      // Forget expired windows now and then so the map cannot grow without bound.
      if (++sweeps % 1000 === 0) for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
      let w = live(key, t);
      if (!w) {
        w = { count: 0, resetAt: t + windowMs };
        // A new window goes to the end (its expired one is dropped first). When full, the expired
        // windows go first (looked for at most once a second); then the window that began longest ago.
        windows.delete(key);
        if (windows.size >= maxKeys && t - lastFullSweep >= 1_000) {
          lastFullSweep = t;
          for (const [k, old] of windows) if (old.resetAt <= t) windows.delete(k);
        }
        if (windows.size >= maxKeys) windows.delete(windows.keys().next().value!);
        windows.set(key, w);
      }
      w.count += 1;
      return { count: w.count, resetMs: w.resetAt - t };
    },
    async peek(key) {
      const t = now();
      const w = live(key, t);
      return w ? { count: w.count, resetMs: w.resetAt - t } : { count: 0, resetMs: 0 };
    },
    async reset(keys) {
      for (const key of keys) windows.delete(key);
    },
    async ping() {},
    async close() {
      windows.clear();
    },
  };
}

// INCR, and start the window's clock on the first hit; one round trip, atomic.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

export function redisStore(url: string, prefix = `${site.slug}:rl:`, log?: Logger): RateLimitStore {
  const { Redis } = loadIoredis();
  const redis = new Redis(url, { lazyConnect: false, ...FAST_REDIS });
  // A lost connection is retried by ioredis; the commands meanwhile fail and the breaker decides.
  redis.on("error", () => {});
  // While Redis is out: this process's own windows (the limit per instance instead of across instances).
  const local = memoryStore();
  const breaker = new CircuitBreaker({
    onChange: (state, error) => {
      if (state === "open")
        log?.warn(
          { err: error, dependency: "redis", degraded: REDIS_DEGRADED_LIMITS },
          "rate limits: Redis unavailable, counting per instance until it answers",
        );
      else log?.info({ dependency: "redis" }, "rate limits: Redis answers again, counting across instances");
    },
  });
  return {
    hit: (key, windowMs) =>
      breaker.run(
        async () => {
          const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, `${prefix}${key}`, String(windowMs))) as [number, number];
          return { count, resetMs: ttl };
        },
        () => local.hit(key, windowMs),
      ),
    peek: (key) =>
      breaker.run(
        async () => {
          const [[, count], [, ttl]] = (await redis.multi().get(`${prefix}${key}`).pttl(`${prefix}${key}`).exec()) as [
            [unknown, string | null],
            [unknown, number],
          ];
          return { count: Number(count ?? 0), resetMs: Math.max(0, ttl) };
        },
        () => local.peek(key),
      ),
    async reset(keys) {
      await local.reset(keys);
      if (keys.length > 0)
        await breaker.run(
          async () => void (await redis.del(...keys.map((k) => `${prefix}${k}`))),
          () => undefined,
        );
    },
    async ping() {
      await redis.ping();
    },
    degraded: () => (breaker.state === "closed" && redis.status === "ready" ? null : REDIS_DEGRADED_LIMITS),
    async close() {
      await local.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

function refusal(resetMs: number): Decision {
  return { allowed: false, retryAfterS: Math.max(1, Math.ceil(resetMs / 1000)) };
}

/** The decision that makes the caller wait longest. */
function longest(decisions: Decision[]): Decision {
  let worst: Decision = ALLOWED;
  for (const d of decisions) if (!d.allowed && (worst.allowed || d.retryAfterS > worst.retryAfterS)) worst = d;
  return worst;
}

export class RateLimiter {
  constructor(private readonly store: RateLimitStore) {}

  /** Counts one hit against every check; refused when any of them is now over its limit. */
  async consume(checks: Check[]): Promise<Decision> {
    const decisions: Decision[] = [];
    for (const { key, limit } of checks) {
      const { count, resetMs } = await this.store.hit(key, limit.windowMs);
      decisions.push(count <= limit.max ? ALLOWED : refusal(resetMs));
    }
    return longest(decisions);
  }

  /** Refused when any check has already used up its limit; counts nothing. */
  async exhausted(checks: Check[]): Promise<Decision> {
    const decisions: Decision[] = [];
    for (const { key, limit } of checks) {
      const { count, resetMs } = await this.store.peek(key);
      decisions.push(count < limit.max ? ALLOWED : refusal(resetMs));
    }
    return longest(decisions);
  }

  /** Counts one hit against every check without deciding anything (e.g. a failure to remember). */
  async record(checks: Check[]): Promise<void> {
    for (const { key, limit } of checks) await this.store.hit(key, limit.windowMs);
  }

  reset(keys: string[]): Promise<void> {
    return this.store.reset(keys);
  }

  ping(): Promise<void> {
    return this.store.ping();
  }

  /** What is degraded (Redis out: limits per instance), or null. */
  degraded(): string | null {
    return this.store.degraded?.() ?? null;
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
