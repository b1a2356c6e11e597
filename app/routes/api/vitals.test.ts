/**
 * POST /api/vitals (contract; docs/decisions/0016-analytics.md): what the
 * analytics beacon endpoint answers and what it records. The browser's
 * reporter (when it sends, Global Privacy Control in the page) is a journey's.
 */
import { describe, expect, test } from "vitest";
import { RULES } from "~/infra/rate-limit/rules";
import { services } from "~/services.server";
import { callRoute, freshEmail, type RouteCall } from "../../../tests/routes/route-kit";
import { action as contactAction } from "../message-page";
import { action as waitlistAction } from "../waitlist";
import { action, loader } from "./vitals";

const BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

let lastIp = 0;
/** A client address of its own: beacons are limited, and page views counted once a minute, per client. */
const freshIp = () => `10.80.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;

/** A beacon as `navigator.sendBeacon` sends it: JSON as text/plain. */
function beacon(body: unknown, call: Partial<RouteCall> = {}) {
  const { headers, ...rest } = call;
  return callRoute(action, {
    path: "/api/vitals",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": BROWSER, ...headers },
    ip: freshIp(),
    ...rest,
  });
}

/** The count of `metric` on `route`, over every day, device and connection. */
async function counted(route: string, metric: string): Promise<number> {
  const { database } = await services();
  const rows = await database.db.selectFrom("analytics_daily").select("count").where("route", "=", route).where("metric", "=", metric).execute();
  return rows.reduce((sum, row) => sum + Number(row.count), 0);
}

const pageView = (route: string, extra: object = {}) => ({ device: "desktop", connection: "4g", events: [{ route, metric: "pageview", ...extra }] });

describe("a beacon", () => {
  test("a page view is answered 204 and counted, with no cookie set", async () => {
    const before = await counted("/story", "pageview");
    const answer = await beacon(pageView("/story"));
    expect(answer.status).toBe(204);
    expect(answer.headers.get("set-cookie")).toBeNull();
    expect(await counted("/story", "pageview")).toBe(before + 1);
  });

  test("the contract's single event, as JSON or as text, is counted", async () => {
    const before = await counted("/", "LCP");
    const event = { name: "LCP", value: 1234, route: "/", device: "desktop", connection: "4g" };
    expect((await beacon(event)).status).toBe(204);
    expect((await beacon(event, { headers: { "content-type": "application/json" } })).status).toBe(204);
    expect(await counted("/", "LCP")).toBe(before + 2);
  });

  test("one client's page views of a route count once a minute", async () => {
    const ip = freshIp();
    const before = await counted("/team", "pageview");
    for (let i = 0; i < 3; i++) expect((await beacon(pageView("/team"), { ip })).status).toBe(204);
    expect(await counted("/team", "pageview")).toBe(before + 1);
  });

  test("a vital above what is believable is left out, and counted as dropped", async () => {
    const lcp = await counted("/features", "LCP");
    const dropped = await counted("/features", "dropped");
    expect((await beacon({ device: "mobile", connection: "3g", events: [{ route: "/features", metric: "LCP", value: 500_000 }] })).status).toBe(204);
    expect(await counted("/features", "LCP")).toBe(lcp);
    expect(await counted("/features", "dropped")).toBe(dropped + 1);
  });
});

describe("nothing is kept", () => {
  test("with Global Privacy Control or Do Not Track: 204 without even reading the body", async () => {
    for (const header of [{ "sec-gpc": "1" }, { dnt: "1" }] as Record<string, string>[]) {
      expect((await beacon("not even json", { headers: header })).status).toBe(204);
    }
    const before = await counted("/vision", "pageview");
    expect((await beacon(pageView("/vision"), { headers: { "sec-gpc": "1" } })).status).toBe(204);
    expect(await counted("/vision", "pageview")).toBe(before);
  });

  test("from a bot, or a client without a user agent: 204, dropped", async () => {
    const before = await counted("/community", "pageview");
    expect((await beacon(pageView("/community"), { headers: { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" } })).status).toBe(204);
    expect((await beacon(pageView("/community"), { headers: { "user-agent": "" } })).status).toBe(204);
    expect(await counted("/community", "pageview")).toBe(before);
  });
});

describe("what is not a beacon", () => {
  test("a route that is not a page pattern, or a URL with its query: 400", async () => {
    for (const body of [pageView("/blog/some-post?utm=x"), { name: "LCP", value: 1234, route: "/nowhere", device: "desktop", connection: "4g" }]) {
      const answer = await beacon(body);
      expect(answer.status).toBe(400);
      expect(answer.data).toEqual({ success: false, message: "The beacon is not valid." });
    }
    expect(await counted("/blog/some-post?utm=x", "pageview")).toBe(0);
  });

  test("over 8 KB: 413", async () => {
    expect((await beacon("x".repeat(9 * 1024))).status).toBe(413);
  });

  test("neither JSON nor text: 415", async () => {
    const answer = await beacon("<x/>", { headers: { "content-type": "application/xml" } });
    expect(answer.status).toBe(415);
    expect(answer.data).toEqual({ success: false, message: "Send the beacon as text/plain or application/json." });
  });

  test(`past ${RULES.vitals.ip.max} beacons from one client in ten minutes: 429 with Retry-After`, async () => {
    const ip = freshIp();
    for (let i = 0; i < RULES.vitals.ip.max; i++) expect((await beacon(pageView("/pricing"), { ip })).status).toBe(204);
    const over = await beacon(pageView("/pricing"), { ip });
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  test("a GET is a 405 that names POST", async () => {
    const answer = await callRoute(loader, { path: "/api/vitals" });
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toBe("POST");
  });
});

test("a visit from a campaign: its visitor and page views under the source, and its goals (a message, a waitlist join) under it too", async () => {
  const campaign = "launch-route-test";
  const visitor = { ip: freshIp(), headers: { "user-agent": BROWSER } };
  const source = { utm_source: "newsletter", utm_medium: "email", utm_campaign: campaign };
  expect((await beacon(pageView("/pricing", { source }), visitor)).status).toBe(204);
  expect((await beacon(pageView("/contact"), visitor)).status).toBe(204);
  const { database } = await services();
  const sourceRow = () =>
    database.db.selectFrom("analytics_source_daily").selectAll().where("source", "=", "newsletter").where("campaign", "=", campaign).executeTakeFirst();
  expect(await sourceRow()).toMatchObject({ medium: "email", visitors: 1, pageviews: 2 });

  const sent = await callRoute(contactAction, {
    path: "/contact",
    form: { name: "Asha", email: "asha@example.com", message: "Came from the newsletter" },
    ...visitor,
  });
  expect(sent.data).toEqual({ status: "sent" });
  await callRoute(waitlistAction, { path: "/waitlist", form: { email: freshEmail("campaign"), interest: "" }, ...visitor });
  const goals = await database.db
    .selectFrom("analytics_goal_daily")
    .select(["goal", "count"])
    .where("source", "=", "newsletter")
    .where("campaign", "=", campaign)
    .orderBy("goal")
    .execute();
  expect(goals.map((g) => [g.goal, Number(g.count)])).toEqual([
    ["form-sent", 1],
    ["waitlist-joined", 1],
  ]);
  expect(await sourceRow()).toMatchObject({ visitors: 1 });
});
