/**
 * What Ask Tuesday knows (issue 41): every passage of the site's own pages, read
 * from the same typed content modules and blog posts the pages render, in
 * English and Hindi side by side. A passage is one card, section or plan: the
 * unit an answer quotes and a source links to.
 *
 * The two languages of a passage are the same place on the twin pages
 * (/privacy and /hi/privacy), so a question found in either language is
 * answered in the page's language.
 */
import { formatAddress, site } from "~/config/site";
import { allPosts, postSections } from "~/features/blog/index.server";
import { comingSoonEn, comingSoonHi } from "~/features/coming-soon/index.server";
import { communityEn, communityHi } from "~/features/community/index.server";
import { legalEn, legalHi } from "~/features/legal/index.server";
import { marketingCopy, teamIn } from "~/features/marketing/index.server";
import { plans } from "~/features/pricing";
import { plansHi } from "~/features/pricing/index.server";
import { products } from "~/features/products";
import { productsHi, productsIntro, productsIntroHi } from "~/features/products/index.server";
import { fill } from "~/shared/i18n/messages";
import { messagesFor } from "~/shared/i18n/messages.server";
import { COOKIE_WORDS } from "./lexicon";

export type Topic = "pricing" | "billing" | "privacy" | "cookies" | "account" | "company" | "products" | "community" | "legal" | "blog";
export const TOPICS: readonly Topic[] = ["pricing", "billing", "privacy", "cookies", "account", "company", "products", "community", "legal", "blog"];

export interface Bilingual {
  en: string;
  hi: string;
}

export interface Passage {
  /** Stable across builds: the page and the English heading. */
  id: string;
  /** The English page ("/privacy"); the Hindi twin is under /hi. */
  path: string;
  /** An element id on the page, where there is one; else the source links to the heading's text (a text fragment). */
  anchor?: string;
  topic: Topic;
  /** The page's title, then the passage's heading: what a source link says. */
  page: Bilingual;
  heading: Bilingual;
  text: Bilingual;
  /** A plan's id, where the passage is a plan (its prices are filled in, never quoted). */
  plan?: string;
  /** A place where something is done (an account page's section): it answers how to do it, not what the company does. */
  doneHere?: boolean;
  /**
   * Words one of which a question must say for this passage to answer it. The
   * cookie table's rows describe the features their cookies serve ("the code
   * from your authenticator app"), and a question about such a feature, or
   * about an app, is not a question about its cookie.
   */
  askedAbout?: ReadonlySet<string>;
  /** The pieces a quote is made of where sentences are not: a table's rows (else the text's sentences). */
  quoteUnits?: { en: readonly string[]; hi: readonly string[] };
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Zips the English and Hindi lists of one page (the twins hold the same items in the same order; a test checks). */
function pairs<T>(en: readonly T[], hi: readonly T[]): [T, T][] {
  if (en.length !== hi.length) throw new Error(`help corpus: ${en.length} English items but ${hi.length} Hindi`);
  return en.map((item, i) => [item, hi[i]!]);
}

interface Card {
  title: string;
  description: string;
}

function cards(path: string, topic: Topic, page: Bilingual, en: readonly Card[], hi: readonly Card[], topicOf?: (card: Card) => Topic): Passage[] {
  return pairs(en, hi).map(([e, h]) => ({
    id: `${path}#${slug(e.title)}`,
    path,
    topic: topicOf?.(e) ?? topic,
    page,
    heading: { en: e.title, hi: h.title },
    text: { en: e.description, hi: h.description },
  }));
}

/** A page's introduction: what the page is about, under its title. */
function intro(path: string, topic: Topic, en: { title: string; intro: string }, hi: { title: string; intro: string }, extra?: Bilingual): Passage {
  const page = { en: en.title, hi: hi.title };
  return {
    id: `${path}#intro`,
    path,
    topic,
    page,
    heading: page,
    text: { en: [en.intro, extra?.en].filter(Boolean).join(" "), hi: [hi.intro, extra?.hi].filter(Boolean).join(" ") },
  };
}

function sections(
  path: string,
  topic: Topic,
  page: Bilingual,
  en: readonly { title: string; body: string[] }[],
  hi: readonly { title: string; body: string[] }[],
): Passage[] {
  return cards(
    path,
    topic,
    page,
    en.map((s) => ({ title: s.title, description: s.body.join(" ") })),
    hi.map((s) => ({ title: s.title, description: s.body.join(" ") })),
  );
}

function pricingPassages(): Passage[] {
  const page = { en: "Pricing", hi: messagesFor("hi").nav.pricing };
  const planPassages = pairs(plans, plansHi).map(([e, h]): Passage => ({
    id: `/pricing#plan-${e.id}`,
    path: "/pricing",
    anchor: `plan-${e.id}`,
    topic: "pricing",
    page,
    heading: { en: `${e.name} plan`, hi: `${h.name} प्लान` },
    text: { en: `${e.highlightFeature}. ${e.features.join(". ")}.`, hi: `${h.highlightFeature}। ${h.features.join("। ")}।` },
    plan: e.id,
  }));
  return planPassages;
}

function legalPassages(): Passage[] {
  const terms = { en: legalEn.terms.intro.title, hi: legalHi.terms.intro.title };
  const tEn = messagesFor("en").legal;
  const tHi = messagesFor("hi").legal;
  const cookiePage = { en: legalEn.cookiePolicy.intro.title, hi: legalHi.cookiePolicy.intro.title };
  const cookieRows = (policy: typeof legalEn.cookiePolicy) => policy.cookies.map((c) => `${c.name}: ${c.purpose} (${c.duration})`);
  const rows = { en: cookieRows(legalEn.cookiePolicy), hi: cookieRows(legalHi.cookiePolicy) };
  return [
    intro("/privacy", "privacy", legalEn.privacy.intro, legalHi.privacy.intro, { en: legalEn.privacy.subtitle, hi: legalHi.privacy.subtitle }),
    intro("/terms", "legal", legalEn.terms.intro, legalHi.terms.intro),
    intro("/cookie-policy", "cookies", legalEn.cookiePolicy.intro, legalHi.cookiePolicy.intro),
    intro("/license", "legal", legalEn.license.intro, legalHi.license.intro),
    ...cards("/privacy", "privacy", { en: legalEn.privacy.intro.title, hi: legalHi.privacy.intro.title }, legalEn.privacy.cards, legalHi.privacy.cards),
    ...cards("/terms", "legal", terms, legalEn.terms.cards, legalHi.terms.cards, (card) =>
      /refund|payment|pricing/i.test(card.title) ? "billing" : /account/i.test(card.title) ? "account" : "legal",
    ),
    {
      id: "/terms#terms-contact",
      path: "/terms",
      anchor: "terms-contact",
      topic: "company",
      page: terms,
      heading: { en: legalEn.terms.contactTitle, hi: legalHi.terms.contactTitle },
      text: {
        en: `${tEn.email}: ${site.contactEmail}. ${tEn.address}: ${formatAddress()}. ${tEn.businessName}: ${site.businessName}.`,
        hi: `${tHi.email}: ${site.contactEmail}। ${tHi.address}: ${formatAddress()}। ${tHi.businessName}: ${site.businessName}।`,
      },
    },
    ...sections("/cookie-policy", "cookies", cookiePage, legalEn.cookiePolicy.sections, legalHi.cookiePolicy.sections),
    {
      id: "/cookie-policy#cookies",
      path: "/cookie-policy",
      topic: "cookies",
      page: cookiePage,
      heading: { en: legalEn.cookiePolicy.sections[1]!.title, hi: legalHi.cookiePolicy.sections[1]!.title },
      text: { en: rows.en.join(". "), hi: rows.hi.join(". ") },
      askedAbout: COOKIE_WORDS,
      // A quote is one cookie's row (or two) whole, never the duration of one and the name of the next.
      quoteUnits: rows,
    },
    ...sections("/license", "legal", { en: legalEn.license.intro.title, hi: legalHi.license.intro.title }, legalEn.license.sections, legalHi.license.sections),
  ];
}

function marketingPassages(): Passage[] {
  const en = marketingCopy("en");
  const hi = marketingCopy("hi");
  const title = (key: keyof typeof en.pageIntros): Bilingual => ({ en: en.pageIntros[key].title, hi: hi.pageIntros[key].title });
  const teamEn = teamIn("en");
  const teamHi = teamIn("hi");
  const intros = (["about", "vision", "features", "story", "team"] as const).map((key) =>
    intro(`/${key}`, key === "features" ? "products" : "company", en.pageIntros[key], hi.pageIntros[key]),
  );
  return [
    ...intros,
    {
      id: "/about#mission",
      path: "/about",
      anchor: "mission-heading",
      topic: "company",
      page: title("about"),
      heading: { en: en.about.mission, hi: hi.about.mission },
      text: { en: `${en.about.mission} ${en.about.paragraphs.join(" ")}`, hi: `${hi.about.mission} ${hi.about.paragraphs.join(" ")}` },
    },
    ...cards("/about", "company", title("about"), en.values, hi.values),
    ...cards("/about", "company", title("about"), en.whyChooseUs.points, hi.whyChooseUs.points),
    ...cards("/vision", "company", title("vision"), en.vision, hi.vision),
    ...cards("/features", "products", title("features"), en.features, hi.features),
    ...cards("/story", "company", title("story"), en.story, hi.story),
    ...cards(
      "/team",
      "company",
      title("team"),
      teamEn.map((m) => ({ title: m.name, description: `${m.name}, ${m.role}. ${m.description}` })),
      teamHi.map((m) => ({ title: m.name, description: `${m.name}, ${m.role}। ${m.description}` })),
    ),
  ];
}

function productPassages(): Passage[] {
  const productPage = { en: productsIntro.title, hi: productsIntroHi.title };
  const comingPage = { en: comingSoonEn.comingSoonIntro.title, hi: comingSoonHi.comingSoonIntro.title };
  const communityPage = { en: communityEn.communityIntro.title, hi: communityHi.communityIntro.title };
  const productCard = (p: (typeof products)[number]) => ({ title: p.title, description: `${p.description} ${p.highlights.join(". ")}. ${p.status}.` });
  return [
    intro("/product", "products", productsIntro, productsIntroHi),
    intro("/coming-soon", "products", comingSoonEn.comingSoonIntro, comingSoonHi.comingSoonIntro),
    intro("/community", "community", communityEn.communityIntro, communityHi.communityIntro),
    ...cards("/product", "products", productPage, products.map(productCard), productsHi.map(productCard)),
    ...cards("/coming-soon", "products", comingPage, comingSoonEn.comingSoonItems, comingSoonHi.comingSoonItems),
    ...cards("/community", "community", communityPage, communityEn.joinCards, communityHi.joinCards),
    ...cards("/community", "community", communityPage, communityEn.benefits, communityHi.benefits),
  ];
}

/**
 * The account pages (signed in only, so no crawler reads them): where the
 * things the public pages do not explain are done, in the words those pages
 * say them: a password, two-factor, passkeys, signed-in devices, the
 * profile's details. "How do I turn on two-factor?" is answered with the
 * security page's own explanation and a link to its section, never with the
 * asker's data (the answerer reads no account). Deleting the account and
 * downloading its data are left to the privacy policy and the terms, which
 * say what happens.
 */
function accountPassages(): Passage[] {
  const account = [messagesFor("en").account, messagesFor("hi").account] as const;
  const auth = [messagesFor("en").auth.views, messagesFor("hi").auth.views] as const;
  /** Both languages of a catalog's words; `stop` ends a sentence in that language. */
  const both = <T>([en, hi]: readonly [T, T], words: (t: T, stop: string) => string): Bilingual => ({ en: words(en, "."), hi: words(hi, "।") });
  const doneHere = (passage: Omit<Passage, "topic" | "doneHere">): Passage => ({ ...passage, topic: "account", doneHere: true });
  const signIn = both(auth, (t) => t.titles.signin);
  const authView = (mode: "signup" | "reset") =>
    doneHere({
      id: `/auth#${mode}`,
      path: `/auth?mode=${mode}`,
      page: signIn,
      heading: both(auth, (t) => t.titles[mode]),
      text: both(auth, (t) => `${t.titles[mode]}: ${t.headings[mode].subtitle}`),
    });
  type Words = (typeof account)[0];
  const section = (path: string, page: Bilingual, anchor: string, heading: (t: Words) => string, text: (t: Words, stop: string) => string) =>
    doneHere({ id: `${path}#${anchor}`, path, anchor, page, heading: both(account, heading), text: both(account, text) });
  const security = both(account, (t) => t.security.title);
  /** A security section that explains itself in one text under its heading. */
  const explainedSection = (anchor: "passkeys" | "devices") =>
    section(
      "/profile/security",
      security,
      anchor,
      (t) => t.security[anchor].heading,
      (t) => t.security[anchor].text,
    );
  const fields = (t: Words) => [t.details.name, t.details.gender, t.details.dob, t.details.about, t.details.language].join(", ");
  return [
    authView("signup"),
    authView("reset"),
    section(
      "/profile/security",
      security,
      "password",
      (t) => t.security.password.change,
      (t) => `${t.security.password.change}: ${t.security.password.changeNote}`,
    ),
    section(
      "/profile/security",
      security,
      "two-factor",
      (t) => t.security.twoFactor.heading,
      // What it is, which apps, and the backup codes that stand in for a lost phone.
      (t) => {
        const words = t.security.twoFactor;
        return `${words.offText} ${fill(words.stepOpen, { apps: words.apps })} ${words.backupHeading}: ${words.backupText} ${words.onText}`;
      },
    ),
    explainedSection("passkeys"),
    explainedSection("devices"),
    section(
      "/profile",
      both(account, (t) => t.meta.profileTitle),
      "details-heading",
      (t) => t.details.heading,
      (t, stop) => `${t.page.editProfile}: ${fields(t)}${stop} ${t.details.email}: ${t.details.emailHint}`,
    ),
  ];
}

function blogPassages(): Passage[] {
  const hiTitles = new Map(allPosts("hi").map((post) => [post.slug, post.title]));
  return allPosts("en").flatMap((post) => {
    const page = { en: post.title, hi: hiTitles.get(post.slug) ?? post.title };
    const en = postSections(post.slug, "en");
    const hi = postSections(post.slug, "hi");
    return pairs(en, hi.length === en.length ? hi : en).map(([e, h], i): Passage => ({
      id: `/blog/${post.slug}#${i === 0 ? "intro" : slug(e.heading)}`,
      path: `/blog/${post.slug}`,
      topic: "blog",
      page,
      heading: { en: e.heading, hi: h.heading },
      text: { en: e.text, hi: h.text },
    }));
  });
}

/** Every passage of the site, built once per process (the content is part of the build). */
export function buildCorpus(): Passage[] {
  const passages = [...pricingPassages(), ...legalPassages(), ...marketingPassages(), ...productPassages(), ...accountPassages(), ...blogPassages()];
  return passages.filter((p) => p.text.en.trim() !== "");
}
