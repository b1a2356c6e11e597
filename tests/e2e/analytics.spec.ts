/**
 * Self-hosted analytics (issue 13, docs/decisions/0016-analytics.md) as a
 * visitor's browser sends it: page views and Core Web Vitals land in the
 * database within seconds, the beacons name route patterns and coarse
 * classes only, the browser keeps nothing new, and Global Privacy Control
 * stops everything. What the endpoint accepts and refuses, and the console's
 * figures, are the route tests' (app/routes/api/vitals, admin.analytics).
 *
 * Other tests browse the same server at the same time, so counts are checked
 * to have grown, never to equal a number.
 */
import type { Page, TestInfo } from "@playwright/test";
import { appDb, expect, test } from "./fixtures";

/** The sum of `count` over every row of `route` for these metrics (all days, devices, connections). */
async function counted(testInfo: TestInfo, route: string, metrics: string[]): Promise<number> {
  const rows = await appDb(testInfo).selectFrom("analytics_daily").select("count").where("route", "=", route).where("metric", "in", metrics).execute();
  return rows.reduce((sum, row) => sum + Number(row.count), 0);
}

/** What this origin keeps in the browser: cookie names and storage keys. */
async function keptInBrowser(page: Page) {
  const cookies = (await page.context().cookies()).map((c) => c.name).sort();
  const storage = await page.evaluate(() => ({ local: Object.keys(localStorage).sort(), session: Object.keys(sessionStorage).sort() }));
  return { cookies, ...storage };
}

/** Every beacon the page sends, with its body. */
function watchBeacons(page: Page): { body: string | null }[] {
  const beacons: { body: string | null }[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/vitals") beacons.push({ body: request.postData() });
  });
  return beacons;
}

/**
 * Three pages by their links: /about, then Pricing from the header, then
 * Privacy from the footer, each read for `dwell` ms. A page view goes out
 * when the browser is first idle after the load, or at once if the visitor
 * leaves first (features/analytics/landing-view.ts).
 */
async function browseThreePages(page: Page, dwell: (route: string) => Promise<void>) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/about");
  await dwell("/about");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pricing");
  await dwell("/pricing");
  await page.getByRole("contentinfo").getByRole("list", { name: "Legal" }).getByRole("link", { name: "Privacy" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
  await dwell("/privacy");
}

/** Waits until a page view of `route` has been sent. */
const untilViewSent = (beacons: { body: string | null }[]) => (route: string) =>
  expect.poll(() => beacons.some(({ body }) => body?.includes(`"route":"${route}"`) && body.includes('"pageview"'))).toBe(true);

test("three pages browsed: page views and vitals stored within seconds, naming routes only; nothing new kept in the browser", async ({ page }, testInfo) => {
  test.slow(true, "waits for the browser's idle time and the reporter's batch");
  const routes = ["/about", "/pricing", "/privacy"];
  const before = await Promise.all(routes.map((route) => counted(testInfo, route, ["pageview"])));
  const vitalsBefore = await counted(testInfo, "/about", ["TTFB", "FCP", "LCP"]);
  const beacons = watchBeacons(page);

  await page.goto("/blog");
  // The site's own visit count (the spec's local stats) is kept once per browser session: before the snapshot.
  await expect.poll(() => page.evaluate(() => localStorage.getItem("totalVisits"))).not.toBeNull();
  const kept = await keptInBrowser(page);
  await browseThreePages(page, untilViewSent(beacons));

  const within = { timeout: 15_000 };
  for (const [i, route] of routes.entries()) await expect.poll(() => counted(testInfo, route, ["pageview"]), within).toBeGreaterThan(before[i]!);
  await expect.poll(() => counted(testInfo, "/about", ["TTFB", "FCP", "LCP"]), within).toBeGreaterThan(vitalsBefore);

  expect(beacons.length).toBeGreaterThan(0);
  for (const { body } of beacons) {
    if (body === null) continue;
    const beacon = JSON.parse(body) as { events: { route: string; metric: string }[] };
    expect(Object.keys(beacon).sort()).toEqual(["connection", "device", "events"]);
    for (const event of beacon.events) expect(["/blog", ...routes]).toContain(event.route);
  }
  expect(await keptInBrowser(page)).toEqual(kept);
});

test("a visitor who switches away before the browser is ever idle is counted, once", async ({ page }, testInfo) => {
  // A browser that never finds idle time (a busy phone): the reporter never loads on this page.
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
  const before = await counted(testInfo, "/community", ["pageview"]);
  const beacons = watchBeacons(page);
  await page.goto("/community");
  // The page script has run (it readies the help button); then the visitor switches to another tab.
  await expect(page.getByTestId("chat-button")).toHaveAttribute("data-ready", "");
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  await expect.poll(() => counted(testInfo, "/community", ["pageview"]), { timeout: 15_000 }).toBeGreaterThan(before);
  // Back, and away by a link: the view is not sent again. (A beacon sent while a page unloads
  // carries headless Chromium's own user agent, which the server drops as a bot, so the
  // leaving case itself is features/analytics/landing-view.test.ts's.)
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "visible" });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  await page.getByRole("contentinfo").getByRole("list", { name: "Legal" }).getByRole("link", { name: "Privacy" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
  expect(beacons.filter(({ body }) => body?.includes('"route":"/community"') && body.includes('"pageview"'))).toHaveLength(1);
});

test("with Global Privacy Control on, nothing is sent", async ({ page }) => {
  test.slow(true, "reads each page longer than the reporter would wait");
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { configurable: true, get: () => true });
  });
  const beacons = watchBeacons(page);
  // Each page read longer than the idle wait (at most 3 s) and the reporter's 1 s delay.
  await browseThreePages(page, () => page.waitForTimeout(1_500));
  await page.waitForTimeout(3_000);
  // Hiding the page is when the last beacon would go.
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    document.dispatchEvent(new Event("visibilitychange"));
    window.dispatchEvent(new Event("pagehide"));
  });
  await page.waitForTimeout(500);
  expect(beacons).toEqual([]);
});
