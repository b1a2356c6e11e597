/**
 * The session cookie's name. Better Auth writes it (`<prefix>.session_token`,
 * with the site's slug as prefix); the HTTP edge and the request context only
 * look for it, to let visitors without one skip the database entirely (static
 * pages from memory, no session lookup, nothing opened while prerendering).
 */
import { site } from "~/config/site";

export const AUTH_COOKIE_PREFIX = site.slug;
export const SESSION_COOKIE = `${AUTH_COOKIE_PREFIX}.session_token`;

/** Cheap test, no parsing: a request whose Cookie header holds no session cookie has no session. */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return (cookieHeader ?? "").includes(`${SESSION_COOKIE}=`);
}
