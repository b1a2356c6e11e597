import { expect, test } from "vitest";
import { callRoute } from "../../tests/routes/route-kit";
import { expectNotFoundForOutsiders, grantedOperator, listedOperator } from "../../tests/routes/operator-kit";
import { loader } from "./admin.metrics";

test("this instance's figures as JSON: process, memory, event-loop delay, session cache; private, not indexed", async () => {
  const operator = await listedOperator();
  const answer = await callRoute<Record<string, unknown>>(loader, { path: "/admin/metrics.json", cookie: operator.cookie });
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
  expect(answer.headers.get("cache-control")).toBe("private, no-store");
  expect(answer.headers.get("x-robots-tag")).toBe("noindex");
  expect(Object.keys(answer.data).sort()).toEqual(["eventLoopDelayMs", "memoryMb", "pid", "sessionCache", "uptimeS"]);
  expect(answer.data).toEqual({
    pid: process.pid,
    uptimeS: expect.any(Number),
    memoryMb: { rss: expect.any(Number), heapUsed: expect.any(Number), external: expect.any(Number) },
    eventLoopDelayMs: { p50: expect.any(Number), p99: expect.any(Number), max: expect.any(Number) },
    sessionCache: { hits: expect.any(Number), misses: expect.any(Number), entries: expect.any(Number) },
  });
  const memory = answer.data.memoryMb as { rss: number; heapUsed: number };
  expect(memory.rss).toBeGreaterThan(memory.heapUsed);
});

test("the session cache counts the operator's own session reads", async () => {
  const operator = await grantedOperator();
  const first = await callRoute<{ sessionCache: { hits: number; misses: number } }>(loader, { path: "/admin/metrics.json", cookie: operator.cookie });
  const second = await callRoute<{ sessionCache: { hits: number; misses: number } }>(loader, { path: "/admin/metrics.json", cookie: operator.cookie });
  expect(second.data.sessionCache.hits).toBe(first.data.sessionCache.hits + 1);
});

test("does not exist for anyone else", async () => {
  await expectNotFoundForOutsiders((cookie) => callRoute(loader, { path: "/admin/metrics.json", cookie }));
});
