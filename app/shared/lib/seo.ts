import type { MetaDescriptor } from "react-router";
import { site } from "~/config/site";
import { hasTwin, type Locale, localeOfPath, localizedPath, OG_LOCALE } from "~/shared/i18n/locale";

export interface PageSeo {
  /** The page's own title; the product name is appended. */
  title: string;
  description: string;
  /** The page's English path, e.g. "/pricing"; the canonical URL is its path in the page's language. */
  path: string;
  /** The home page's title line after the product name (default: the site's tagline). */
  tagline?: string;
  type?: "website" | "article";
  /** For articles: ISO date of publication. */
  publishedTime?: string;
  /** The sharing image's path (1200×630); default: the site's. */
  image?: string;
}

/** Finds the public origin the root loader put in its data. */
export function originFrom(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { origin?: string } | undefined;
  return root?.origin ?? "http://localhost:3000";
}

/** Title, description, canonical URL, language alternates, Open Graph and Twitter card of a page. */
export function seo(page: PageSeo, origin: string, locale: Locale = "en"): MetaDescriptor[] {
  const title = page.path === "/" ? `${site.productName} — ${page.tagline ?? site.tagline}` : `${page.title} | ${site.productName}`;
  const url = `${origin}${localizedPath(page.path, locale)}`;
  const image = `${origin}${page.image ?? "/og-image.png"}`;
  const meta: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: site.productName },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:locale", content: OG_LOCALE[locale] },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
  ];
  if (page.publishedTime) meta.push({ property: "article:published_time", content: page.publishedTime });
  if (hasTwin(page.path)) {
    // Each language names both, and English is the default for a reader of neither (docs/decisions/0032-hindi.md).
    const en = `${origin}${localizedPath(page.path, "en")}`;
    meta.push(
      { tagName: "link", rel: "alternate", hrefLang: "en", href: en },
      { tagName: "link", rel: "alternate", hrefLang: "hi", href: `${origin}${localizedPath(page.path, "hi")}` },
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: en },
      { property: "og:locale:alternate", content: OG_LOCALE[locale === "en" ? "hi" : "en"] },
    );
  }
  return meta;
}

/** The usual `meta` export body: `pageMeta(matches, { … })`. */
export function pageMeta(matches: ReadonlyArray<{ id: string; loaderData?: unknown; pathname?: string } | undefined>, page: PageSeo): MetaDescriptor[] {
  const here = matches[matches.length - 1]?.pathname ?? page.path;
  return seo(page, originFrom(matches), localeOfPath(here));
}

/** schema.org Organization data for the home page (rendered as JSON-LD). */
export function organizationJsonLd(origin: string): MetaDescriptor {
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "Organization",
      name: site.companyName,
      brand: { "@type": "Brand", name: site.productName },
      url: `${origin}/`,
      logo: `${origin}/apple-touch-icon.png`,
      email: site.contactEmail,
      description: site.description,
      address: {
        "@type": "PostalAddress",
        streetAddress: site.address.street,
        addressLocality: site.address.locality,
        addressRegion: site.address.state,
        postalCode: site.address.postalCode,
        addressCountry: "IN",
      },
      sameAs: site.social.map((s) => s.href),
      founder: { "@type": "Person", name: site.founder.name },
    },
  };
}
