import { site } from "~/config/site";

/** The web app manifest, from the site's configuration (a rebrand edits site.ts only). */
export function loader() {
  const manifest = {
    name: site.productName,
    short_name: site.productName,
    icons: [
      { src: "/favicon.svg", type: "image/svg+xml", sizes: "any" },
      { src: "/apple-touch-icon.png", type: "image/png", sizes: "180x180" },
    ],
    theme_color: "#4c1d95",
    background_color: "#ffffff",
    display: "standalone",
    start_url: "/",
  };
  return new Response(JSON.stringify(manifest, null, 2), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
