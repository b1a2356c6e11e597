/**
 * The auth feature's public client API: what other features may use. (The
 * server side's is index.server.ts.) Everything else in this folder is the
 * feature's own.
 */
export { SignOutForm, useSignOut } from "./sign-out";
export { cacheUser, clearCachedUser } from "./user-cache";
export { addPasskey, authenticateWithPasskey, type PasskeyResult } from "./passkey-client";
export { FIELD_MESSAGES as AUTH_FIELD_MESSAGES, newPasswordError } from "./auth-fields";
