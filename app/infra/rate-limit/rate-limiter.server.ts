/**
 * Fixed-window rate limits, shared across instances through Redis when
 * REDIS_URL is set (else kept in this process). A limit is a number of hits
 * per window per key; keys name the rule and who is limited, e.g.
 * `sign-in:ip:203.0.113.9` or `sign-in:email:asha@example.com`.
 */
import { Redis } from "ioredis";

export interface Limit {
  /** Hits allowed per window. */
  max: number;
  windowMs: number;
}

export interface HitResult {
  allowed: boolean;
  /** Hits so far in this window, this one included. */
  count: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
  close(): Promise<void>;
}

export function memoryStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let sweeps = 0;
  return {
    async hit(key, windowMs) {
      const t = now();
      // Forget expired windows now and then so the map cannot grow without bound.
      if (++sweeps % 1000 === 0) for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return { count: w.count, resetMs: w.resetAt - t };
    },
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

export function redisStore(url: string, prefix = "tuesday:rl:"): RateLimitStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, `${prefix}${key}`, String(windowMs))) as [number, number];
      return { count, resetMs: ttl };
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

export class RateLimiter {
  constructor(private readonly store: RateLimitStore) {}

  async hit(key: string, limit: Limit): Promise<HitResult> {
    const { count, resetMs } = await this.store.hit(key, limit.windowMs);
    return { allowed: count <= limit.max, count, resetMs };
  }

  /** Counts one hit against every rule and reports the first one exceeded, if any. */
  async hitAll(rules: Array<{ key: string; limit: Limit }>): Promise<HitResult | null> {
    let blocked: HitResult | null = null;
    for (const rule of rules) {
      const result = await this.hit(rule.key, rule.limit);
      if (!result.allowed && (!blocked || result.resetMs > blocked.resetMs)) blocked = result;
    }
    return blocked;
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

/** The 429 answer, in the contract's error shape with a human wait time. */
export function tooManyRequests(result: HitResult): Response {
  const seconds = Math.max(1, Math.ceil(result.resetMs / 1000));
  const wait = seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  return Response.json(
    { success: false, message: `Too many attempts. Please wait ${wait} and try again.` },
    { status: 429, headers: { "Retry-After": String(seconds) } },
  );
}
