/**
 * A small key-value store whose entries expire: Redis when REDIS_URL is set
 * (shared by every instance), else this process's memory. Like the rate
 * limiter's store it is an accelerator, not a dependency: Redis commands time
 * out fast, a circuit breaker stops asking it for a while after failures, and
 * meanwhile this process's own map answers.
 *
 * Used for what must never reach the database: the analytics' visitor of the
 * day (features/analytics/attribution.server.ts), a keyed hash that lives 24
 * hours at most.
 */
import type { Logger } from "pino";
import { site } from "~/config/site";
import { CircuitBreaker } from "~/infra/circuit-breaker";
import { loadIoredis } from "~/infra/optional-modules.server";
import { FAST_REDIS } from "~/infra/rate-limit/rate-limiter.server";

export interface TtlStore {
  get(key: string): Promise<string | null>;
  /** Sets the key only if it is absent; true when this call set it. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/** At most `maxEntries` live in memory; past it the oldest go first (a flood of visitors cannot grow the heap). */
export function memoryTtlStore({ maxEntries = 100_000, now = Date.now }: { maxEntries?: number; now?: () => number } = {}): TtlStore {
  const entries = new Map<string, { value: string; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt > now()) return entry;
    if (entry) entries.delete(key);
    return undefined;
  };
  return {
    async get(key) {
      return live(key)?.value ?? null;
    },
    async setIfAbsent(key, value, ttlMs) {
      if (live(key)) return false;
      entries.set(key, { value, expiresAt: now() + ttlMs });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return true;
    },
    async close() {
      entries.clear();
    },
  };
}

export function redisTtlStore(url: string, prefix: string, log?: Logger): TtlStore {
  const { Redis } = loadIoredis();
  const redis = new Redis(url, { lazyConnect: false, ...FAST_REDIS });
  redis.on("error", () => {});
  const local = memoryTtlStore();
  const breaker = new CircuitBreaker({
    onChange: (state, error) => {
      if (state === "open") log?.warn({ err: error, dependency: "redis" }, "key-value store: Redis unavailable, keeping entries per instance until it answers");
    },
  });
  const key = (k: string) => `${site.slug}:${prefix}${k}`;
  return {
    get: (k) =>
      breaker.run(
        () => redis.get(key(k)),
        () => local.get(k),
      ),
    setIfAbsent: (k, value, ttlMs) =>
      breaker.run(
        async () => (await redis.set(key(k), value, "PX", ttlMs, "NX")) === "OK",
        () => local.setIfAbsent(k, value, ttlMs),
      ),
    async close() {
      await local.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
