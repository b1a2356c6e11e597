/**
 * POST /api/vitals end to end, minus HTTP: the ingest handler with Fetch
 * Requests, on a migrated database (SQLite, and PostgreSQL too when
 * TEST_DATABASE_URL is set), then the summary the admin page reads.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/infra/db/database.server";
import { testDatabases } from "../../../tests/support/test-databases";
import { openTestServices, type TestServices } from "../../../tests/support/test-services";
import { BUCKET_COLUMNS, bucketIndex } from "./histogram";
import { RULES } from "~/infra/rate-limit/rules";
import { handleVitalsBeacon } from "./ingest.server";
import { dayOf, pruneAnalytics } from "./record.server";
import { analyticsSummary } from "./summary.server";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const URL_ = "http://localhost:3000/api/vitals";

let ipCounter = 1;
const freshIp = () => `198.51.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`;

function post(body: string, { type = "text/plain;charset=UTF-8", headers = {} as Record<string, string> } = {}) {
  return new Request(URL_, {
    method: "POST",
    headers: { "user-agent": CHROME, origin: "http://localhost:3000", ...(type ? { "content-type": type } : {}), ...headers },
    // A string body would get text/plain from Request itself; bytes get no type.
    body: type ? body : new TextEncoder().encode(body),
  });
}

function beacon(events: unknown[], extra: Record<string, unknown> = {}) {
  return JSON.stringify({ device: "desktop", connection: "4g", events, ...extra });
}

describe.each(testDatabases())("POST /api/vitals on $name", (target) => {
  let s: TestServices;
  let drop: () => Promise<void> = async () => {};
  const now = new Date("2026-11-20T10:00:00Z");

  beforeAll(async () => {
    if (target.name === "postgres") {
      const created = await target.create();
      drop = created.drop;
      s = await openTestServices({ DATABASE_URL: created.url });
    } else s = await openTestServices();
  });

  afterAll(async () => {
    await s.close();
    await drop();
  });

  const ingest = (request: Request, options: { ip?: string; at?: Date; db?: DatabaseHandle } = {}) =>
    handleVitalsBeacon(request, {
      db: (options.db ?? s.database).db,
      limiter: s.limiter,
      ip: options.ip ?? freshIp(),
      secret: "test-secret-of-32-characters-or-more",
      now: () => options.at ?? now,
    });

  const rows = (route: string, metric: string, day = dayOf(now)) =>
    s.database.db.selectFrom("analytics_daily").selectAll().where("route", "=", route).where("metric", "=", metric).where("day", "=", day).execute();

  const total = async (route: string, metric: string, day = dayOf(now)) => (await rows(route, metric, day)).reduce((sum, r) => sum + Number(r.count), 0);

  it("counts a page view and a vital sent as sendBeacon sends them (text/plain): 204", async () => {
    const res = await ingest(
      post(
        beacon([
          { route: "/pricing", metric: "pageview" },
          { route: "/pricing", metric: "LCP", value: 2100 },
        ]),
      ),
    );
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    const [view] = await rows("/pricing", "pageview");
    expect(view).toMatchObject({ day: "2026-11-20", route: "/pricing", metric: "pageview", device: "desktop", connection: "4g" });
    expect(Number(view!.count)).toBe(1);
    const [lcp] = await rows("/pricing", "LCP");
    expect(Number(lcp!.count)).toBe(1);
    const bucket = BUCKET_COLUMNS[bucketIndex("LCP", 2100)]!;
    expect(Number(lcp![bucket])).toBe(1);
  });

  it("takes application/json too, and keeps device and connection apart", async () => {
    const res = await ingest(post(beacon([{ route: "/team", metric: "pageview" }], { device: "mobile", connection: "3g" }), { type: "application/json" }));
    expect(res.status).toBe(204);
    expect((await rows("/team", "pageview")).map((r) => [r.device, r.connection])).toEqual([["mobile", "3g"]]);
  });

  it("stores nothing with Global Privacy Control or Do Not Track (204)", async () => {
    for (const headers of [{ "sec-gpc": "1" }, { dnt: "1" }] as Record<string, string>[]) {
      const res = await ingest(post(beacon([{ route: "/vision", metric: "pageview" }]), { headers }));
      expect(res.status).toBe(204);
    }
    expect(await total("/vision", "pageview")).toBe(0);
  });

  it("drops bots and clients without a user agent (204)", async () => {
    for (const ua of ["Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "curl/8.5.0", ""]) {
      const res = await ingest(post(beacon([{ route: "/story", metric: "pageview" }]), { headers: { "user-agent": ua } }));
      expect(res.status, ua).toBe(204);
    }
    expect(await total("/story", "pageview")).toBe(0);
  });

  it("refuses bad input with 400/413/415/405, never a crash, and stores nothing", async () => {
    const cases: [Request, number][] = [
      [post("{not json"), 400],
      [post(""), 400],
      [post("[1,2]"), 400],
      [post(beacon([{ route: "/community/123?x=1", metric: "pageview" }])), 400],
      [post(beacon([{ route: "/community", metric: "FID", value: 3 }])), 400],
      [post(beacon([{ route: "/community", metric: "LCP", value: -5 }])), 400],
      [post(beacon([{ route: "/community", metric: "pageview" }], { ip: "1.2.3.4" })), 400],
      [post("\u0000"), 400],
      [post(beacon([{ route: "/community", metric: "pageview" }]) + " ".repeat(9 * 1024)), 413],
      [post(beacon([{ route: "/community", metric: "pageview" }]), { type: "application/x-www-form-urlencoded" }), 415],
      [post(beacon([{ route: "/community", metric: "pageview" }]), { type: "" }), 415],
      [new Request(URL_, { method: "GET", headers: { "user-agent": CHROME } }), 405],
    ];
    for (const [request, status] of cases) {
      const res = await ingest(request);
      expect(res.status, `${request.method} ${request.headers.get("content-type")}`).toBe(status);
    }
    expect(await total("/community", "pageview")).toBe(0);
  });

  it("rate-limits per IP (429 with Retry-After), whatever the body", async () => {
    const ip = "203.0.113.77";
    for (let i = 0; i < RULES.vitals.ip.max; i++) expect((await ingest(post("{"), { ip })).status).toBe(400);
    const refused = await ingest(post(beacon([{ route: "/features", metric: "pageview" }])), { ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await total("/features", "pageview")).toBe(0);
    expect((await ingest(post(beacon([{ route: "/features", metric: "pageview" }])))).status).toBe(204);
  });

  it("drops and counts implausible values: LCP and INP above 60 s, CLS above 5", async () => {
    const res = await ingest(
      post(
        beacon([
          { route: "/vision", metric: "LCP", value: 600_000 },
          { route: "/vision", metric: "INP", value: 60_001 },
          { route: "/vision", metric: "CLS", value: 5.01 },
          { route: "/vision", metric: "FCP", value: 60_000 },
        ]),
      ),
    );
    expect(res.status).toBe(204);
    expect(await total("/vision", "LCP")).toBe(0);
    expect(await total("/vision", "INP")).toBe(0);
    expect(await total("/vision", "CLS")).toBe(0);
    expect(await total("/vision", "FCP")).toBe(1);
    expect(await total("/vision", "dropped")).toBe(3);
    const summary = await analyticsSummary(s.database.db, { days: 7, now });
    expect(summary.dropped).toBeGreaterThanOrEqual(3);
  });

  it("counts one page view per client, route and minute; another client or route counts", async () => {
    const ip = "2001:db8:77:1::1";
    const view = (route: string) => post(beacon([{ route, metric: "pageview" }]));
    const before = await total("/team", "pageview");
    for (const address of [ip, "2001:db8:77:1::2", "::ffff:198.51.100.200", "198.51.100.200"]) {
      expect((await ingest(view("/team"), { ip: address })).status).toBe(204);
    }
    // One /64 and one IPv4 client (its IPv4-mapped form is the same client): two page views.
    expect(await total("/team", "pageview")).toBe(before + 2);
    await ingest(view("/story"), { ip });
    expect(await total("/story", "pageview")).toBe(1);
  });

  it("loses no increment under concurrent beacons, from two database handles (two instances) at once", async () => {
    const second = openDatabase(s.env.database);
    try {
      const n = 60;
      const results = await Promise.all(
        Array.from({ length: n }, (_, i) =>
          ingest(
            post(
              beacon([
                { route: "/blog/:slug", metric: "pageview" },
                { route: "/blog/:slug", metric: "INP", value: 40 + i },
              ]),
            ),
            { db: i % 2 === 0 ? s.database : second },
          ),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(Array.from({ length: n }, () => 204));
      expect(await total("/blog/:slug", "pageview")).toBe(n);
      const inp = await rows("/blog/:slug", "INP");
      expect(inp).toHaveLength(1);
      expect(Number(inp[0]!.count)).toBe(n);
      expect(BUCKET_COLUMNS.reduce((sum, column) => sum + Number(inp[0]![column]), 0)).toBe(n);
    } finally {
      await second.close();
    }
  });

  it("merges repeated events of one beacon into one row, and keeps one row per day", async () => {
    const first = [
      { route: "/license", metric: "pageview" },
      { route: "/license", metric: "TTFB", value: 120 },
    ];
    const second = [
      { route: "/license", metric: "pageview" },
      { route: "/license", metric: "TTFB", value: 900 },
    ];
    for (const events of [first, second]) expect((await ingest(post(beacon(events)))).status).toBe(204);
    for (const events of [first, second]) expect((await ingest(post(beacon(events)), { at: new Date("2026-11-21T00:00:01Z") })).status).toBe(204);
    expect(await total("/license", "pageview")).toBe(2);
    expect(await total("/license", "pageview", "2026-11-21")).toBe(2);
    const [ttfb] = await rows("/license", "TTFB");
    expect(Number(ttfb!.count)).toBe(2);
  });

  it("summarises per route with p50/p75/p95 and ratings, per day, over 7 or 30 days", async () => {
    const lcp = [1000, 1200, 1500, 2200, 2400, 2600, 3000, 5000];
    expect((await ingest(post(beacon([{ route: "/terms", metric: "pageview" }])))).status).toBe(204);
    for (const value of lcp) expect((await ingest(post(beacon([{ route: "/terms", metric: "LCP", value }])))).status).toBe(204);
    // Ten days earlier: inside 30 days, outside 7.
    const earlier = new Date(now.getTime() - 10 * 86_400_000);
    expect((await ingest(post(beacon([{ route: "/terms", metric: "pageview" }])), { at: earlier })).status).toBe(204);

    const week = await analyticsSummary(s.database.db, { days: 7, now });
    expect(week.from).toBe("2026-11-14");
    expect(week.to).toBe("2026-11-20");
    expect(week.pageViews.find((p) => p.route === "/terms")?.count).toBe(1);
    const terms = week.vitals.find((v) => v.route === "/terms")!.metrics.LCP!;
    expect(terms.count).toBe(8);
    // p75 of 8 values is rank 6 (2600), in the (2500, 2750] bucket: needs improvement.
    expect(terms.p75).toBeGreaterThan(2500);
    expect(terms.p75).toBeLessThanOrEqual(2750);
    expect(terms.rating).toBe("needs-improvement");
    expect(terms.p50).toBeGreaterThan(2000);
    expect(terms.p50).toBeLessThanOrEqual(2250);
    expect(terms.p95).toBeGreaterThan(4500);
    expect(terms.p95).toBeLessThanOrEqual(5000);
    expect(week.daily.days).toHaveLength(7);
    expect(week.daily.days.at(-1)).toBe("2026-11-20");
    expect(week.daily.pageViews.at(-1)).toBe(week.totalPageViews);
    expect(week.daily.p75.LCP.at(-1)).not.toBeNull();
    expect(week.devices.map((d) => d.device)).toEqual(expect.arrayContaining(["desktop", "mobile"]));
    expect(week.connections.map((c) => c.connection)).toEqual(expect.arrayContaining(["4g", "3g"]));
    expect(week.totalPageViews).toBe(week.pageViews.reduce((sum, p) => sum + p.count, 0));

    const month = await analyticsSummary(s.database.db, { days: 30, now });
    expect(month.daily.days).toHaveLength(30);
    expect(month.pageViews.find((p) => p.route === "/terms")?.count).toBe(2);
    expect(month.daily.pageViews[month.daily.days.indexOf(dayOf(earlier))]).toBe(1);
  });

  it("forgets days past the retention period", async () => {
    const old = new Date(now.getTime() - 500 * 86_400_000);
    expect((await ingest(post(beacon([{ route: "/coming-soon", metric: "pageview" }])), { at: old })).status).toBe(204);
    expect(await total("/coming-soon", "pageview", dayOf(old))).toBe(1);
    expect(await pruneAnalytics(s.database.db, now)).toBeGreaterThanOrEqual(1);
    expect(await total("/coming-soon", "pageview", dayOf(old))).toBe(0);
    expect(await total("/pricing", "pageview")).toBe(1);
  });
});
