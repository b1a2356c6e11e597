import { postSummaries } from "~/features/blog/posts.server";
import { staticPagePaths } from "~/prerender";
import { publicOrigin } from "~/shared/lib/seo.server";

/** sitemap.xml: every public page (prerendered at build). */
export function loader() {
  const origin = publicOrigin();
  const paths = [...staticPagePaths.filter((p) => p !== "/home"), ...postSummaries().map((p) => `/blog/${p.slug}`)];
  const urls = paths.map((p) => `  <url><loc>${origin}${p}</loc></url>`).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
