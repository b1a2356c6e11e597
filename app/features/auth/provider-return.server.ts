/**
 * Where a Google or GitHub round trip goes back to when Better Auth cannot
 * place it. When the provider comes back with a state Better Auth no longer
 * holds (the callback opened twice, or after its row was swept) or none at
 * all, Better Auth redirects to its single `errorURL`, the English /auth, and
 * knows nothing of where the round trip began. A short cookie, set where it
 * begins, tells: the page's language, sign-in or connecting an account, the
 * provider, and whether a popup carries it. /auth then sends the visitor on to
 * where the round trip's own failure would have gone (the sign-in hand-over
 * page, which closes a popup; the security page), once: the cookie goes with
 * that redirect.
 *
 * The value is a fixed tuple, read strictly and turned into one of two paths
 * of this site: nothing in it is ever a URL.
 */
import { env } from "~/config/env.server";
import { site } from "~/config/site";
import { type Locale, localizedPath } from "~/shared/i18n/locale";
import type { ProviderId } from "./messages";

export const PROVIDER_RETURN_COOKIE = `${site.slug}.provider_return`;
/** As long as Better Auth keeps a round trip's state (10 minutes). */
const MAX_AGE_S = 600;

export interface ProviderStart {
  locale: Locale;
  flow: "sign-in" | "connect";
  provider: ProviderId;
  /** A sign-in carried by the popup the page opened (its hand-over page reports back and closes it). */
  popup?: boolean;
}

const VALUE = /^(en|hi)\.(sign-in|connect)\.(google|github)(\.popup)?$/;
const READ = new RegExp(`(?:^|;)\\s*${PROVIDER_RETURN_COOKIE.replaceAll(".", "\\.")}=([^;]*)`);

/** Secure where the site is served over HTTPS (APP_URL). */
function attributes(): string {
  return `Path=/; HttpOnly; SameSite=Lax${env().appUrl.startsWith("https:") ? "; Secure" : ""}`;
}

/** The Set-Cookie header that remembers where a round trip starts. */
export function providerReturnCookie(start: ProviderStart): string {
  const value = [start.locale, start.flow, start.provider, ...(start.popup ? ["popup"] : [])].join(".");
  return `${PROVIDER_RETURN_COOKIE}=${value}; Max-Age=${MAX_AGE_S}; ${attributes()}`;
}

/** The Set-Cookie header that forgets it. */
export function clearProviderReturn(): string {
  return `${PROVIDER_RETURN_COOKIE}=; Max-Age=0; ${attributes()}`;
}

/**
 * The headers of an answer that ends a round trip (its hand-over page, the security page's word on a
 * connection), forgetting where it began when the request still carries that: a lost round trip
 * later must not be sent back to one that ended.
 */
export function endOfRoundTrip(request: Request): Record<string, string> | undefined {
  return READ.test(request.headers.get("cookie") ?? "") ? { "Set-Cookie": clearProviderReturn() } : undefined;
}

/** Where the round trip this browser started began, if its Cookie header says so in the one form we write. */
export function providerStartOf(cookieHeader: string | null | undefined): ProviderStart | null {
  const match = VALUE.exec(READ.exec(cookieHeader ?? "")?.[1] ?? "");
  if (!match) return null;
  return { locale: match[1] as Locale, flow: match[2] as ProviderStart["flow"], provider: match[3] as ProviderId, popup: Boolean(match[4]) };
}

/**
 * The page a failed round trip goes to, as the failure's own `errorCallbackURL` would have sent it:
 * the sign-in hand-over page (it says so on the sign-in page, or in the page that opened the popup),
 * or the security page's "could not connect".
 */
export function providerFailurePath(start: ProviderStart): string {
  if (start.flow === "connect") return localizedPath(`/profile/security?connect-error=${start.provider}`, start.locale);
  return localizedPath(`/auth/complete?provider=${start.provider}&via=${start.popup ? "popup" : "redirect"}&error=1`, start.locale);
}
