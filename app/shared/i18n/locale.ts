/**
 * The site's languages and where each lives: English at today's paths, Hindi
 * under /hi/ (docs/decisions/0032-hindi.md). Pure functions, used by the route
 * table, the prerender list, the sitemap, the meta tags and the language switch.
 */
import { FLOW_PATHS, TRANSLATED_PATHS } from "../../config/pages";

export const LOCALES = ["en", "hi"] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "en";

/** A stored or posted language, or English when it is not one of ours. */
export function asLocale(value: unknown): Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value) ? (value as Locale) : DEFAULT_LOCALE;
}

/** For Intl (numbers, dates): Indian English and Hindi. */
export const INTL_LOCALE: Record<Locale, string> = { en: "en-IN", hi: "hi-IN" };

/** Open Graph's locale names. */
export const OG_LOCALE: Record<Locale, string> = { en: "en_IN", hi: "hi_IN" };

/** Each language's name in itself: what the switch shows. */
export const LANGUAGE_NAME: Record<Locale, string> = { en: "English", hi: "हिन्दी" };

const HINDI_PREFIX = "/hi";

/** The language a path is in: "/hi" and "/hi/…" are Hindi, everything else English. */
export function localeOfPath(pathname: string): Locale {
  return pathname === HINDI_PREFIX || pathname.startsWith(`${HINDI_PREFIX}/`) ? "hi" : "en";
}

/** The English path of a page, whichever language it was asked in: "/hi/pricing" → "/pricing", "/hi" → "/". */
export function basePath(pathname: string): string {
  if (localeOfPath(pathname) === "en") return pathname;
  return pathname.slice(HINDI_PREFIX.length) || "/";
}

/**
 * The pages that have a Hindi twin, by their English path (`translated` in
 * config/pages.ts, the one page table). Blog posts are matched by prefix
 * (every post has one).
 */
export const TRANSLATED_PAGES: readonly string[] = TRANSLATED_PATHS.filter((path) => !path.includes(":"));

/**
 * Translated pages a visitor does not open by a link of the site's own menus:
 * each needs a session, a mailed token or a step before it (the tests that
 * walk every public page leave them to the journeys that reach them).
 */
export const FLOW_PAGES: ReadonlySet<string> = FLOW_PATHS;

/** Whether an English page path has a Hindi twin. */
export function hasTwin(path: string): boolean {
  if (TRANSLATED_PAGES.includes(path)) return true;
  return /^\/blog\/[a-z0-9-]+$/.test(path);
}

/**
 * A page's path in a language: "/pricing" in Hindi is "/hi/pricing". A page
 * without a twin keeps its English path (it is the only one there is), so
 * links from a Hindi page to the sign-in page still work. Query and hash are kept.
 */
export function localizedPath(to: string, locale: Locale): string {
  const cut = to.search(/[?#]/);
  const path = cut === -1 ? to : to.slice(0, cut);
  const rest = cut === -1 ? "" : to.slice(cut);
  const base = basePath(path);
  if (locale === "en" || !hasTwin(base)) return base + rest;
  return (base === "/" ? HINDI_PREFIX : HINDI_PREFIX + base) + rest;
}

/** The language a request's page is in (loaders and actions: the URL's path decides, nothing else). */
export function localeOfRequest(request: Request): Locale {
  return localeOfPath(new URL(request.url).pathname);
}
