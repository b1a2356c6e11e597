/**
 * A visitor reading the site on a desktop (spec sections 2, 3, 9 and 10):
 * every page says what the spec says, the route-change overlay, pricing's
 * monthly and yearly prices, the help widget, the particles, the header and
 * footer. Pages are pressed as soon as they show; nothing waits for scripts
 * unless it is a script's to do. The phone's journeys are phone.spec.ts.
 */
import type { Locator } from "@playwright/test";
import { site, team } from "../../app/config/site";
import { products } from "../../app/features/products/content";
import { PRIVACY_TITLES, STORY_TITLES, TERMS_TITLES } from "../support/spec-titles";
import { expect, holdRequests, overlayCleared, PAGES, test, watchOverlay } from "./fixtures";

// textContent, not innerText: sections below the fold skip rendering (content-visibility) until scrolled to.
const texts = (locator: Locator) => locator.allTextContents();

test.use({ viewport: { width: 1280, height: 800 } });

test("the home page shows every block of the spec in order; its buttons lead on, with the overlay and the top of the next page", async ({ page }) => {
  test.slow(true, "two route changes, each with its 1.4 s overlay, after a long page");
  const overlay = await watchOverlay(page);
  await page.goto("/");
  const main = page.locator("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Innovation, fueled by faith.");
  await expect(main.getByText("No coding experience required.")).toBeVisible();
  const h3s = (section: string) => texts(page.locator(`#${section} h3`));
  expect(await h3s("values")).toEqual(["Innovation First", "Faith-Driven", "Accessible Tech"]);
  await expect(page.locator("#why h2")).toHaveText("Why Choose Tuesday AI");
  expect(await h3s("vision")).toEqual([
    "Human-Centric",
    "Secure & Reliable",
    "Made in India",
    "Affordable",
    "Bug-Resilient",
    "Global Accessibility",
    "Privacy First",
    "Future-Ready",
  ]);
  expect(await h3s("features")).toEqual([
    "Cutting-Edge Technology",
    "Enterprise Scalability",
    "Bank-Grade Security",
    "AI-Powered Insights",
    "Seamless Integration",
    "Developer Friendly",
  ]);
  expect(await h3s("story")).toEqual(STORY_TITLES);
  const members = page.locator("#team li");
  await expect(members).toHaveCount(6);
  for (const member of team) await expect(members.filter({ hasText: member.name })).toContainText(member.role);

  // The header and the footer (spec section 10).
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText(["Home", "About", "Products", "Pricing", "Vision", "Team"]);
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("list", { name: "Social links" }).getByRole("link")).toHaveCount(5);
  for (const group of ["Platform", "Resources", "Company"]) await expect(footer.getByRole("heading", { name: group })).toBeVisible();
  await expect(footer).toContainText("© 2024 Tuesday AI. All rights reserved.");

  // Scrolled down, a press on "Try": the overlay at once, the next page from its top, the overlay gone 1.4 s after the press.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 3));
  const pressed = Date.now();
  await page.getByRole("link", { name: "Try Tuesday AI" }).click();
  await overlay.seen();
  await expect(page).toHaveURL(/\/coming-soon$/);
  await expect(page.getByTestId("route-overlay").locator("[role=status]")).toHaveText("Loading…");
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await overlayCleared(page);
  expect(Date.now() - pressed).toBeGreaterThanOrEqual(1_350);

  await page.goBack();
  await page.getByRole("link", { name: "Our Story", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Story");
});

test("every page says what the spec says", async ({ page }) => {
  test.slow(true, "fourteen pages read one after another");
  for (const [path, count] of [
    ["/vision", 8],
    ["/features", 6],
    ["/story", 10],
    ["/team", 6],
  ] as const) {
    await page.goto(path);
    await expect(page.locator("main section li h2"), path).toHaveCount(count);
  }
  await page.goto("/about");
  await expect(page.getByRole("heading", { name: "Our Values" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Why Choose Tuesday AI" })).toBeVisible();
  for (const path of ["/vision", "/features", "/story", "/team", "/community", "/contact"])
    await expect(page.locator(`#explore a[href="${path}"]`)).toHaveCount(1);

  await page.goto("/community");
  const joins = page.locator("main section").first().locator("li");
  await expect(joins.locator("h3")).toHaveText(["Twitter / X", "Telegram", "WhatsApp Channel"]);
  expect(await joins.getByRole("link").evaluateAll((els) => els.map((e) => e.getAttribute("href")))).toEqual([
    site.community.x,
    site.community.telegram,
    site.community.whatsappChannel,
  ]);
  await expect(page.locator("#benefits h3")).toHaveText(["Discuss", "Network", "Grow"]);

  await page.goto("/product");
  await expect(page.locator("main section li h2")).toHaveText(products.map((p) => p.title));
  await expect(page.locator("main").getByText("Coming Soon", { exact: true })).toHaveCount(4);
  await page.goto("/coming-soon");
  await expect(page.locator("main section ul > li h2")).toHaveText(["Live Demo", "Student Program", "Documentation", "Getting Started", "Tutorials"]);

  await page.goto("/privacy");
  await expect(page.locator("main li h2")).toHaveText(PRIVACY_TITLES);
  await expect(page.getByText("Last Updated: November 2024")).toBeVisible();
  await page.goto("/terms");
  await expect(page.locator("main li h2")).toHaveText(TERMS_TITLES);
  await expect(page.locator("#terms-contact").locator("..")).toContainText(site.contactEmail);
  await page.goto("/cookie-policy");
  const policy = await page.locator("main").innerText();
  for (const name of ["tuesday.session_token", "tuesday.pending_verification", "rememberDevice", "totalVisits", "tuesday.chatWidget.position", "visitCounted"])
    expect(policy).toContain(name);
  await page.goto("/license");
  await expect(page.locator("main")).toContainText(/deleted within 30 days of termination/);

  await page.goto("/blog");
  const posts = page.locator("main article");
  await expect(posts.locator("time")).toHaveText([21, 20, 19, 18, 17, 16, 15, 14].map((d) => `${d} January 2025`));
  const first = posts.first().getByRole("link");
  const title = await first.innerText();
  await first.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(`${title} | Tuesday AI`);
});

test("pricing: monthly at first; yearly is monthly × 12 × 0.8 with 'Save 20%' and the buttons off; a Coming Soon button says so", async ({ page }) => {
  const monthly = ["₹0", "₹350", "₹500", "₹200", "₹1,000"];
  const yearly = ["₹0", "₹3,360", "₹4,800", "₹1,920", "₹9,600"];
  await page.goto("/pricing");
  await expect(page.getByText("Important: Once a subscription is purchased, it cannot be canceled")).toBeVisible();
  const cards = page.locator("[data-plan]");
  await expect(cards.locator("h2")).toHaveText(["Free", "Basic", "Standard", "Student", "Professional"]);
  await expect(page.getByRole("radio", { name: "Monthly" })).toBeChecked();
  await expect(cards.getByTestId("price").filter({ visible: true })).toHaveText(monthly);
  await expect(page.locator('[data-plan="standard"]')).toContainText("Most suggested");
  await expect(page.locator("[data-selected]")).toHaveCount(0);

  await page.getByText("Yearly").click();
  await expect(page.getByRole("radio", { name: /Yearly/ })).toBeChecked();
  await expect(cards.getByTestId("price").filter({ visible: true })).toHaveText(yearly);
  await expect(page.locator('[data-plan="basic"]')).toContainText("Save 20%");
  for (const button of await cards.getByRole("button", { name: "Coming Soon" }).filter({ visible: true }).all()) await expect(button).toBeDisabled();

  await page.getByText("Monthly").click();
  await expect(cards.getByTestId("price").filter({ visible: true })).toHaveText(monthly);
  await page.locator('[data-plan="student"]').getByRole("button", { name: "Coming Soon" }).click();
  await expect(page.getByText("The Student plan is coming soon.", { exact: false })).toBeVisible();
  await expect(page.locator("[data-selected]")).toHaveCount(0);
});

test("the help widget: shown about 2 s after load, opens and closes; dragged, it stays in view and where it was left", async ({ page }) => {
  test.slow(true, "waits for the button's 2 s, then a reload");
  // When, from the start of the navigation, the button was shown (a busy machine may be slower than 2 s to load).
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const w = window as unknown as { chatShownAt?: number };
      if (w.chatShownAt === undefined && document.querySelector("[data-chat-button][data-ready]")) w.chatShownAt = performance.now();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
  });
  await page.goto("/about");
  const button = page.getByTestId("chat-button");
  await expect(button).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { chatShownAt?: number }).chatShownAt)).toBeGreaterThanOrEqual(1_900);
  await button.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));

  await button.click();
  const panel = page.getByRole("dialog", { name: "Chat with Tuesday AI" });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText("Tuesday AI coming soon!");
  await expect(panel.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("href", site.chatWidget.messagingAssistant.href);
  await expect(panel.getByRole("link", { name: /Contact support/ })).toHaveAttribute("href", "/contact");
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await button.click();
  await expect(panel).toBeVisible();
  await page.mouse.click(20, 300);
  await expect(panel).toBeHidden();

  const start = (await button.boundingBox())!;
  await page.mouse.move(start.x + 28, start.y + 28);
  await page.mouse.down();
  await page.mouse.move(start.x - 300, start.y - 200, { steps: 8 });
  await page.mouse.up();
  const moved = (await button.boundingBox())!;
  expect(moved.x).toBeLessThan(start.x - 250);
  await expect(panel).toBeHidden(); // a drag is not a press
  await page.mouse.move(moved.x + 28, moved.y + 28);
  await page.mouse.down();
  await page.mouse.move(-400, -400, { steps: 8 });
  await page.mouse.up();
  const clamped = (await button.boundingBox())!;
  expect(clamped.x).toBeGreaterThanOrEqual(0);
  expect(clamped.y).toBeGreaterThanOrEqual(0);
  await button.focus();
  await page.keyboard.press("ArrowDown");
  const keyed = (await button.boundingBox())!;
  expect(Math.round(keyed.y - clamped.y)).toBe(16);

  await page.reload();
  await expect(button).toBeVisible();
  // Once its entrance (a short scale) has played: where it was left.
  await button.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  expect((await button.boundingBox())!.x).toBeCloseTo(keyed.x, 0);
  expect((await button.boundingBox())!.y).toBeCloseTo(keyed.y, 0);
});

test("particles: started by the first interaction, 80 of them at up to 120 fps; none for a visitor who prefers reduced motion", async ({ page }) => {
  await page.goto("/");
  const field = page.locator('[data-particles="hero-particles"]');
  await page.waitForTimeout(1_000);
  await expect(field.locator("canvas")).toHaveCount(0);
  await page.mouse.move(200, 200);
  await page.mouse.move(260, 240);
  await expect(field.locator("canvas")).toHaveCount(1);
  await expect(field).toHaveAttribute("data-particle-count", "80");
  await expect(field).toHaveAttribute("data-fps-limit", "120");
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/privacy");
  await page.mouse.move(200, 200);
  await page.mouse.move(260, 240);
  await page.waitForTimeout(2_000);
  await expect(page.locator("canvas")).toHaveCount(0);
});

test("an error in the page shows 'Error loading page' without blocking it", async ({ page }) => {
  await page.goto("/about");
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error("boom from a test");
    }, 0);
  });
  await expect(page.getByText("Error loading page")).toBeVisible();
  await page.getByRole("contentinfo").getByRole("link", { name: "Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test("no page scrolls sideways at 320 or 1920 px, and running text keeps to 75 characters a line", async ({ page }) => {
  test.slow(true, "every page at two widths");
  for (const width of [320, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    for (const { path } of PAGES) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/blog");
  const post = (await page.locator('main a[href^="/blog/"]').first().getAttribute("href"))!;
  for (const path of [post, "/license", "/privacy", "/terms"]) {
    await page.goto(path);
    const worst = await page.evaluate(() => {
      let most = 0;
      for (const p of document.querySelectorAll("main p")) {
        const lines = new Map<number, number>();
        const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let i = 0; i < (node.textContent ?? "").length; i++) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const rect = range.getClientRects()[0];
            if (rect) lines.set(Math.round(rect.top), (lines.get(Math.round(rect.top)) ?? 0) + 1);
          }
        }
        for (const n of lines.values()) most = Math.max(most, n);
      }
      return most;
    });
    expect(worst, path).toBeLessThanOrEqual(75);
  }
});

test("the theme switch works before the page's scripts, is remembered, and the next page is dark from its first paint", async ({ page }) => {
  // What <html> says when the document is parsed, before anything is drawn.
  await page.addInitScript(() =>
    document.addEventListener("DOMContentLoaded", () => {
      (window as unknown as { firstTheme?: string }).firstTheme = document.documentElement.dataset.theme ?? "system";
    }),
  );
  const scripts = await holdRequests(page);
  await page.goto("/about", { waitUntil: "commit" });
  const theme = page.getByRole("contentinfo").getByRole("group", { name: "Theme" });
  // The radios are drawn as their labels: a person presses the word.
  await theme.getByText("Dark", { exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await scripts.release();
  await page.goto("/pricing");
  expect(await page.evaluate(() => (window as unknown as { firstTheme?: string }).firstTheme)).toBe("dark");
  await expect(page.getByRole("contentinfo").getByRole("radio", { name: "Dark" })).toBeChecked();
  await page.getByRole("contentinfo").getByRole("group", { name: "Theme" }).getByText("System", { exact: true }).click();
  await expect(page.locator("html")).not.toHaveAttribute("data-theme");
});
