/**
 * The visitor's remembered language: a first-party cookie the language switch
 * sets when it is pressed (never otherwise), read by the server for the bare
 * "/" only, which then sends a Hindi reader to /hi and an English reader
 * nowhere (docs/decisions/0032-hindi.md, the cookie policy lists it).
 */
import { site } from "~/config/site";
import type { Locale } from "./locale";

export const LANGUAGE_COOKIE = `${site.slug}.lang`;
export const ONE_YEAR_S = 365 * 24 * 60 * 60;
/** The cookie's attributes (and "; Secure" on https), here and in the pre-hydration bootstrap (app/client/boot.ts, configured in root.tsx). */
export const LANGUAGE_COOKIE_ATTRIBUTES = `Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax`;

/** Remembers the choice in this browser (the switch's click; without scripts nothing is remembered). */
export function rememberLanguage(locale: Locale): void {
  try {
    const secure = location.protocol === "https:" ? "; Secure" : "";
    document.cookie = `${LANGUAGE_COOKIE}=${locale}; ${LANGUAGE_COOKIE_ATTRIBUTES}${secure}`;
  } catch {
    // cookies blocked: the choice is not remembered, the link still leads there
  }
}
