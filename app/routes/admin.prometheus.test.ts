/**
 * GET /admin/metrics (issue 42): this instance's figures in Prometheus' text
 * format, for a scraper's bearer token or an operator's session; 404 for
 * anyone else, a wrong or missing token included. Its own file: the
 * configuration (METRICS_TOKEN) is read once per file.
 */
import { expect, test, vi } from "vitest";
import { callRoute } from "../../tests/routes/route-kit";
import { expectNotFoundForOutsiders, listedOperator } from "../../tests/routes/operator-kit";
import { loader } from "./admin.prometheus";

const TOKEN = "prometheus-scraper-token-0123456789abcdef";
vi.stubEnv("METRICS_TOKEN", TOKEN);

/** Every sample line, name{labels} → value. */
function samples(text: string): Map<string, number> {
  return new Map(
    text
      .split("\n")
      .filter((line) => line && !line.startsWith("#"))
      .map((line) => [line.slice(0, line.lastIndexOf(" ")), Number(line.slice(line.lastIndexOf(" ") + 1))]),
  );
}

test("a scraper with the token reads the text format: memory in bytes, loop delay in seconds, cache counters", async () => {
  const answer = await callRoute<string>(loader, { path: "/admin/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
  expect(answer.headers.get("cache-control")).toBe("private, no-store");
  const text = String(answer.data);
  expect(text).toContain("# TYPE process_resident_memory_bytes gauge");
  expect(text).toContain("# TYPE session_cache_hits_total counter");
  const values = samples(text);
  expect(values.get("process_resident_memory_bytes")).toBeGreaterThan(10 * 1048576);
  expect(values.get("process_resident_memory_bytes")).toBeGreaterThan(values.get("nodejs_heap_used_bytes")!);
  expect(values.get('nodejs_eventloop_delay_seconds{quantile="0.99"}')).toBeGreaterThanOrEqual(0);
  expect(Math.abs(values.get("process_start_time_seconds")! - (Date.now() / 1000 - process.uptime()))).toBeLessThan(2);
  expect([...values.values()].every(Number.isFinite)).toBe(true);
});

test("an operator's session reads it too", async () => {
  const operator = await listedOperator();
  expect((await callRoute(loader, { path: "/admin/metrics", cookie: operator.cookie })).status).toBe(200);
});

test("a wrong or missing token, and everyone else, get the console's 404", async () => {
  for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, "Basic Zm9vOmJhcg=="]) {
    expect((await callRoute(loader, { path: "/admin/metrics", headers: { authorization } })).status).toBe(404);
  }
  await expectNotFoundForOutsiders((cookie) => callRoute(loader, { path: "/admin/metrics", cookie }));
});
