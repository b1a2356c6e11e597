/**
 * Issue 20: the public site in Hindi under /hi/ (docs/decisions/0032-hindi.md),
 * tried as a Hindi-reading visitor and as a crawler would: every twin answers
 * in Hindi with its alternates, no English sentence is left on it, the switch
 * keeps the page and is remembered, only the bare "/" follows the browser's
 * language, and Devanagari comes from the page's own font (and only on Hindi pages).
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { site } from "../../app/config/site";
import { FLOW_PAGES, localizedPath, TRANSLATED_PAGES } from "../../app/shared/i18n/locale";
import { expect, expectAccessible, open, test, wake } from "./fixtures";
import { latinWords } from "./hindi-words";

const POSTS = readdirSync(path.join(process.cwd(), "app/features/blog/posts"))
  .filter((f) => f.endsWith(".md"))
  .map((f) => `/blog/${f.replace(/\.md$/, "").replace(/^\d{4}-\d{2}-\d{2}-/, "")}`);
/** Every translated page a visitor reaches by the site's own links (the flow pages need a session or a token: their journeys walk them). */
const ENGLISH_PATHS = [...TRANSLATED_PAGES.filter((p) => !FLOW_PAGES.has(p)), ...POSTS];


test.describe("Hindi twins, as a crawler and a reader without scripts see them", () => {
  test.use({ javaScriptEnabled: false });

  test("every translated page has a Hindi twin: 200, lang=hi, alternates both ways, and no English left", async ({ page }) => {
    test.setTimeout(240_000);
    const english: Record<string, string[]> = {};
    for (const page_ of ENGLISH_PATHS) {
      // The signed-in home (/home) is the home page's second address: its canonical and alternates are the home page's.
      const en = page_ === "/home" ? "/" : page_;
      const hi = localizedPath(en, "hi");
      const asked = localizedPath(page_, "hi");
      expect(hi).toMatch(/^\/hi(\/|$)/);
      const response = await page.goto(asked);
      expect(response?.status(), asked).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", "hi");
      const alternates = await page.locator('link[rel="alternate"][hreflang]').evaluateAll((links) =>
        Object.fromEntries(links.map((l) => [l.getAttribute("hreflang"), new URL(l.getAttribute("href")!).pathname])),
      );
      expect(alternates, hi).toEqual({ en, hi, "x-default": en });
      expect(new URL((await page.locator('link[rel="canonical"]').getAttribute("href"))!).pathname).toBe(hi);
      await expect(page.locator("h1")).toHaveCount(1);
      const left = await latinWords(page);
      if (left.length) english[asked] = left;

      // And the English page names its twin.
      await page.goto(en);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      expect(new URL((await page.locator('link[rel="alternate"][hreflang="hi"]').getAttribute("href"))!).pathname).toBe(hi);
    }
    expect(english, "Latin-script words on Hindi pages (translate them, or allow-list a name)").toEqual({});
  });

  test("the sitemap lists both languages, each naming the other", async ({ request }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    for (const en of ["/pricing", POSTS[0]!]) {
      const hi = localizedPath(en, "hi");
      const entry = new RegExp(`<url><loc>[^<]*${hi}</loc>([^]*?)</url>`).exec(xml)?.[1] ?? "";
      expect(entry).toMatch(new RegExp(`hreflang="en" href="[^"]*${en}"`));
      expect(entry).toMatch(new RegExp(`hreflang="hi" href="[^"]*${hi}"`));
    }
  });

  test("only the bare / follows the browser's language; a crawler without one gets English", async ({ request, playwright }) => {
    const crawler = await request.get("/", { maxRedirects: 0 });
    expect(crawler.status()).toBe(200);
    expect(crawler.headers()["vary"]).toContain("Accept-Language");

    const hindiReader = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL, extraHTTPHeaders: { "Accept-Language": "hi-IN,hi;q=0.9,en;q=0.8" } });
    const home = await hindiReader.get("/", { maxRedirects: 0 });
    expect(home.status()).toBe(302);
    expect(home.headers()["location"]).toBe("/hi");
    // Any other page stays where it was asked for.
    expect((await hindiReader.get("/pricing", { maxRedirects: 0 })).status()).toBe(200);
    // A remembered choice of English wins over the browser's language.
    const chose = await hindiReader.get("/", { maxRedirects: 0, headers: { Cookie: `${site.slug}.lang=en` } });
    expect(chose.status()).toBe(200);
    await hindiReader.dispose();
  });

  test("an unknown /hi/ path is the not-found page in Hindi, with 404", async ({ page }) => {
    const response = await page.goto("/hi/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expect(page.locator("h1")).toHaveText("अरे! यह पेज नहीं मिला।");
  });
});

test.describe("the language switch", () => {
  test("keeps the page both ways, and the home page remembers the choice", async ({ page }) => {
    await open(page, "/pricing");
    await page.getByRole("banner").getByRole("link", { name: "हिन्दी" }).click();
    await expect(page).toHaveURL(/\/hi\/pricing$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expect(page.locator("h1")).toHaveText("कीमतें");
    await expect(page.getByRole("radio", { name: "मासिक" })).toBeChecked();
    // The remembered choice sends the bare / to the Hindi home.
    await page.goto("/");
    await expect(page).toHaveURL(/\/hi$/);

    await wake(page);
    await page.locator("html[data-hydrated]").waitFor();
    await page.getByRole("contentinfo").getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.goto("/");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("h1")).toHaveText(site.tagline);
  });

  test("the forms and the account pages have twins too; a page without one offers the other language's home", async ({ page }) => {
    await open(page, "/feedback");
    await expect(page.getByRole("banner").getByRole("link", { name: "हिन्दी" })).toHaveAttribute("href", "/hi/feedback");
    await open(page, "/auth?mode=signup");
    await expect(page.getByRole("banner").getByRole("link", { name: "हिन्दी" })).toHaveAttribute("href", "/hi/auth?mode=signup");
    // A form's thank-you page (other sites' forms land there) is English only.
    await open(page, "/f/contact/thanks");
    await expect(page.getByRole("banner").getByRole("link", { name: "हिन्दी" })).toHaveAttribute("href", "/hi");
  });
});

test.describe("Hindi with scripts on", () => {
  test("the chat widget, the side menu and the pricing toast speak Hindi", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await open(page, "/hi/pricing");
    await page.getByRole("button", { name: "मेन्यू खोलें" }).click();
    const menu = page.getByRole("dialog", { name: "मेन्यू" });
    await expect(menu.getByRole("link", { name: "कीमतें" })).toHaveAttribute("href", "/hi/pricing");
    await expect(menu.getByRole("link", { name: "साइन इन" })).toHaveAttribute("href", "/hi/auth");
    expect(await latinWords(page)).toEqual([]);
    await page.keyboard.press("Escape");

    await page.locator('[data-plan="free"]').getByRole("button", { name: "जल्द आ रहा है" }).click();
    await expect(page.getByText("फ़्री प्लान जल्द आ रहा है।", { exact: false })).toBeVisible();

    const chat = page.getByTestId("chat-button");
    await expect(chat).toBeVisible({ timeout: 6000 });
    await expect(chat).toHaveAttribute("aria-label", `${site.productName} से बात करें`);
    await chat.click();
    const panel = page.getByRole("dialog", { name: `${site.productName} से बात करें` });
    await expect(panel).toContainText(`${site.productName} जल्द आ रहा है!`);
    await expect(panel.getByRole("link", { name: "सहायता टीम से संपर्क करें" })).toHaveAttribute("href", "/hi/contact");
    expect(await latinWords(page)).toEqual([]);
  });
});

/**
 * Every Hindi page a visitor reaches by links (one post stands for the rest: they share a layout), and
 * the not-found page, through axe in both themes: each page light at one width and dark at the other,
 * the widths alternating from page to page, so both themes meet both widths in every kind of page
 * without four runs of each (theme.spec.ts runs the English pages dark the same way; a11y.spec.ts light at both widths).
 */
test.describe("axe on Hindi pages, light and dark, at 390 and 1280 px", () => {
  const paths = [...TRANSLATED_PAGES.filter((p) => !FLOW_PAGES.has(p) && p !== "/"), POSTS[0]!].map((p) => localizedPath(p, "hi")).concat("/hi", "/hi/no-such-page");
  paths.forEach((path, i) => {
    const widths = i % 2 === 0 ? ([390, 1280] as const) : ([1280, 390] as const);
    test(`${path} has no violations (light at ${widths[0]} px, dark at ${widths[1]} px)`, async ({ page }) => {
      for (const [colorScheme, width] of [["light", widths[0]], ["dark", widths[1]]] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme });
        await open(page, path);
        await expectAccessible(page);
      }
    });
  });
});

test.describe("Devanagari and ₹ from the page's own fonts", () => {
  async function fontsOf(page: Page, selector: string) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
    const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
    await cdp.detach();
    return fonts.map((f) => `${f.familyName}${f.isCustomFont ? "" : " (system)"}`);
  }

  test("a Hindi heading is drawn in Noto Sans Devanagari and a Hindi price's ₹ in Inter; English pages never fetch the Devanagari font", async ({ page }) => {
    const fetched: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("noto-devanagari-site")) fetched.push(new URL(r.url()).pathname);
    });
    for (const en of ["/", "/pricing", "/blog", POSTS[0]!]) await open(page, en);
    await page.evaluate(() => document.fonts.ready);
    expect(fetched, "English pages fetched the Devanagari font").toEqual([]);
    // The switch's one Devanagari word is drawn by a web font (its own small cut: the whole file was not fetched
    // above), never as boxes in a system font. The browser reports the font's own name, which the cut keeps.
    await page.getByRole("banner").getByRole("link", { name: "हिन्दी" }).evaluate((el) => el.setAttribute("id", "switch-probe"));
    expect(await fontsOf(page, "#switch-probe")).toEqual(["Noto Sans Devanagari"]);

    await open(page, "/hi/pricing");
    await page.evaluate(() => document.fonts.ready);
    expect(fetched.length).toBeGreaterThan(0);
    expect(await fontsOf(page, "h1")).toEqual(["Noto Sans Devanagari"]);
    expect(new Set(await fontsOf(page, '[data-testid="price"]'))).toEqual(new Set(["Inter"]));
    // Conjuncts and matras are shaped by the font, not drawn as loose letters with dotted circles.
    const probe = await page.evaluate(() => {
      const span = document.createElement("span");
      span.id = "conjuncts";
      span.textContent = "क्ष त्र श्र ज्ञ";
      document.querySelector("main")!.append(span);
      return span.getBoundingClientRect().width;
    });
    expect(probe).toBeGreaterThan(0);
    // The letters from Noto Sans Devanagari, the spaces between them from Inter: no system font.
    expect(new Set(await fontsOf(page, "#conjuncts"))).toEqual(new Set(["Noto Sans Devanagari", "Inter"]));
  });
});
