/**
 * Dark mode (issue 20): the system's setting rules without JavaScript, a choice
 * made with the footer's switch survives a reload without a light first frame,
 * and every page is axe-clean (contrast included) drawn dark.
 */
import type { Page } from "@playwright/test";
import { appDb, createVerifiedUser, expect, expectAccessible, open, PAGES, signInViaUi, test, uniqueEmail, wake } from "./fixtures";

/** Relative luminance (0 black … 1 white) of the colour an element is drawn in: the browser converts oklch for us through a canvas. */
async function luminance(page: Page, selector: string, property: "backgroundColor" | "color" = "backgroundColor"): Promise<number> {
  return page.evaluate(
    ([sel, prop]) => {
      const element = document.querySelector(sel)!;
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 1;
      const context = canvas.getContext("2d")!;
      context.fillStyle = getComputedStyle(element)[prop as "color"];
      context.fillRect(0, 0, 1, 1);
      const [r, g, b] = [...context.getImageData(0, 0, 1, 1).data].map((v) => {
        const c = v / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    },
    [selector, property] as const,
  );
}

const DARK = 0.05; // the dark page is oklch(0.175 …): about 0.01
const LIGHT = 0.9; // white is 1

test.describe("the system's dark setting, without JavaScript", () => {
  test.use({ javaScriptEnabled: false, colorScheme: "dark" });

  for (const { path, heading } of PAGES) {
    test(`${path} is drawn dark, its text light`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      const background = await luminance(page, "html");
      expect(background).toBeLessThan(DARK);
      // The first paragraph, label or item of the page against the page: light text, at least AA's 4.5:1.
      const text = await luminance(page, "main p, main label, main li", "color");
      expect((text + 0.05) / (background + 0.05)).toBeGreaterThan(4.5);
      // Without scripts there is no switch: a choice could not be remembered.
      await expect(page.getByRole("group", { name: "Theme" })).toBeHidden();
    });
  }

  test("the light setting still draws the light theme", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, colorScheme: "light" });
    const page = await context.newPage();
    await page.goto("/pricing");
    expect(await luminance(page, "html")).toBeGreaterThan(LIGHT);
    await context.close();
  });
});

test.describe("the switch", () => {
  test.use({ colorScheme: "light" });

  test("Dark is remembered: a reload's first frame is dark, with or without the app's scripts; System follows the system again", async ({ page, context }) => {
    await open(page, "/about");
    expect(await luminance(page, "html")).toBeGreaterThan(LIGHT);
    const theme = page.getByRole("group", { name: "Theme" });
    await expect(theme).toBeVisible();
    await expect(theme.getByRole("radio", { name: "System" })).toBeChecked();
    await theme.getByText("Dark", { exact: true }).click();
    await expect(theme.getByRole("radio", { name: "Dark" })).toBeChecked();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    expect(await luminance(page, "html")).toBeLessThan(DARK);

    // Every frame drawn from the start of the next page is sampled (rAF runs before each paint).
    await context.addInitScript(() => {
      const frames: string[] = [];
      (window as unknown as { __frames: string[] }).__frames = frames;
      const sample = () => {
        if (document.body) frames.push(getComputedStyle(document.documentElement).backgroundColor);
        if (frames.length < 30) requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    await page.reload();
    await wake(page);
    await page.locator("html[data-hydrated]").waitFor();
    const frames = await page.evaluate(() => (window as unknown as { __frames: string[] }).__frames);
    expect(frames.length).toBeGreaterThan(0);
    expect(new Set(frames).size, `background colours drawn: ${[...new Set(frames)].join(", ")}`).toBe(1);
    expect(await luminance(page, "html")).toBeLessThan(DARK);
    await expect(page.getByRole("group", { name: "Theme" }).getByRole("radio", { name: "Dark" })).toBeChecked();

    // The choice is applied by the inline script in <head>, not by the app once hydrated: without the bundles it still holds.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto("/pricing");
    await expect(page.getByRole("heading", { level: 1, name: "Pricing" })).toBeVisible();
    expect(await luminance(page, "html")).toBeLessThan(DARK);
    await page.unroute(/\/assets\/.*\.js$/);

    // Back to the system's setting (light here), remembered too.
    await open(page, "/pricing");
    const group = page.getByRole("group", { name: "Theme" });
    await group.getByText("System", { exact: true }).click();
    await expect(page.locator("html")).not.toHaveAttribute("data-theme");
    expect(await luminance(page, "html")).toBeGreaterThan(LIGHT);
    await page.emulateMedia({ colorScheme: "dark" });
    expect(await luminance(page, "html")).toBeLessThan(DARK);
    await page.reload();
    await wake(page);
    await page.locator("html[data-hydrated]").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBeNull();
  });

  test("Light overrides a dark system, and the switch works by keyboard", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await open(page, "/contact");
    expect(await luminance(page, "html")).toBeLessThan(DARK);
    const group = page.getByRole("group", { name: "Theme" });
    await group.getByRole("radio", { name: "System" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(group.getByRole("radio", { name: "Light" })).toBeChecked();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    expect(await luminance(page, "html")).toBeGreaterThan(LIGHT);
    await page.reload();
    expect(await luminance(page, "html")).toBeGreaterThan(LIGHT);
  });
});

test.describe("axe drawn dark", () => {
  test.use({ colorScheme: "dark", viewport: { width: 1280, height: 900 } });

  // Dark at one width per page, alternating, so every kind of page meets both widths in dark across the
  // run; a11y.spec.ts runs each page light at both.
  [...PAGES, { path: "/no-such-page" }, { path: "/blog/attention-explained" }].forEach(({ path }, i) => {
    const width = i % 2 === 0 ? 390 : 1280;
    test(`${path} has no violations in the dark theme at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await open(page, path);
      expect(await luminance(page, "html")).toBeLessThan(DARK);
      await expectAccessible(page);
    });
  });

  test("signed in at 390 and 1280 px: profile, security, every view of the console with content in it", async ({ page, request }, testInfo) => {
    test.setTimeout(240_000);
    const user = await createVerifiedUser(request, uniqueEmail(testInfo, "dark"));
    await signInViaUi(page, user.email);
    const db = appDb(testInfo);
    const row = await db.selectFrom("user").select("id").where("email", "=", user.email).executeTakeFirstOrThrow();
    await db.updateTable("profile").set({ role: "operator" }).where("user_id", "=", row.id).execute();
    // Content for the views: a form with fields and a webhook (its delivery fails: nothing listens), a message with
    // extra fields, and a honeypot catch in the spam folder.
    const key = `dark-${Math.random().toString(36).slice(2, 8)}`;
    const now = new Date().toISOString();
    await db
      .insertInto("form")
      .values({ key, name: "Dark demo", notify_email: "", enabled: 1, allowed_origins: "", built_in: 0, created_at: now, updated_at: now, webhook_url: "http://127.0.0.1:9/hook", webhook_secret: "whsec_dark" })
      .execute();
    expect((await request.post(`/f/${key}`, { data: { name: "Dee", email: "dee@example.com", message: "Hi", company: "Acme" } })).status()).toBe(200);
    expect((await request.post(`/f/${key}`, { data: { name: "Bot", email: "bot@example.com", message: "x", _gotcha: "y" } })).status()).toBe(200);
    const paths = ["/admin/messages", `/admin/messages?form=${key}&status=spam`, "/admin/forms", "/admin/accounts", `/admin/accounts/${row.id}`, "/admin/waitlist", "/admin/analytics", "/admin/mail", "/admin/audit"];
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ["/profile", "/profile/security", ...paths]) {
        await open(page, path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        expect(await luminance(page, "html")).toBeLessThan(DARK);
        // Nothing wider than the screen (a table scrolls inside its own region).
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
        await expectAccessible(page);
        if (width === 390) await page.screenshot({ path: testInfo.outputPath(`dark-390${path.replace(/[/?=&]/g, "-")}.png`), fullPage: true });
      }
    }
  });
});
