import { publicOrigin } from "~/shared/lib/seo.server";

/** robots.txt: everything public may be crawled; account and API paths may not. */
export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /auth",
    "Disallow: /profile",
    "Disallow: /dev/",
    "",
    `Sitemap: ${publicOrigin()}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
