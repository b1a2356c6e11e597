/** Better Auth's cookie prefix: the session cookie is `<prefix>.session_token`. */
export const AUTH_COOKIE_PREFIX = "tuesday";

/** Cheap test that lets cookie-less requests (and prerendering) skip the database. */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return (cookieHeader ?? "").includes(`${AUTH_COOKIE_PREFIX}.session_token=`);
}
