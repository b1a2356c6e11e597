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

/**
 * STATUS_URL (a status page linked from the footer) for prerendered pages:
 * built with this placeholder, which the production server replaces with
 * STATUS_URL when it loads them, or removes with its link when it is unset
 * (server/static-files.ts), so that one build serves any configuration.
 */
export const PLACEHOLDER_STATUS_URL = "https://status-url.invalid/";

/** The status page's URL for the footer: the placeholder while prerendering, else STATUS_URL (http(s) only) or null. */
export function statusPageUrl(source: NodeJS.ProcessEnv = process.env): string | null {
  if (source.APP_URL === PLACEHOLDER_ORIGIN) return PLACEHOLDER_STATUS_URL;
  const value = source.STATUS_URL?.trim();
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}
