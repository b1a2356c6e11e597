import { postSummaries } from "~/features/blog/posts.server";
import { staticPagePaths } from "~/prerender";
import { hasTwin, localizedPath } from "~/shared/i18n/locale";
import { publicOrigin } from "~/shared/lib/seo.server";

/**
 * sitemap.xml: every public page (prerendered at build), in English and, where
 * it has one, its Hindi twin; each entry of a pair names both (and English as
 * the default) as the page's own hreflang links do (docs/decisions/0032-hindi.md).
 */
export function loader() {
  const origin = publicOrigin();
  const paths = [...staticPagePaths.filter((p) => p !== "/home"), ...postSummaries().map((p) => `/blog/${p.slug}`)];
  const entry = (loc: string, alternates: string) => `  <url><loc>${origin}${loc}</loc>${alternates}</url>`;
  const urls = paths.flatMap((p) => {
    if (!hasTwin(p)) return [entry(p, "")];
    const en = `${origin}${localizedPath(p, "en")}`;
    const hi = `${origin}${localizedPath(p, "hi")}`;
    const alternates = [
      `<xhtml:link rel="alternate" hreflang="en" href="${en}"/>`,
      `<xhtml:link rel="alternate" hreflang="hi" href="${hi}"/>`,
      `<xhtml:link rel="alternate" hreflang="x-default" href="${en}"/>`,
    ].join("");
    return [entry(localizedPath(p, "en"), alternates), entry(localizedPath(p, "hi"), alternates)];
  });
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
