/**
 * The auth feature's public server API: what other features may use.
 * Everything else in this folder is the feature's own.
 */
export type { Auth } from "./auth.server";
export { freshForS, REAUTH_CODE } from "./reauthentication.server";
export { TOTP_ISSUER } from "./two-factor.server";
export { storedAuthenticator, twoFactorState, type TwoFactorState } from "./two-factor-state.server";
export { type ListedPasskey, listPasskeys } from "./passkeys.server";
export { hasPassword, providerName, signInMethods } from "./connected-accounts.server";
export { endOfRoundTrip, providerReturnCookie } from "./provider-return.server";
export { activeSessions, type ActiveSession } from "./active-sessions.server";
export { deleteAccount, endAllSessions, resetLinkIsLive } from "./operator-account-actions.server";
export { passwordRefusalWords } from "./password-refusal-words";
export { forgetTrustedBrowsers, listTrustedBrowsers, trustIdentifierOf } from "./trusted-browsers.server";
export type { SessionCache } from "./session-cache.server";
