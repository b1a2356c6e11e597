import { beforeAll, expect, test } from "vitest";
import { recordBeacon } from "~/features/analytics/index.server";
import { services } from "~/services.server";
import { callRoute } from "../../tests/routes/route-kit";
import { expectNotFoundForOutsiders, listedOperator, type Signed } from "../../tests/routes/operator-kit";
import { loader } from "./admin.analytics";

interface Summary {
  days: number;
  from: string;
  to: string;
  totalPageViews: number;
  pageViews: Array<{ route: string; count: number }>;
  vitals: Array<{ route: string; metrics: Record<string, { count: number; p75: number }> }>;
  daily: { days: string[]; pageViews: number[] };
}

let operator: Signed;
beforeAll(async () => {
  operator = await listedOperator();
});

const summary = async (search = "") =>
  (await callRoute<{ summary: Summary }>(loader, { path: `/admin/analytics${search}`, cookie: operator.cookie })).data.summary;

test("the last 7 days by default, 30 when asked, ending today", async () => {
  const today = new Date().toISOString().slice(0, 10);
  const seven = await summary();
  expect(seven).toMatchObject({ days: 7, to: today });
  expect(seven.daily.days).toHaveLength(7);
  const thirty = await summary("?days=30");
  expect(thirty).toMatchObject({ days: 30, to: today });
  expect(thirty.daily.days).toHaveLength(30);
  expect((await summary("?days=90")).days).toBe(7);
});

test("page views and vitals per route, from the counted beacons", async () => {
  const { database } = await services();
  // The worker's database is shared with other files' visits (tests/routes/setup.ts): count what this beacon adds.
  const before = await summary();
  const pricingViews = (d: typeof before) => d.pageViews.find((p) => p.route === "/pricing")?.count ?? 0;
  const pricingLcp = (d: typeof before) => d.vitals.find((v) => v.route === "/pricing")?.metrics.LCP?.count ?? 0;
  await recordBeacon(
    database.db,
    {
      device: "mobile",
      connection: "4g",
      events: [
        { route: "/pricing", metric: "pageview" },
        { route: "/pricing", metric: "LCP", value: 1800 },
      ],
    },
    new Date(),
  );
  const data = await summary();
  expect(pricingViews(data)).toBe(pricingViews(before) + 1);
  expect(data.totalPageViews).toBe(before.totalPageViews + 1);
  expect(data.daily.pageViews.at(-1)).toBe((before.daily.pageViews.at(-1) ?? 0) + 1);
  expect(pricingLcp(data)).toBe(pricingLcp(before) + 1);
});

test("does not exist for anyone else", async () => {
  await expectNotFoundForOutsiders((cookie) => callRoute(loader, { path: "/admin/analytics", cookie }));
});
