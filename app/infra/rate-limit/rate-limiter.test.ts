import { describe, expect, it } from "vitest";
import { memoryStore, RateLimiter, redisStore, tooManyRequests } from "./rate-limiter.server";

const stores = [
  { name: "memory", make: () => memoryStore() },
  ...(process.env.TEST_REDIS_URL ? [{ name: "redis", make: () => redisStore(process.env.TEST_REDIS_URL!, `test:${Math.random()}:`) }] : []),
];

describe.each(stores)("rate limiter on $name", ({ make }) => {
  it("allows up to the limit in a window, then refuses", async () => {
    const limiter = new RateLimiter(make());
    const limit = { max: 3, windowMs: 60_000 };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.hit("k", limit));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.resetMs).toBeGreaterThan(50_000);
    expect((await limiter.hit("other", limit)).allowed).toBe(true);
    await limiter.close();
  });

  it("starts a new window when the old one ends", async () => {
    const limiter = new RateLimiter(make());
    const limit = { max: 1, windowMs: 200 };
    expect((await limiter.hit("w", limit)).allowed).toBe(true);
    expect((await limiter.hit("w", limit)).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 260));
    expect((await limiter.hit("w", limit)).allowed).toBe(true);
    await limiter.close();
  });

  it("counts every rule and reports the one that blocks", async () => {
    const limiter = new RateLimiter(make());
    const rules = [
      { key: "ip:1", limit: { max: 10, windowMs: 60_000 } },
      { key: "email:a", limit: { max: 1, windowMs: 60_000 } },
    ];
    expect(await limiter.hitAll(rules)).toBeNull();
    const blocked = await limiter.hitAll(rules);
    expect(blocked?.allowed).toBe(false);
    expect((await limiter.hit("ip:1", rules[0]!.limit)).count).toBe(3);
    await limiter.close();
  });
});

describe("tooManyRequests", () => {
  it("answers 429 with Retry-After and a clear message", async () => {
    const res = tooManyRequests({ allowed: false, count: 9, resetMs: 125_000 });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("125");
    expect(await res.json()).toEqual({ success: false, message: "Too many attempts. Please wait 3 minutes and try again." });
  });
});
