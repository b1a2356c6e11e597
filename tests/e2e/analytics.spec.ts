/**
 * Self-hosted analytics (issue 13, docs/decisions/0016-analytics.md) in a
 * real browser: page views and Core Web Vitals arrive in the database within
 * seconds of browsing, the browser keeps no new cookie or storage key, Global
 * Privacy Control stops everything, and /admin/analytics shows the numbers.
 *
 * Other tests browse the same server at the same time, so counts are checked
 * to have grown, never to equal a number.
 */
import type { Page, TestInfo } from "@playwright/test";
import { appDb, createVerifiedUser, expect, expectAccessible, open, overlayCleared, signInViaUi, test, uniqueEmail } from "./fixtures";

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

/** Every request the page makes to the beacon endpoint, with its body. */
function watchBeacons(page: Page): { body: string | null }[] {
  const beacons: { body: string | null }[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/vitals") beacons.push({ body: request.postData() });
  });
  return beacons;
}

/** Three pages: a full load of /about, then two client-side navigations. */
async function browseThreePages(page: Page) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, "/about");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await overlayCleared(page);
  await page.getByRole("contentinfo").getByRole("list", { name: "Legal" }).getByRole("link", { name: "Privacy" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await overlayCleared(page);
}

test.describe("self-hosted analytics", () => {
  test("three pages browsed: page views and vitals stored within seconds, no new cookie or storage key", async ({ page }, testInfo) => {
    const before = {
      about: await counted(testInfo, "/about", ["pageview"]),
      pricing: await counted(testInfo, "/pricing", ["pageview"]),
      privacy: await counted(testInfo, "/privacy", ["pageview"]),
      vitals: await counted(testInfo, "/about", ["TTFB", "FCP", "LCP"]),
    };
    const beacons = watchBeacons(page);

    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, "/about");
    const kept = await keptInBrowser(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await overlayCleared(page);
    await page.getByRole("contentinfo").getByRole("list", { name: "Legal" }).getByRole("link", { name: "Privacy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await overlayCleared(page);

    const within = { timeout: 15_000 };
    await expect.poll(() => counted(testInfo, "/about", ["pageview"]), within).toBeGreaterThan(before.about);
    await expect.poll(() => counted(testInfo, "/pricing", ["pageview"]), within).toBeGreaterThan(before.pricing);
    await expect.poll(() => counted(testInfo, "/privacy", ["pageview"]), within).toBeGreaterThan(before.privacy);
    // The landing page's vitals (TTFB and FCP at once, LCP after the first click).
    await expect.poll(() => counted(testInfo, "/about", ["TTFB", "FCP", "LCP"]), within).toBeGreaterThan(before.vitals);

    // Beacons name route patterns and coarse classes, nothing else.
    expect(beacons.length).toBeGreaterThan(0);
    for (const { body } of beacons) {
      if (body === null) continue;
      const beacon = JSON.parse(body) as { events: { route: string; metric: string }[] };
      expect(Object.keys(beacon).sort()).toEqual(["connection", "device", "events"]);
      for (const event of beacon.events) expect(["/about", "/pricing", "/privacy"]).toContain(event.route);
    }

    // Nothing new kept in the browser by any of it.
    expect(await keptInBrowser(page)).toEqual(kept);
  });

  test("with Global Privacy Control on, nothing is sent", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { configurable: true, get: () => true });
    });
    const beacons = watchBeacons(page);
    await browseThreePages(page);
    expect(await page.evaluate(() => (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl)).toBe(true);
    // Longer than the idle wait (at most 3 s) plus the reporter's 1 s delay.
    await page.waitForTimeout(5000);
    // Hiding the page is when the last beacon would go.
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
      document.dispatchEvent(new Event("visibilitychange"));
      window.dispatchEvent(new Event("pagehide"));
    });
    await page.waitForTimeout(500);
    expect(beacons).toEqual([]);
  });

  test("an operator sees page views and vitals per route on /admin/analytics, for 7 or 30 days", async ({ page, request }, testInfo) => {
    const before = await counted(testInfo, "/team", ["pageview"]);
    await open(page, "/team");
    await expect.poll(() => counted(testInfo, "/team", ["pageview"]), { timeout: 15_000 }).toBeGreaterThan(before);
    await expect.poll(() => counted(testInfo, "/team", ["TTFB", "FCP"]), { timeout: 15_000 }).toBeGreaterThan(0);

    const operator = await createVerifiedUser(request, uniqueEmail(testInfo, "analyst"));
    const db = appDb(testInfo);
    const user = await db.selectFrom("user").select("id").where("email", "=", operator.email).executeTakeFirstOrThrow();
    await db.updateTable("profile").set({ role: "operator" }).where("user_id", "=", user.id).execute();
    await signInViaUi(page, operator.email);

    await open(page, "/admin/analytics");
    await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("page-views-table")).toContainText("/team");
    const teamVitals = page.getByTestId("vitals-table").getByRole("row").filter({ hasText: "/team" });
    await expect(teamVitals).toHaveCount(1);
    // Ratings are words, not colour alone.
    await expect(teamVitals).toContainText(/Good|Needs improvement|Poor/);
    await expect(page.getByTestId("analytics-charts").locator("canvas").first()).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("link", { name: "Last 30 days" }).click();
    await expect(page).toHaveURL(/[?&]days=30/);
    await expect(page.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("page-views-table")).toContainText("/team");

    // The operators' own pages are not counted.
    expect(await counted(testInfo, "/admin/analytics", ["pageview"])).toBe(0);
  });

  test("the endpoint answers 204 to a beacon and refuses what is not one", async ({ request }) => {
    const browser = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
    const ok = await request.post("/api/vitals", {
      headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": browser },
      data: JSON.stringify({ device: "desktop", connection: "4g", events: [{ route: "/story", metric: "pageview" }] }),
    });
    expect(ok.status()).toBe(204);
    const raw = await request.post("/api/vitals", {
      headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": browser },
      data: JSON.stringify({ device: "desktop", connection: "4g", events: [{ route: "/blog/some-post?utm=x", metric: "pageview" }] }),
    });
    expect(raw.status()).toBe(400);
    const big = await request.post("/api/vitals", { headers: { "content-type": "text/plain", "user-agent": browser }, data: "x".repeat(9 * 1024) });
    expect(big.status()).toBe(413);
    const gpc = await request.post("/api/vitals", {
      headers: { "content-type": "text/plain", "sec-gpc": "1", "user-agent": browser },
      data: "not even json",
    });
    expect(gpc.status()).toBe(204);
  });
});
