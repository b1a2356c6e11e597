/**
 * Static islands (shared/ui/island.tsx, ADR 0033): the footer and the home
 * page's blocks below the hero are the server's markup on the first page,
 * their code is not loaded, their links still navigate in place, and they are
 * drawn by the browser when a navigation needs them. The theme switch inside
 * the footer works before the page's JavaScript has run.
 */
import { hi } from "../../app/shared/i18n/messages.hi";
import { expect, open, overlayCleared, test } from "./fixtures";

test.describe("static islands", () => {
  test("the first page's footer and home blocks need no code of their own", async ({ page }) => {
    // Their modules never arrive: the page must hydrate and show them all the same.
    const refused: string[] = [];
    await page.route(/\/assets\/(footer|marketing)-[^/]*\.js$/, (route) => {
      refused.push(route.request().url());
      return route.abort();
    });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const html = await (await open(page, "/"))!.text();
    await expect(page.locator('[data-island="footer"] footer')).toBeVisible();
    await expect(page.locator('[data-island="home-sections"]').getByRole("heading", { name: "Our Values" })).toBeVisible();
    // Not among what the page loads up front (its module preloads and imports).
    expect(html).not.toMatch(/\/assets\/(footer|marketing)-/);
    // Asked for only once the page was idle (and refused here), never needed to hydrate.
    await expect.poll(() => refused.length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await expect(page.locator('[data-island="footer"]').getByRole("link", { name: "Blog" })).toBeVisible();
  });

  test("a footer link navigates in place, and the footer is then drawn for the new page", async ({ page }) => {
    await open(page, "/");
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await page.locator("footer").getByRole("link", { name: "Privacy", exact: true }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    // No document load: the window (and what was set on it) is the same.
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    // The footer's language link now leads to this page's Hindi twin: the browser drew it.
    await expect(page.locator("footer").getByRole("link", { name: "हिन्दी" })).toHaveAttribute("href", "/hi/privacy");
    await overlayCleared(page);
  });

  test("a navigation to the home page draws its blocks, and Back returns to the place on it", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await open(page, "/pricing");
    await page.locator("header").getByRole("link", { name: "Home", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Our Values" })).toBeVisible();
    const team = page.getByRole("heading", { name: "The people behind Tuesday AI" });
    await expect(team).toBeVisible();
    await overlayCleared(page);
    // Far down the home page (the footer of the blocks the browser drew), away and Back: the blocks are there at once, so the place is kept.
    const blog = page.locator("footer").getByRole("link", { name: "Blog", exact: true });
    await blog.scrollIntoViewIfNeeded();
    const left = await page.evaluate(() => window.scrollY);
    expect(left).toBeGreaterThan(1000);
    await blog.click();
    await expect(page).toHaveURL(/\/blog$/);
    await overlayCleared(page);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left);
  });

  test("the home page's blocks are in its markup once, not again in its data; a navigation draws them in the page's language", async ({ page }) => {
    // The words below the hero are the island's markup; the loader hands it only the language (marketing/home-copy.ts).
    for (const [path, title] of [
      ["/", "Innovation First"],
      ["/hi", "नवाचार सबसे पहले"],
    ] as const) {
      const html = await (await page.request.get(path)).text();
      expect(html.split(title).length - 1, `${path}: "${title}" appears once`).toBe(1);
    }
    // The Hindi home's data carries only what its own markup needs (shared/i18n/messages.ts): the blocks'
    // headings come with the island's module, the chat widget's words with the widget, other pages' areas
    // with those pages, a flash's words with the flash. Each of these was in it before (ADR 0032).
    const hindiHome = await (await page.request.get("/hi")).text();
    expect(hindiHome.split(hi.sections.valuesTitle).length - 1, "the values heading appears once").toBe(1);
    for (const absent of [hi.chat.disclaimer, hi.pricing.waitlistTitle, hi.blog.readPost, hi.legal.governs, hi.flash.signedOut, hi.comingSoon.waitlistTitle]) {
      expect(hindiHome, `not in /hi: "${absent}"`).not.toContain(absent);
    }
    // A Hindi page, then its home by the header's link: the browser draws the blocks with the Hindi words.
    await page.setViewportSize({ width: 1280, height: 700 });
    await open(page, "/hi/pricing");
    await page.locator("header").getByRole("link", { name: "मुखपृष्ठ", exact: true }).click();
    await expect(page).toHaveURL(/\/hi$/);
    await expect(page.getByRole("heading", { name: "हमारे मूल्य" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "नवाचार सबसे पहले" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "आरव मिश्रा" })).toBeVisible();
    await expect(page.getByText("Innovation First")).toHaveCount(0);
    await overlayCleared(page);
  });

  test("the footer's theme switch works before the page's JavaScript has arrived", async ({ page }) => {
    // Every module held back: only the HTML, the stylesheet and the inline theme script run.
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto("/about");
    const theme = page.getByRole("group", { name: "Theme" });
    await expect(theme.getByRole("radio", { name: "System" })).toBeChecked();
    await theme.getByText("Dark", { exact: true }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await expect(page.getByRole("group", { name: "Theme" }).getByRole("radio", { name: "Dark" })).toBeChecked();
    await page.getByRole("group", { name: "Theme" }).getByText("System", { exact: true }).click();
    await expect(page.locator("html")).not.toHaveAttribute("data-theme", /.+/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBeNull();
  });
});
