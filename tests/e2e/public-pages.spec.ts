import type { Locator } from "@playwright/test";
import { site, team } from "../../app/config/site";
import { products } from "../../app/features/products/content";
import { story } from "../../app/features/marketing/content";
import { expect, open, overlayCleared, PAGES, test, wake } from "./fixtures";

// textContent, not innerText: sections below the fold skip rendering (content-visibility) until scrolled to.
const texts = (locator: Locator) => locator.allTextContents();

test.describe("home", () => {
  test("shows every block of the spec, in order", async ({ page }) => {
    await open(page, "/");
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Innovation, fueled by faith.");
    await expect(main.getByText("No coding experience required.")).toBeVisible();

    const h3s = (section: string) => texts(page.locator(`#${section} h3`));
    expect(await h3s("values")).toEqual(["Innovation First", "Faith-Driven", "Accessible Tech"]);
    await expect(page.locator("#why h2")).toHaveText("Why Choose Tuesday AI");
    expect(await h3s("vision")).toEqual([
      "Human-Centric", "Secure & Reliable", "Made in India", "Affordable", "Bug-Resilient", "Global Accessibility", "Privacy First", "Future-Ready",
    ]);
    expect(await h3s("features")).toEqual([
      "Cutting-Edge Technology", "Enterprise Scalability", "Bank-Grade Security", "AI-Powered Insights", "Seamless Integration", "Developer Friendly",
    ]);
    expect(await h3s("story")).toEqual([
      "The Spark", "Faith", "Self-Taught", "Solo Beginnings", "Building the Platform", "Challenges", "Parents' Expectations", "The Mission", "Time Crunch", "Community Support",
    ]);
    await expect(page.locator("#story")).toContainText("16");
    expect(story[0]!.description).toMatch(/\b16\b/);

    const members = page.locator("#team li");
    await expect(members).toHaveCount(6);
    for (const member of team) {
      const card = members.filter({ hasText: member.name });
      await expect(card).toContainText(member.role);
      await expect(card).toContainText(member.description);
      await expect(card.locator("svg use")).toHaveAttribute("href", new RegExp(`#${member.icon}$`));
    }
  });

  test("Try goes to /coming-soon and Our Story to /story", async ({ page }) => {
    await open(page, "/");
    await page.getByRole("link", { name: "Try Tuesday AI" }).click();
    await expect(page).toHaveURL(/\/coming-soon$/);
    await overlayCleared(page);
    await page.goBack();
    await overlayCleared(page);
    await page.getByRole("link", { name: "Our Story", exact: true }).click();
    await expect(page).toHaveURL(/\/story$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Story");
  });

  test("carries sharing metadata and Organization structured data", async ({ page, baseURL }) => {
    await open(page, "/");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Tuesday AI — Innovation, fueled by faith.");
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", `${baseURL}/og-image.png`);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}") as Record<string, unknown>;
    expect(ld).toMatchObject({ "@type": "Organization", name: site.companyName, email: site.contactEmail });
    expect((await page.request.get("/og-image.png")).headers()["content-type"]).toBe("image/png");

    await open(page, "/home");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/`);
  });
});

test.describe("the pages of the home blocks have an introduction of their own", () => {
  for (const [path, count] of [["/vision", 8], ["/features", 6], ["/story", 10], ["/team", 6]] as const) {
    test(`${path} shows its ${count} cards`, async ({ page }) => {
      await open(page, path);
      await expect(page.locator("main header p").last()).not.toBeEmpty();
      await expect(page.locator("main section li h2")).toHaveCount(count);
    });
  }

  test("/about shows the mission, values and why-choose-us, and leads on to each block's page (more than a copy of home)", async ({ page }) => {
    await open(page, "/about");
    await expect(page.getByRole("heading", { name: "Our Values" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Why Choose Tuesday AI" })).toBeVisible();
    await expect(page.locator("#mission-heading")).not.toBeEmpty();
    const hub = page.locator("#explore");
    for (const path of ["/vision", "/features", "/story", "/team", "/community", "/contact"]) await expect(hub.locator(`a[href="${path}"]`)).toHaveCount(1);
    // No button on /about leads back to /about.
    await expect(page.locator('main a[href="/about"]')).toHaveCount(0);
    await hub.getByRole("link", { name: /Our Story/ }).click();
    await expect(page).toHaveURL(/\/story$/);
  });
});

test.describe("pricing (spec section 9)", () => {
  const monthly = ["₹0", "₹350", "₹500", "₹200", "₹1,000"];
  const yearly = ["₹0", "₹3,360", "₹4,800", "₹1,920", "₹9,600"];

  test("monthly by default; yearly = monthly × 12 × 0.8 with 'Save 20%'; buttons off in yearly mode", async ({ page }) => {
    await open(page, "/pricing");
    await expect(page.getByText("Important: Once a subscription is purchased, it cannot be canceled")).toBeVisible();
    const cards = page.locator("[data-plan]");
    await expect(cards.locator("h2")).toHaveText(["Free", "Basic", "Standard", "Student", "Professional"]);
    await expect(page.getByRole("radio", { name: "Monthly" })).toBeChecked();
    await expect(cards.getByTestId("price")).toHaveText(monthly);
    for (const card of await cards.all()) await expect(card).toContainText("/month");
    await expect(page.locator(`[data-plan="standard"]`)).toContainText("Most suggested");
    await expect(page.getByText("Most suggested")).toHaveCount(1);
    for (const card of await cards.all()) await expect(card).toContainText("End-to-end encryption");

    const buttons = cards.getByRole("button");
    await expect(buttons).toHaveText(Array(5).fill("Coming Soon"));
    for (const button of await buttons.all()) await expect(button).toBeEnabled();

    await page.getByText("Yearly").click();
    await expect(page.getByRole("radio", { name: /Yearly/ })).toBeChecked();
    await expect(cards.getByTestId("price")).toHaveText(yearly);
    for (const card of await cards.all()) await expect(card).toContainText("/year");
    await expect(page.locator(`[data-plan="basic"]`)).toContainText("Save 20%");
    for (const button of await buttons.all()) await expect(button).toBeDisabled();

    await page.getByText("Monthly").click();
    await expect(cards.getByTestId("price")).toHaveText(monthly);
    for (const button of await buttons.all()) await expect(button).toBeEnabled();
  });

  test("nothing is selected at first and coming-soon cards cannot be selected", async ({ page }) => {
    await open(page, "/pricing");
    await expect(page.locator("[data-selected]")).toHaveCount(0);
    for (const card of await page.locator("[data-plan]").all()) {
      await card.locator("h2").click();
      await expect(page.locator("[data-selected]")).toHaveCount(0);
    }
  });

  test("a Coming Soon button says so", async ({ page }) => {
    await open(page, "/pricing");
    await page.locator('[data-plan="student"]').getByRole("button", { name: "Coming Soon" }).click();
    await expect(page.getByText("The Student plan is coming soon.", { exact: false })).toBeVisible();
  });
});

test.describe("blog", () => {
  test("lists eight posts from 14 to 21 January 2025, each with its own page", async ({ page, baseURL }) => {
    await open(page, "/blog");
    const posts = page.locator("main article");
    await expect(posts).toHaveCount(8);
    await expect(posts.locator("time")).toHaveText([21, 20, 19, 18, 17, 16, 15, 14].map((d) => `${d} January 2025`));

    const first = posts.first().getByRole("link");
    const title = await first.innerText();
    await first.click();
    await overlayCleared(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page).toHaveTitle(`${title} | Tuesday AI`);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`^${baseURL}/blog/[a-z0-9-]+$`));
    expect((await page.locator(".prose h2").count())).toBeGreaterThan(1);
  });

  test("an unknown post is a 404", async ({ page }) => {
    const res = await page.goto("/blog/no-such-post");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! That page can't be found.");
  });
});

test.describe("community, products, coming soon", () => {
  test("community: three join cards with the configured links and three benefits", async ({ page }) => {
    await open(page, "/community");
    const joins = page.locator("main section").first().locator("li");
    await expect(joins.locator("h3")).toHaveText(["Twitter / X", "Telegram", "WhatsApp Channel"]);
    const hrefs = await joins.getByRole("link").evaluateAll((els) => els.map((e) => e.getAttribute("href")));
    expect(hrefs).toEqual([site.community.x, site.community.telegram, site.community.whatsappChannel]);
    await expect(page.locator("#benefits h3")).toHaveText(["Discuss", "Network", "Grow"]);
  });

  test("products: four cards, all Coming Soon", async ({ page }) => {
    await open(page, "/product");
    const cards = page.locator("main section li h2");
    await expect(cards).toHaveText(products.map((p) => p.title));
    await expect(page.locator("main").getByText("Coming Soon", { exact: true })).toHaveCount(4);
  });

  test("coming soon: five placeholders and 'Join Community' to /community", async ({ page }) => {
    await open(page, "/coming-soon");
    await expect(page.locator("main section ul > li h2")).toHaveText(["Live Demo", "Student Program", "Documentation", "Getting Started", "Tutorials"]);
    await page.getByRole("link", { name: "Join Community" }).click();
    await expect(page).toHaveURL(/\/community$/);
  });
});

test.describe("legal pages", () => {
  test("privacy: six cards and 'Last Updated: November 2024'", async ({ page }) => {
    await open(page, "/privacy");
    await expect(page.locator("main li h2")).toHaveText([
      "User Interactions", "Data Collection", "Technical Safeguards", "Cloud Infrastructure", "Legal Compliance", "Team Access",
    ]);
    await expect(page.getByText("Last Updated: November 2024")).toBeVisible();
    const body = await page.locator("main").innerText();
    for (const phrase of [/GDPR/, /CCPA/, /encrypt/i, /audit/i, /role/i]) expect(body).toMatch(phrase);
  });

  test("terms: five cards, INR, the refund rules and the contact block", async ({ page }) => {
    await open(page, "/terms");
    await expect(page.locator("main li h2")).toHaveText([
      "Terms and Conditions", "User Accounts", "Products and Services", "Pricing and Payments", "Return and Refund Policy",
    ]);
    const body = await page.locator("main").innerText();
    expect(body).toMatch(/INR|Indian Rupees/);
    expect(body).toMatch(/non-refundable/i);
    expect(body).toMatch(/unused/i);
    expect(body).toMatch(/original packaging/i);
    expect(body).toMatch(/without notice/i);
    const contact = page.locator("#terms-contact").locator("..");
    await expect(contact).toContainText(site.contactEmail);
    await expect(contact).toContainText("Kanpur Nagar, Uttar Pradesh");
    await expect(contact).toContainText(site.businessName);
    await expect(contact).toContainText(site.billingName);
  });

  test("cookie policy names the cookies and storage keys the site really sets", async ({ page }) => {
    await open(page, "/cookie-policy");
    const body = await page.locator("main").innerText();
    for (const name of ["tuesday.session_token", "tuesday.dont_remember", "tuesday.state", "tuesday.pending_verification"]) expect(body).toContain(name);
    for (const key of ["user", "rememberDevice", "timeSpent", "totalTimeSpent", "lastActive", "trackTime", "totalVisits", "tuesday.chatWidget.position", "visitCounted"]) {
      expect(body).toContain(key);
    }
  });

  test("license: personal data is deleted within 30 days of termination", async ({ page }) => {
    await open(page, "/license");
    await expect(page.locator("main")).toContainText(/deleted within 30 days of termination/);
  });
});

test.describe("chat widget", () => {
  test("appears about 2 s after load, opens the panel, closes on Escape and on a press outside", async ({ page }) => {
    await page.goto("/about");
    // Nobody has touched the page: the button is the page's own until a press wakes it (ADR 0005), then the widget's.
    const button = page.getByRole("button", { name: "Chat with Tuesday AI", exact: true });
    await page.waitForTimeout(1000);
    await expect(button).toHaveCount(0);
    await expect(button).toBeVisible({ timeout: 4000 });

    await button.click();
    const panel = page.getByRole("dialog", { name: "Chat with Tuesday AI" });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText("Tuesday AI coming soon!");
    await expect(panel.getByRole("link")).toHaveCount(3);
    await expect(panel.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("href", site.chatWidget.messagingAssistant.href);
    await expect(panel.getByRole("link", { name: /Instagram/ })).toHaveAttribute("href", site.chatWidget.socialAssistant.href);
    await expect(panel.getByRole("link", { name: /Contact support/ })).toHaveAttribute("href", "/contact");
    await expect(panel).toContainText(/company representative/);
    await expect(panel).toContainText(/specific queries/);

    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await expect(panel).toBeVisible();
    await page.mouse.click(20, 300);
    await expect(panel).toBeHidden();
  });

  test("drags with the mouse, stays in the viewport, and remembers where it was left", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, "/");
    const button = page.getByTestId("chat-button");
    await expect(button).toBeVisible({ timeout: 15_000 });
    const start = (await button.boundingBox())!;

    await page.mouse.move(start.x + 28, start.y + 28);
    await page.mouse.down();
    await page.mouse.move(start.x - 300, start.y - 200, { steps: 8 });
    await page.mouse.up();
    const moved = (await button.boundingBox())!;
    expect(moved.x).toBeLessThan(start.x - 250);
    expect(moved.y).toBeLessThan(start.y - 150);
    await expect(page.getByRole("dialog")).toHaveCount(0); // a drag is not a click

    await page.mouse.move(moved.x + 28, moved.y + 28);
    await page.mouse.down();
    await page.mouse.move(-400, -400, { steps: 8 });
    await page.mouse.up();
    const clamped = (await button.boundingBox())!;
    expect(clamped.x).toBeGreaterThanOrEqual(0);
    expect(clamped.y).toBeGreaterThanOrEqual(0);

    await page.reload();
    // Before the page wakes, its own button stands where the widget was left; the widget then takes its place there.
    const stub = page.getByRole("button", { name: "Chat with Tuesday AI", exact: true });
    await expect(stub).toBeVisible({ timeout: 15_000 });
    expect((await stub.boundingBox())!.x).toBeCloseTo(clamped.x, 0);
    expect((await stub.boundingBox())!.y).toBeCloseTo(clamped.y, 0);
    await wake(page);
    await expect(button).toBeVisible({ timeout: 15_000 });
    expect((await button.boundingBox())!.x).toBeCloseTo(clamped.x, 0);

    // Dragged to the far right, then the window shrinks for a while: it stays in view, and comes back.
    const home = (await button.boundingBox())!;
    await page.mouse.move(home.x + 28, home.y + 28);
    await page.mouse.down();
    await page.mouse.move(1100, 600, { steps: 8 });
    await page.mouse.up();
    const chosen = (await button.boundingBox())!;
    await page.setViewportSize({ width: 420, height: 500 });
    await expect.poll(async () => (await button.boundingBox())!.x + 56).toBeLessThanOrEqual(420);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(async () => (await button.boundingBox())!.x).toBeCloseTo(chosen.x, 0);
  });

  test("drags by touch and moves with the arrow keys", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, "/");
    const button = page.getByTestId("chat-button");
    await expect(button).toBeVisible({ timeout: 15_000 });
    // Measured after its pop-in (a scale animation) has finished: mid-animation its box is a few pixels off.
    await button.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    const start = (await button.boundingBox())!;
    const at = (x: number, y: number) => ({ pointerId: 7, pointerType: "touch", isPrimary: true, button: 0, buttons: 1, clientX: x, clientY: y });
    await button.dispatchEvent("pointerdown", at(start.x + 20, start.y + 20));
    await button.dispatchEvent("pointermove", at(start.x - 40, start.y - 100));
    await button.dispatchEvent("pointermove", at(start.x - 80, start.y - 200));
    await button.dispatchEvent("pointerup", at(start.x - 80, start.y - 200));
    const moved = (await button.boundingBox())!;
    expect(Math.round(start.y - moved.y)).toBe(220);

    await button.focus();
    await page.keyboard.press("ArrowUp");
    expect(Math.round(moved.y - (await button.boundingBox())!.y)).toBe(16);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Chat with Tuesday AI" })).toBeVisible();
  });
});

test.describe("particles", () => {
  test("80 particles, 120 fps cap, on the hero and the privacy page, started by the first interaction", async ({ page }) => {
    for (const [path, id] of [["/", "hero-particles"], ["/privacy", "privacy-particles"]] as const) {
      await open(page, path);
      const field = page.locator(`#${id}`);
      // Nothing loads until the visitor does something…
      await page.waitForTimeout(1500);
      await expect(field.locator("canvas")).toHaveCount(0);
      // …such as moving the mouse.
      await page.mouse.move(200, 200);
      await page.mouse.move(260, 240);
      await expect(field.locator("canvas")).toHaveCount(1, { timeout: 8000 });
      await expect(field).toHaveAttribute("data-particle-count", "80");
      await expect(field).toHaveAttribute("data-fps-limit", "120");
    }
  });

  test("on a phone (390 px), where the headline spans the hero, none is drawn across the headline's box", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, "/");
    await page.mouse.move(200, 200);
    await page.mouse.move(260, 240);
    await expect(page.locator("#hero-particles canvas")).toHaveCount(1, { timeout: 8000 });
    await expect(page.locator("#hero-particles")).toHaveAttribute("data-particle-count", "80");
    const headline = (await page.locator("#hero-heading").boundingBox())!;
    const hero = (await page.locator("section", { has: page.locator("#hero-heading") }).boundingBox())!;
    expect(headline.width).toBeGreaterThan(300);
    // Moving particles change what is drawn from one moment to the next: the headline's box stays the same,
    // while the hero's foot (where they are drawn in full) changes.
    const shot = (clip: { x: number; y: number; width: number; height: number }) => page.screenshot({ clip });
    const foot = { x: hero.x, y: hero.y + hero.height - 80, width: hero.width, height: 80 };
    const firstHeadline = await shot(headline);
    const firstFoot = await shot(foot);
    let footMoved = false;
    for (let i = 0; i < 5; i++) {
      await page.waitForTimeout(400);
      expect((await shot(headline)).equals(firstHeadline), `the headline's box changed (frame ${i + 1}): particles are drawn across it`).toBe(true);
      footMoved ||= !(await shot(foot)).equals(firstFoot);
    }
    expect(footMoved, "no particle moved at the hero's foot: the test saw no particles at all").toBe(true);
  });

  test("none for visitors who prefer reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await open(page, "/");
    await page.mouse.move(200, 200);
    await page.mouse.move(260, 240);
    await page.waitForTimeout(3500);
    await expect(page.locator("canvas")).toHaveCount(0);
  });
});

test.describe("responsive", () => {
  for (const width of [320, 1920]) {
    test(`no page scrolls sideways at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const { path } of PAGES) {
        await page.goto(path);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
    });
  }
});

test.describe("reading measure", () => {
  test("articles and legal pages keep running text to at most 75 characters a line at 1280 px", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, "/blog");
    const post = await page.locator('main a[href^="/blog/"]').first().getAttribute("href");
    for (const path of [post!, "/license", "/cookie-policy", "/privacy", "/terms"]) {
      await open(page, path);
      // Every line of every paragraph, counted character by character from where the browser broke it.
      const longest = await page.evaluate(() => {
        let worst = 0;
        let where = "";
        for (const p of document.querySelectorAll("main p")) {
          const counts = new Map<number, number>();
          const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? "";
            for (let i = 0; i < text.length; i++) {
              const range = document.createRange();
              range.setStart(node, i);
              range.setEnd(node, i + 1);
              const rect = range.getClientRects()[0];
              if (!rect) continue;
              const top = Math.round(rect.top);
              counts.set(top, (counts.get(top) ?? 0) + 1);
            }
          }
          for (const n of counts.values()) {
            if (n > worst) [worst, where] = [n, (p.textContent ?? "").slice(0, 60)];
          }
        }
        return { worst, where };
      });
      expect(longest.worst, path).toBeGreaterThan(30);
      expect(longest.worst, `${path}: "${longest.where}…"`).toBeLessThanOrEqual(75);
    }
  });
});
