/**
 * What every page's markup must carry, read from the server's HTML as a
 * crawler and a reader without scripts get it (jsdom, no browser): the Hindi
 * twins (issue 20, docs/decisions/0032-hindi.md) with their language,
 * canonical and alternates, and no English sentence left on them; the home
 * page's sharing metadata and structured data.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { JSDOM } from "jsdom";
import { expect, inject, test } from "vitest";
import { site } from "~/config/site";
import { FLOW_PAGES, localizedPath, TRANSLATED_PAGES } from "~/shared/i18n/locale";
import { latinWords } from "../support/hindi-words";

const { url } = inject("audit");

const POSTS = readdirSync(path.resolve(import.meta.dirname, "../../app/features/blog/posts"))
  .filter((f) => f.endsWith(".md"))
  .map((f) => `/blog/${f.replace(/\.md$/, "").replace(/^\d{4}-\d{2}-\d{2}-/, "")}`);
/** Every translated page a visitor reaches by the site's own links (the flow pages need a session or a token). */
const ENGLISH_PATHS = [...TRANSLATED_PAGES.filter((p) => !FLOW_PAGES.has(p)), ...POSTS];

async function page(pathname: string, headers: Record<string, string> = {}) {
  const res = await fetch(new URL(pathname, url), { headers, redirect: "manual" });
  const html = await res.text();
  return { res, html, document: new JSDOM(html).window.document };
}

const pathOf = (href: string | null | undefined) => new URL(href ?? "", url).pathname;

test("every translated page has a Hindi twin: 200, lang=hi, one h1, canonical and alternates both ways, and no English left", async () => {
  const english: Record<string, string[]> = {};
  for (const pathname of ENGLISH_PATHS) {
    // The signed-in home (/home) is the home page's second address: its canonical and alternates are the home page's.
    const en = pathname === "/home" ? "/" : pathname;
    const hi = localizedPath(en, "hi");
    const asked = localizedPath(pathname, "hi");
    const twin = await page(asked);
    expect(twin.res.status, asked).toBe(200);
    expect(twin.document.documentElement.lang, asked).toBe("hi");
    const alternates = Object.fromEntries(
      [...twin.document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [l.getAttribute("hreflang"), pathOf(l.getAttribute("href"))]),
    );
    expect(alternates, asked).toEqual({ en, hi, "x-default": en });
    expect(pathOf(twin.document.querySelector('link[rel="canonical"]')?.getAttribute("href")), asked).toBe(hi);
    expect(twin.document.querySelectorAll("h1"), asked).toHaveLength(1);
    const left = latinWords(twin.html);
    if (left.length) english[asked] = left;

    const original = await page(en);
    expect(original.document.documentElement.lang, en).toBe("en");
    expect(pathOf(original.document.querySelector('link[rel="alternate"][hreflang="hi"]')?.getAttribute("href")), en).toBe(hi);
  }
  expect(english, "Latin-script words on Hindi pages (translate them, or allow-list a name)").toEqual({});
});

test("an unknown /hi/ path is the not-found page in Hindi, with 404", async () => {
  const { res, document } = await page("/hi/no-such-page");
  expect(res.status).toBe(404);
  expect(document.documentElement.lang).toBe("hi");
  expect(document.querySelector("h1")?.textContent).toBe("अरे! यह पेज नहीं मिला।");
});

test("only the bare / follows the browser's language; a remembered choice wins; a crawler gets English", async () => {
  const crawler = await page("/");
  expect(crawler.res.status).toBe(200);
  expect(crawler.res.headers.get("vary")).toContain("Accept-Language");
  const hindi = { "accept-language": "hi-IN,hi;q=0.9,en;q=0.8" };
  const home = await page("/", hindi);
  expect(home.res.status).toBe(302);
  expect(home.res.headers.get("location")).toBe("/hi");
  expect((await page("/pricing", hindi)).res.status).toBe(200);
  expect((await page("/", { ...hindi, cookie: `${site.slug}.lang=en` })).res.status).toBe(200);
  // The switch's link to the English home names the language, and the edge remembers it in its answer (ADR 0054).
  const switched = await page("/?lang=en", { ...hindi, cookie: `${site.slug}.lang=hi` });
  expect(switched.res.status).toBe(302);
  expect(switched.res.headers.get("location")).toBe("/");
  expect(switched.res.headers.get("set-cookie")).toMatch(new RegExp(`^${site.slug}\\.lang=en; Path=/; Max-Age=\\d+; SameSite=Lax$`));
  const hindiHome = (await page("/hi")).document;
  expect(hindiHome.querySelector('footer a[hreflang="en"]')?.getAttribute("href")).toBe("/?lang=en");
});

test("the home page carries sharing metadata and Organization structured data; /home names / as canonical", async () => {
  const { document } = await page("/");
  const content = (selector: string) => document.querySelector(selector)?.getAttribute("content");
  expect(document.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(`${url}/`);
  expect(content('meta[property="og:title"]')).toBe("Tuesday AI — Innovation, fueled by faith.");
  expect(content('meta[property="og:image"]')).toBe(`${url}/og-image.png`);
  expect(content('meta[name="twitter:card"]')).toBe("summary_large_image");
  const ld = JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent ?? "{}") as Record<string, unknown>;
  expect(ld).toMatchObject({ "@type": "Organization", name: site.companyName, email: site.contactEmail });
  expect((await fetch(`${url}/og-image.png`)).headers.get("content-type")).toBe("image/png");
  expect((await page("/home")).document.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(`${url}/`);
  // A blog post is an article, with its own canonical address.
  const post = await page(POSTS[0]!);
  expect(post.document.querySelector('meta[property="og:type"]')?.getAttribute("content")).toBe("article");
  expect(post.document.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(`${url}${POSTS[0]}`);
});
