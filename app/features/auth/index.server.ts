/**
 * The auth feature's public server API: what other features may use.
 * Everything else in this folder is the feature's own.
 */
export type { Auth } from "./auth.server";
