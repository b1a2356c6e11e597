/**
 * What the account pages (profile, security) use of the auth feature: the
 * passkey ceremonies in the browser and the new-password check. Apart from
 * index.ts so that the shell, which every page loads, never carries them.
 */
export { addPasskey, authenticateWithPasskey, type PasskeyResult, type PasskeyWords } from "./passkey-client";
export { type AuthWords, newPasswordError } from "./auth-fields";
