/**
 * A refused new password in the page's words, by the refusal's code: Better
 * Auth's length checks (PASSWORD_TOO_SHORT, PASSWORD_TOO_LONG) and our policy
 * (password-policy.server.ts: PASSWORD_COMMON, PASSWORD_BRAND,
 * PASSWORD_BREACHED). One map for every page that sets a password (sign-up,
 * the reset page, the security page's change), so the words cannot drift.
 * `undefined` for any other code.
 */
import { fill } from "~/shared/i18n/messages";
import type { AuthWords } from "./auth-fields";

export function passwordRefusalWords(code: string | undefined, t: AuthWords, minPasswordLength?: number): string | undefined {
  switch (code) {
    case "PASSWORD_COMMON":
      return t.password.common;
    case "PASSWORD_BRAND":
      return t.password.brand;
    case "PASSWORD_BREACHED":
      return t.password.breached;
    case "PASSWORD_TOO_SHORT":
      return minPasswordLength ? fill(t.fields.tooShort, { min: minPasswordLength }) : undefined;
    case "PASSWORD_TOO_LONG":
      return t.fields.tooLong;
    default:
      return undefined;
  }
}
