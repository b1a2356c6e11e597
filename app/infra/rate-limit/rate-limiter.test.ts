import { describe, expect, it } from "vitest";
import { memoryStore, RateLimiter, redisStore } from "./rate-limiter.server";

const stores = [
  { name: "memory", make: () => memoryStore() },
  ...(process.env.TEST_REDIS_URL ? [{ name: "redis", make: () => redisStore(process.env.TEST_REDIS_URL!, `test:${Math.random()}:`) }] : []),
];

describe.each(stores)("rate limiter on $name", ({ make }) => {
  it("allows up to the limit in a window, then refuses with the wait", async () => {
    const limiter = new RateLimiter(make());
    const check = { key: "k", limit: { max: 3, windowMs: 60_000 } };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.consume([check]));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    const refused = results[3]!;
    expect(!refused.allowed && refused.retryAfterS).toBeGreaterThan(50);
    expect((await limiter.consume([{ ...check, key: "other" }])).allowed).toBe(true);
    await limiter.close();
  });

  it("starts a new window when the old one ends", async () => {
    const limiter = new RateLimiter(make());
    const check = { key: "w", limit: { max: 1, windowMs: 200 } };
    expect((await limiter.consume([check])).allowed).toBe(true);
    expect((await limiter.consume([check])).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 260));
    expect((await limiter.consume([check])).allowed).toBe(true);
    await limiter.close();
  });

  it("counts every check and refuses when any is over", async () => {
    const limiter = new RateLimiter(make());
    const checks = [
      { key: "ip:1", limit: { max: 10, windowMs: 60_000 } },
      { key: "email:a", limit: { max: 1, windowMs: 60_000 } },
    ];
    expect((await limiter.consume(checks)).allowed).toBe(true);
    expect((await limiter.consume(checks)).allowed).toBe(false);
    expect((await limiter.exhausted([{ key: "ip:1", limit: { max: 3, windowMs: 60_000 } }])).allowed).toBe(true);
    expect((await limiter.exhausted([{ key: "ip:1", limit: { max: 2, windowMs: 60_000 } }])).allowed).toBe(false);
    await limiter.close();
  });

  it("peeks without counting, records without deciding, and forgets on reset", async () => {
    const limiter = new RateLimiter(make());
    const check = { key: "f", limit: { max: 2, windowMs: 60_000 } };
    expect((await limiter.exhausted([check])).allowed).toBe(true);
    await limiter.record([check]);
    expect((await limiter.exhausted([check])).allowed).toBe(true);
    await limiter.record([check]);
    expect((await limiter.exhausted([check])).allowed).toBe(false);
    await limiter.reset(["f"]);
    expect((await limiter.exhausted([check])).allowed).toBe(true);
    await limiter.close();
  });
});

it("the memory store keeps at most its bound of windows, forgetting the oldest: made-up keys cannot exhaust memory", async () => {
  const store = memoryStore(Date.now, 3);
  for (const key of ["a", "b", "c", "d"]) await store.hit(key, 60_000);
  expect((await store.peek("a")).count).toBe(0);
  expect((await store.peek("d")).count).toBe(1);
  // A key hit again keeps its count; the window that began first goes only when a new key needs room.
  expect((await store.hit("b", 60_000)).count).toBe(2);
  await store.hit("e", 60_000);
  expect((await store.peek("b")).count).toBe(0);
  expect((await store.peek("c")).count).toBe(1);
});

it("when full, the memory store forgets expired windows before a live one", async () => {
  let t = 0;
  const store = memoryStore(() => t, 3);
  await store.hit("day-1", 86_400_000);
  await store.hit("short", 1_000);
  await store.hit("day-2", 86_400_000);
  t = 5_000;
  await store.hit("new", 60_000);
  // The short window had ended: it made the room, and the day-long ones, the oldest among them, are kept.
  expect((await store.peek("day-1")).count).toBe(1);
  expect((await store.peek("day-2")).count).toBe(1);
  expect((await store.peek("new")).count).toBe(1);
});
