/**
 * Finding 5: one client poisoned the analytics: 300 beacons per 10 minutes
 * with any in-range value gave 2,300 page views and an LCP p75 of "≥ 120 s"
 * from one address. Now: implausible values are dropped and counted, a page
 * view counts once per client, route and minute, a client has 30 beacons per
 * 10 minutes, and /admin/analytics shows each figure's sample count.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "../../app/infra/db/schema";
import { call, type SignedIn, signIn } from "../reliability/lib/harness.ts";
import { asServer, freshV4, openDb, targets } from "./lib/suite.ts";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

describe.each(targets())("finding 5 on $kind: analytics one client cannot poison", (target) => {
  const server = asServer(target);
  let db: Kysely<Database>;
  let operator: SignedIn;

  beforeAll(async () => {
    db = openDb(target);
    operator = await signIn(server, { id: "", name: "", ...target.operator });
  });
  afterAll(async () => db?.destroy());

  const total = async (route: string, metric: string) =>
    (await db.selectFrom("analytics_daily").select("count").where("route", "=", route).where("metric", "=", metric).execute()).reduce(
      (sum, r) => sum + Number(r.count),
      0,
    );

  it("the reproduction (a page view and LCP 600 s, again and again, from one address) adds one page view and no LCP", async () => {
    const ip = freshV4();
    const body = JSON.stringify({
      device: "desktop",
      connection: "4g",
      events: [
        { route: "/vision", metric: "pageview" },
        { route: "/vision", metric: "LCP", value: 600_000 },
      ],
    });
    const statuses: number[] = [];
    const firstMinute = Math.floor(Date.now() / 60_000);
    for (let i = 0; i < 40; i++) {
      const res = await call(server, "POST", "/api/vitals", body, { ip, headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": CHROME } });
      statuses.push(res.status);
    }
    // 30 beacons per client per 10 minutes, then 429.
    expect(statuses.filter((s) => s === 204)).toHaveLength(30);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
    // Once per client, route and minute: twice if the beacons crossed a minute's end (a loaded machine).
    const minutes = Math.floor(Date.now() / 60_000) - firstMinute + 1;
    const views = await total("/vision", "pageview");
    expect(views).toBeGreaterThanOrEqual(1);
    expect(views).toBeLessThanOrEqual(minutes);
    expect(await total("/vision", "LCP")).toBe(0);
    expect(await total("/vision", "dropped")).toBe(30);
  });

  it("values within reach are kept: INP 60 s counts, CLS above 5 is dropped", async () => {
    const ip = freshV4();
    const body = JSON.stringify({
      device: "mobile",
      connection: "4g",
      events: [
        { route: "/team", metric: "INP", value: 60_000 },
        { route: "/team", metric: "CLS", value: 7 },
      ],
    });
    expect((await call(server, "POST", "/api/vitals", body, { ip, headers: { "content-type": "application/json", "user-agent": CHROME } })).status).toBe(204);
    expect(await total("/team", "INP")).toBe(1);
    expect(await total("/team", "CLS")).toBe(0);
  });

  it("the console shows each figure's sample count and the dropped values", async () => {
    const res = await call(server, "GET", "/admin/analytics", undefined, { cookie: operator.cookie });
    expect(res.status).toBe(200);
    const html = (await res.text()).replaceAll("<!-- -->", "");
    expect(html).toMatch(/data-testid="dropped-values"[^>]*>\d+/);
    expect(html).toMatch(/data-testid="overall-INP-samples"[^>]*>of \d+ values/);
    expect(html).toMatch(/\(n=\d+\)/);
  });
});
