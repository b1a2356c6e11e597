/**
 * The static pages' loaders, table-driven: each answers its English page with
 * English data and no Hindi words (i18n null), and its /hi/ twin with the
 * Hindi words and Hindi data; each page's metadata carries its title and a
 * real description. Then what the spec asks of each page's content, as data.
 */
import { describe, expect, test } from "vitest";
import { site, team as roster } from "~/config/site";
import { products } from "~/features/products/content";
import { callRoute } from "../../tests/routes/route-kit";
import { PRIVACY_TITLES, STORY_TITLES, TERMS_TITLES } from "../../tests/support/spec-titles";
import * as about from "./about";
import * as comingSoon from "./coming-soon";
import * as community from "./community";
import * as cookiePolicy from "./cookie-policy";
import * as features from "./features";
import * as home from "./home";
import * as license from "./license";
import * as pricing from "./pricing";
import * as privacy from "./privacy";
import * as product from "./product";
import * as story from "./story";
import * as team from "./team";
import * as terms from "./terms";
import * as vision from "./vision";

const HINDI = /[\u0900-\u097F]/;
const ORIGIN = "http://localhost:3000";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each page's loader data has its own shape
type Data = any;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each module's Route types differ
type PageModule = { loader: (args: any) => unknown; meta: (args: any) => Array<Record<string, unknown>> };

/** Each page: its module, its English path, its heading as the loader carries it. */
const PAGES: Array<{ path: string; module: PageModule; heading: string; title: (data: Data) => string }> = [
  { path: "/", module: home, heading: "Innovation, fueled by faith.", title: (d) => d.hero.tagline },
  { path: "/about", module: about, heading: "About Tuesday AI", title: (d) => d.intro.title },
  { path: "/product", module: product, heading: "Products", title: (d) => d.intro.title },
  { path: "/pricing", module: pricing, heading: "Pricing", title: (d) => d.page.title },
  { path: "/vision", module: vision, heading: "Our Vision", title: (d) => d.intro.title },
  { path: "/team", module: team, heading: "Meet the Team", title: (d) => d.intro.title },
  { path: "/story", module: story, heading: "Our Story", title: (d) => d.intro.title },
  { path: "/features", module: features, heading: "Features", title: (d) => d.intro.title },
  { path: "/community", module: community, heading: "Join the Community", title: (d) => d.intro.title },
  { path: "/coming-soon", module: comingSoon, heading: "Coming Soon", title: (d) => d.intro.title },
  { path: "/license", module: license, heading: "License", title: (d) => d.license.intro.title },
  { path: "/privacy", module: privacy, heading: "Privacy Policy", title: (d) => d.privacy.intro.title },
  { path: "/terms", module: terms, heading: "Terms of Service", title: (d) => d.terms.intro.title },
  { path: "/cookie-policy", module: cookiePolicy, heading: "Cookie Policy", title: (d) => d.policy.intro.title },
];

const hindiPath = (path: string) => (path === "/" ? "/hi" : `/hi${path}`);

async function load(module: PageModule, path: string): Promise<Data> {
  const answer = await callRoute<Data>(module.loader, { path });
  expect(answer.status, path).toBe(200);
  return answer.data;
}

/** The page's meta tags as React Router would ask for them on `path`. */
function metaOf(module: PageModule, path: string, loaderData: Data) {
  return module.meta({
    matches: [
      { id: "root", loaderData: { origin: ORIGIN } },
      { id: "page", pathname: path, loaderData },
    ],
    loaderData,
    data: loaderData,
    params: {},
    location: { pathname: path },
  });
}

describe.each(PAGES)("$path", ({ path, module, heading, title }) => {
  test("English: the spec's heading, no Hindi words", async () => {
    const data = await load(module, path);
    expect(title(data)).toBe(heading);
    // The home page brings no words of its own beyond the hero and the site's lines.
    if ("i18n" in data) expect(data.i18n).toBeNull();
    expect(JSON.stringify(data)).not.toMatch(HINDI);
  });

  test("Hindi: the twin's heading and the page's words in Hindi", async () => {
    const data = await load(module, hindiPath(path));
    expect(title(data)).toMatch(HINDI);
    if (path !== "/") expect(data.i18n).not.toBeNull();
  });

  test("its metadata: a title with the product's name, a real description, the canonical address and both languages", async () => {
    const data = await load(module, path);
    const tags = metaOf(module, path, data);
    expect(tags.find((t) => "title" in t)?.title).toMatch(/Tuesday AI/);
    expect(String(tags.find((t) => t.name === "description")?.content).length).toBeGreaterThan(40);
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: `${ORIGIN}${path}` });
    expect(tags).toContainEqual({ tagName: "link", rel: "alternate", hrefLang: "hi", href: `${ORIGIN}${hindiPath(path)}` });
    const hindi = metaOf(module, hindiPath(path), await load(module, hindiPath(path)));
    expect(hindi).toContainEqual({ tagName: "link", rel: "canonical", href: `${ORIGIN}${hindiPath(path)}` });
  });
});

describe("what each page says (spec section 2)", () => {
  test("home: the tagline and note, shared as Tuesday AI with the Organization's structured data; /home's canonical is /", async () => {
    const data = await load(home, "/");
    expect(data.hero).toMatchObject({ tagline: "Innovation, fueled by faith.", note: "No coding experience required." });
    const tags = metaOf(home, "/", data);
    expect(tags).toContainEqual({ property: "og:title", content: "Tuesday AI — Innovation, fueled by faith." });
    expect(tags).toContainEqual({ property: "og:image", content: `${ORIGIN}/og-image.png` });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    expect(tags.find((t) => "script:ld+json" in t)?.["script:ld+json"]).toMatchObject({
      "@type": "Organization",
      name: site.companyName,
      email: site.contactEmail,
    });
    expect(await load(home, "/home")).toEqual(data);
    expect(metaOf(home, "/home", data)).toContainEqual({ tagName: "link", rel: "canonical", href: `${ORIGIN}/` });
  });

  test("/vision, /features, /story and /team have an introduction and 8, 6, 10 and 6 cards", async () => {
    for (const [module, path, count, key] of [
      [vision, "/vision", 8, "cards"],
      [features, "/features", 6, "cards"],
      [story, "/story", 10, "cards"],
      [team, "/team", 6, "team"],
    ] as const) {
      const data = await load(module, path);
      expect(data.intro.intro, path).toBeTruthy();
      expect(data[key], path).toHaveLength(count);
    }
    expect((await load(story, "/story")).cards.map((c: { title: string }) => c.title)).toEqual(STORY_TITLES);
    expect((await load(story, "/story")).cards[0].description).toMatch(/\b16\b/);
    expect((await load(team, "/team")).team.map((m: { name: string }) => m.name)).toEqual(roster.map((m) => m.name));
  });

  test("/about: the mission, values and why-choose-us, leading on to each block's page and never back to /about", async () => {
    const data = await load(about, "/about");
    expect(data.about.mission).toBeTruthy();
    expect(data.values.map((v: { title: string }) => v.title)).toEqual(["Innovation First", "Faith-Driven", "Accessible Tech"]);
    expect(data.whyChooseUs.title).toBe("Why Choose Tuesday AI");
    expect(data.hub.map((h: { to: string }) => h.to)).toEqual(["/vision", "/features", "/story", "/team", "/community", "/contact"]);
  });

  test("/pricing: five plans in rupees, the Standard plan suggested, every one coming soon", async () => {
    const data = await load(pricing, "/pricing");
    expect(data.plans.map((p: { name: string; price: string }) => [p.name, p.price])).toEqual([
      ["Free", "0"],
      ["Basic", "350"],
      ["Standard", "500"],
      ["Student", "200"],
      ["Professional", "1000"],
    ]);
    expect(data.plans.filter((p: { isPopular?: boolean }) => p.isPopular).map((p: { id: string }) => p.id)).toEqual(["standard"]);
    for (const plan of data.plans) {
      expect(plan).toMatchObject({ isComingSoon: true, buttonText: "Coming Soon" });
      expect(plan.features).toContain("End-to-end encryption");
    }
    expect(data.interests.map((i: { value: string }) => i.value)).toContain("plan:standard");
  });

  test("/product: the four products; /coming-soon: five placeholders and the way to the community", async () => {
    expect((await load(product, "/product")).products.map((p: { title: string }) => p.title)).toEqual(products.map((p) => p.title));
    expect(products).toHaveLength(4);
    const soon = await load(comingSoon, "/coming-soon");
    expect(soon.items.map((i: { title: string }) => i.title)).toEqual(["Live Demo", "Student Program", "Documentation", "Getting Started", "Tutorials"]);
    expect(soon.join.cta).toBe("Join Community");
  });

  test("/community: three join cards (X, Telegram, WhatsApp) and three benefits", async () => {
    const data = await load(community, "/community");
    expect(data.joinCards.map((c: { title: string }) => c.title)).toEqual(["Twitter / X", "Telegram", "WhatsApp Channel"]);
    expect(data.joinCards.map((c: { network: string }) => c.network)).toEqual(["x", "telegram", "whatsapp"]);
    expect(data.benefits.map((b: { title: string }) => b.title)).toEqual(["Discuss", "Network", "Grow"]);
  });

  test("/privacy: six cards, GDPR and CCPA, last updated November 2024", async () => {
    const { privacy: page } = await load(privacy, "/privacy");
    expect(page.cards.map((c: { title: string }) => c.title)).toEqual(PRIVACY_TITLES);
    expect(page.lastUpdated).toBe("Last Updated: November 2024");
    const text = JSON.stringify(page);
    for (const phrase of [/GDPR/, /CCPA/, /encrypt/i, /audit/i, /role/i]) expect(text).toMatch(phrase);
  });

  test("/terms: five cards, prices in INR, the refund rules", async () => {
    const { terms: page } = await load(terms, "/terms");
    expect(page.cards.map((c: { title: string }) => c.title)).toEqual(TERMS_TITLES);
    const text = JSON.stringify(page);
    for (const phrase of [/INR|Indian Rupees/, /non-refundable/i, /unused/i, /original packaging/i, /without notice/i]) expect(text).toMatch(phrase);
  });

  test("/cookie-policy names the cookies and storage keys the site really sets", async () => {
    const { policy } = await load(cookiePolicy, "/cookie-policy");
    const named = [...policy.cookies.map((c: { name: string }) => c.name), ...policy.storage.map((s: { key: string }) => s.key)];
    expect(named).toEqual(
      expect.arrayContaining(["tuesday.session_token", "tuesday.dont_remember", "tuesday.state", "tuesday.pending_verification", "visitCounted"]),
    );
    expect(named).toEqual(
      expect.arrayContaining([
        "user",
        "rememberDevice",
        "timeSpent",
        "totalTimeSpent",
        "lastActive",
        "trackTime",
        "totalVisits",
        "tuesday.chatWidget.position",
      ]),
    );
  });

  test("/license: personal data is deleted within 30 days of termination", async () => {
    expect(JSON.stringify((await load(license, "/license")).license)).toMatch(/deleted within 30 days of termination/);
  });
});
