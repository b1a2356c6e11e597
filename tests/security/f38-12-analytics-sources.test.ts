/**
 * Issue 38, finding 12 (Low): one client address filled the day's 1,000
 * analytics sources (its visitor key includes the User-Agent, so each new UA
 * was a new visitor with a source of its own); every real new source that day
 * was then "(other)", and junk host names reached the weekly mail. Now one
 * client brings at most NEW_SOURCES_PER_CLIENT new sources a day.
 */
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { NEW_SOURCES_PER_CLIENT } from "../../app/features/analytics/attribution.server.ts";
import { TRACKED_ROUTES } from "../../app/features/analytics/metrics.ts";
import { call } from "../reliability/lib/harness.ts";
import { asServer, freshV4, openDb, targets } from "./lib/suite.ts";

describe.each(targets())("finding 38.12 on $kind: one client cannot fill the day's sources", (target) => {
  const server = asServer(target);
  const db = openDb(target);
  afterAll(() => db.destroy());

  it(`a new User-Agent per beacon brings at most ${NEW_SOURCES_PER_CLIENT} new sources; a real visitor's source still counts`, async () => {
    const ip = freshV4();
    const tag = randomBytes(3).toString("hex");
    const routes = TRACKED_ROUTES.filter((r) => !r.includes(":")).slice(0, 12);
    for (const [i, route] of routes.entries()) {
      const body = JSON.stringify({
        device: "desktop",
        connection: "4g",
        events: [{ route, metric: "pageview", source: { ref: `junk-${tag}-${i}.example` } }],
      });
      const res = await call(server, "POST", "/api/vitals", body, {
        ip,
        headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": `Mozilla/5.0 Junk/${tag}.${i}` },
      });
      expect(res.status).toBe(204);
    }
    await new Promise((r) => setTimeout(r, 500));
    const junk = await db.selectFrom("analytics_source_daily").select("source").where("source", "like", `junk-${tag}-%`).execute();
    expect(junk.length).toBe(NEW_SOURCES_PER_CLIENT);
    // Someone else, from another address, with a source of their own: counted under it.
    const real = `real-${tag}.example`;
    const body = JSON.stringify({ device: "mobile", connection: "4g", events: [{ route: "/", metric: "pageview", source: { ref: real } }] });
    expect(
      (
        await call(server, "POST", "/api/vitals", body, {
          ip: freshV4(),
          headers: {
            "content-type": "text/plain;charset=UTF-8",
            "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
          },
        })
      ).status,
    ).toBe(204);
    // Counted after the answer (the beacon's 204 does not wait for the write).
    const until = Date.now() + 5_000;
    let row;
    while (!(row = await db.selectFrom("analytics_source_daily").select("source").where("source", "=", real).executeTakeFirst()) && Date.now() < until)
      await new Promise((r) => setTimeout(r, 50));
    expect(row).toBeDefined();
  });
});
