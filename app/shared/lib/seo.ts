import type { MetaDescriptor } from "react-router";
import { site } from "~/config/site";

export interface PageSeo {
  /** The page's own title; the product name is appended. */
  title: string;
  description: string;
  /** The canonical path, e.g. "/pricing". */
  path: string;
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

/** Title, description, canonical URL, Open Graph and Twitter card of a page. */
export function seo(page: PageSeo, origin: string): MetaDescriptor[] {
  const title = page.path === "/" ? `${site.productName} — ${site.tagline}` : `${page.title} | ${site.productName}`;
  const url = `${origin}${page.path === "/" ? "/" : page.path}`;
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
    { property: "og:locale", content: "en_IN" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
  ];
  if (page.publishedTime) meta.push({ property: "article:published_time", content: page.publishedTime });
  return meta;
}

/** The usual `meta` export body: `pageMeta(matches, { … })`. */
export function pageMeta(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
  page: PageSeo,
): MetaDescriptor[] {
  return seo(page, originFrom(matches));
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

