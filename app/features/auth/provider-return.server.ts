/**
 * The language of a Google or GitHub round trip, for the one answer that
 * cannot know it. When the provider comes back with a state Better Auth no
 * longer holds (the callback opened twice, or after its row was swept),
 * Better Auth redirects to its single `errorURL`, the English /auth. This
 * short cookie, set where the round trip starts from a Hindi page, lets /auth
 * send that visitor on to /hi/auth with the same error. The language cookie
 * (shared/i18n/language-choice.ts) is the visitor's explicit choice and only
 * the switch sets it, so it cannot serve here.
 */
import { site } from "~/config/site";
import type { Locale } from "~/shared/i18n/locale";

export const SIGN_IN_LANGUAGE_COOKIE = `${site.slug}.sign_in_lang`;
/** As long as Better Auth keeps a round trip's state (10 minutes). */
const MAX_AGE_S = 600;

const CARRIED = new RegExp(`(?:^|;)\\s*${SIGN_IN_LANGUAGE_COOKIE.replaceAll(".", "\\.")}=hi(?:;|$)`);

/**
 * The Set-Cookie header for a round trip started in `locale`: Hindi is
 * remembered; English, the default, clears what an earlier Hindi start left.
 */
export function signInLanguageCookie(locale: Locale, secure: boolean): string {
  const value = locale === "hi" ? `hi; Max-Age=${MAX_AGE_S}` : "; Max-Age=0";
  return `${SIGN_IN_LANGUAGE_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Whether the request's Cookie header says the round trip started on a Hindi page. */
export function signInStartedInHindi(cookieHeader: string | null | undefined): boolean {
  return Boolean(cookieHeader && CARRIED.test(cookieHeader));
}
