/**
 * Self-hosted analytics (issue 13, docs/decisions/0016-analytics.md) in a
 * real browser: page views and Core Web Vitals arrive in the database within
 * seconds of browsing, the browser keeps no new cookie or storage key, Global
 * Privacy Control stops everything, and /admin/analytics shows the numbers.
 *
 * Other tests browse the same server at the same time, so counts are checked
 * to have grown, never to equal a number.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import type { BrowserContext, Page, TestInfo } from "@playwright/test";
import { cookiePolicy } from "../../app/features/legal/content";
import { THEME_STORAGE_KEY } from "../../app/shared/lib/theme";
import { ports } from "../support/ports";
import { appDb, createVerifiedUser, expect, expectAccessible, linkIn, open, overlayCleared, signInViaUi, test, uniqueEmail, waitForMail } from "./fixtures";

const baseUrl = (testInfo: TestInfo) => String(testInfo.project.use.baseURL);

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

/** Global Privacy Control on: the reporter sends nothing (analytics off for this browser). */
async function withGlobalPrivacyControl(context: BrowserContext) {
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { configurable: true, get: () => true });
  });
}

/**
 * What the site itself keeps in a browser, by name: the cookies and storage keys the cookie policy lists,
 * the theme choice, and the scroll places of Back and Forward (`route-scroll` in sessionStorage:
 * features/layout/route-scroll.tsx).
 */
const SITES_OWN = new Set([...cookiePolicy.cookies.map((c) => c.name), ...cookiePolicy.storage.map((s) => s.key), THEME_STORAGE_KEY, "route-scroll"]);

/**
 * Analytics kept nothing in this browser: every cookie and storage key is one the site lists as its own
 * (sign-in, the profile cache…), and no name or value carries the visit's source (`words`: the campaign, "newsletter").
 */
async function expectNothingOfAnalytics(page: Page, words: string[]) {
  const kept = await keptInBrowser(page);
  expect([...kept.cookies, ...kept.local, ...kept.session].filter((name) => !SITES_OWN.has(name)), "kept names the site does not list").toEqual([]);
  const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`);
  const stored = await page.evaluate(() => [...Object.entries(localStorage), ...Object.entries(sessionStorage)].map(([key, value]) => `${key}=${value}`));
  for (const entry of [...cookies, ...stored]) {
    for (const word of words) expect(decodeURIComponent(entry).toLowerCase(), "a kept value names the visit's source").not.toContain(word);
  }
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
    // The site's own visit count lands just after hydration (a module loaded then): in the snapshot, not after it.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("totalVisits"))).not.toBeNull();
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

  test("an operator sees page views and vitals per route on /admin/analytics, for 7 or 30 days; the charts are in the site's font and their legends work by keyboard", async ({ page, request }, testInfo) => {
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

    // The charts' text is in the site's typeface (uPlot's own stylesheet would give the system font).
    const chart = page.getByTestId("analytics-charts").locator(".uplot").first();
    const legend = chart.locator(".u-legend");
    for (const part of [legend, chart.locator(".u-title")]) {
      expect(await part.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/^"?Inter"?,/);
    }
    expect(await page.evaluate(async () => (await document.fonts.load('600 13px Inter')).length)).toBeGreaterThan(0);
    // A legend entry is a toggle button: reached with Tab, pressed with Enter or Space, aria-pressed its state.
    const toggle = legend.getByRole("button", { name: "Page views" });
    const row = legend.locator("tr.u-series", { has: page.getByRole("button", { name: "Page views" }) });
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await toggle.focus();
    await page.keyboard.press("Shift+Tab");
    await expect(toggle).not.toBeFocused();
    await page.keyboard.press("Tab");
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect(row).toHaveClass(/\bu-off\b/);
    await page.keyboard.press("Space");
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(row).not.toHaveClass(/\bu-off\b/);
    // The pointer does the same, and the button follows.
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect(row).toHaveClass(/\bu-off\b/);
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
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

test.describe("where visits come from, and whether they sign up (issue 21)", () => {
  const run = promisify(execFile);
  const root = path.resolve(import.meta.dirname, "../..");
  const grantOperator = async (testInfo: TestInfo, email: string) => {
    const db = appDb(testInfo);
    const user = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    await db.updateTable("profile").set({ role: "operator" }).where("user_id", "=", user.id).execute();
  };
  const number = (text: string | null) => Number((text ?? "").replace(/[^\d]/g, ""));

  test("a visit from ?utm_source=newsletter that signs up is a visitor and a conversion of newsletter in the console; the browser keeps nothing new; the weekly summary carries the console's numbers", async ({ page, browser, request }, testInfo) => {
    // A whole journey (landing, sign-up, verification, waitlist, contact, the console, the weekly job) in two browsers.
    test.setTimeout(180_000);
    // A campaign of this test's own, so its row is not shared with other tests browsing meanwhile.
    const campaign = `launch-${randomBytes(3).toString("hex")}`;
    const db = appDb(testInfo);
    const sourceRow = () => db.selectFrom("analytics_source_daily").selectAll().where("source", "=", "newsletter").where("campaign", "=", campaign).executeTakeFirst();
    const goalRow = (goal = "signed-up") => db.selectFrom("analytics_goal_daily").selectAll().where("source", "=", "newsletter").where("campaign", "=", campaign).where("goal", "=", goal).executeTakeFirst();

    // The operator's account first: made from this test's address, after the visit it would count as the visitor's sign-up.
    const operator = await createVerifiedUser(request, uniqueEmail(testInfo, "sources-op"));
    await grantOperator(testInfo, operator.email);

    // The same landing in a fresh browser with analytics off (Global Privacy Control: no beacon at all),
    // beside this test's own fresh browser with analytics on: both keep exactly the same, and only what
    // the site lists as its own (the profile's visit count: the `visitCounted` cookie, `totalVisits`).
    const landing = `/pricing?utm_source=Newsletter&utm_medium=email&utm_campaign=${campaign}`;
    const quiet = await browser.newContext();
    await withGlobalPrivacyControl(quiet);
    const quietPage = await quiet.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await quietPage.setViewportSize({ width: 1280, height: 800 });
    await Promise.all([open(page, landing), open(quietPage, landing)]);
    await expect.poll(async () => (await sourceRow())?.visitors, { timeout: 15_000 }).toBe(1);
    // The beacon was counted; give the page a moment past it (the reporter's batch) before looking.
    await page.waitForTimeout(1500);
    const withoutAnalytics = await keptInBrowser(quietPage);
    expect(await keptInBrowser(page)).toEqual(withoutAnalytics);
    const source = ["newsletter", campaign];
    await expectNothingOfAnalytics(page, source);
    await expectNothingOfAnalytics(quietPage, source);
    await quiet.close();

    // On to sign up, in the same visit (client-side navigation): one more page view, the same visitor.
    await page.getByRole("banner").getByRole("link", { name: "Get Started" }).click();
    await expect(page).toHaveURL(/\/auth/);
    await overlayCleared(page);
    // (Not "newsletter" in the address: the profile cache keeps it, and no kept value may name the source.)
    const email = uniqueEmail(testInfo, "from-nl");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Correct horse battery 42");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    await expect.poll(async () => (await goalRow())?.count, { timeout: 15_000 }).toBe(1);
    expect(await sourceRow()).toMatchObject({ medium: "email", visitors: 1 });
    // The /auth view's beacon leaves a few seconds after the view (the reporter batches): the sign-up can be faster.
    await expect.poll(async () => Number((await sourceRow())?.pageviews), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await expectNothingOfAnalytics(page, source);

    // The same visitor goes on: verifies by the mailed link (signed in by it), joins the waitlist with one
    // press and sends a message; each goal is counted once, under the source the visit came from.
    await page.goto(linkIn(await waitForMail(email, /Verify your email/), /verify-email/));
    await expect(page).toHaveURL(/\/home$/);
    await expect.poll(async () => (await goalRow("email-verified"))?.count, { timeout: 15_000 }).toBe(1);
    await expectNothingOfAnalytics(page, source);
    await open(page, "/coming-soon");
    const waitlist = page.locator("section", { has: page.getByRole("button", { name: "Notify me at launch" }) });
    await expect(waitlist.getByText(email)).toBeVisible();
    await waitlist.getByRole("button", { name: "Notify me at launch" }).click();
    await expect(page.getByRole("status").filter({ hasText: "You are on the list" })).toBeVisible();
    await expect.poll(async () => (await goalRow("waitlist-joined"))?.count, { timeout: 15_000 }).toBe(1);
    await expectNothingOfAnalytics(page, source);
    await open(page, "/contact");
    await page.getByLabel("Message", { exact: true }).fill("Came from the newsletter; when does the Standard plan launch?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Message Sent! Thank you for reaching out to us.", { exact: true })).toBeVisible();
    await expect.poll(async () => (await goalRow("form-sent"))?.count, { timeout: 15_000 }).toBe(1);
    // Still one visitor of the source, and still nothing kept in the browser by analytics.
    expect(await sourceRow()).toMatchObject({ visitors: 1 });
    await expectNothingOfAnalytics(page, source);

    // The operator's view: the source, its visitor and its sign-up, a conversion of 100 %.
    const context = await browser.newContext();
    const console_ = await context.newPage();
    await signInViaUi(console_, operator.email);
    await open(console_, "/admin/analytics?days=7");
    const row = console_.getByTestId("sources-table").getByRole("row").filter({ hasText: `email / ${campaign}` });
    await expect(row.getByRole("rowheader")).toHaveText("newsletter");
    await expect(row.getByRole("cell")).toHaveText(["email / " + campaign, "1", /^\d+$/, "1", "1", "1", "1", "100.0 %"]);
    await expectAccessible(console_);

    // The weekly summary, run as an operator would (npm run report:weekly): its figures are the console's,
    // read just before and just after (other tests add page views and sign-ups meanwhile; counts only grow).
    const consoleFigures = async () => {
      await open(console_, "/admin/analytics?days=7");
      return { views: number(await console_.getByTestId("total-page-views").textContent()), signUps: number(await console_.getByTestId("goal-signed-up").textContent()) };
    };
    const before = await consoleFigures();
    const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/report-weekly.ts"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: process.env.E2E_DB_sqlite, SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`, MAIL_FROM: "Tuesday AI <no-reply@tuesday.test>", APP_URL: baseUrl(testInfo), AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret", OPERATOR_EMAILS: "" },
    });
    expect(stdout).toMatch(/mail\(s\) queued now/);
    const after = await consoleFigures();
    const mail = await waitForMail(operator.email, /Week of .* page views/);
    const views = number(/Page views: ([\d,]+)/.exec(mail.text)?.[1] ?? "");
    const signUps = number(/Sign-ups: ([\d,]+)/.exec(mail.text)?.[1] ?? "");
    expect(views).toBeGreaterThanOrEqual(before.views);
    expect(views).toBeLessThanOrEqual(after.views);
    expect(signUps).toBeGreaterThanOrEqual(before.signUps);
    expect(signUps).toBeLessThanOrEqual(after.signUps);
    expect(mail.text).toContain("Top sources:");
    expect(mail.text).toContain("Core Web Vitals (p75, every page):");
    await context.close();
    await overlayCleared(page);
  });
});
