/**
 * The auth feature's public server API: what other features and the layers
 * above may use. Everything else in this folder is the feature's own.
 */
export type { Auth } from "./auth.server";
export { AUTH_COOKIE_PREFIX, hasSessionCookie } from "./cookie";
export { withClientIp } from "./client-ip";
