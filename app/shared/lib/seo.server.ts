/**
 * The origin prerendered pages are built with; the production server swaps
 * in APP_URL's origin when it loads them, so a build is not tied to one URL.
 * (.invalid is a reserved top-level domain: it can never be a real site.)
 */
export const PLACEHOLDER_ORIGIN = "https://app-origin.invalid";

/**
 * The public origin for canonical URLs, Open Graph and the sitemap. Read from
 * APP_URL directly (not the full config) because prerendering runs it at build
 * time, where nothing else of the server configuration is needed.
 */
export function publicOrigin(source: NodeJS.ProcessEnv = process.env): string {
  const url = source.APP_URL?.trim() || `http://localhost:${source.PORT?.trim() || "3000"}`;
  return new URL(url).origin;
}
