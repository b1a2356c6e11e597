/**
 * The security page's field checks, shared by its forms (before a post) and
 * its actions (security.server.ts, sign-in-security.server.ts): the same
 * words in the same slots with JavaScript and without
 * (shared/lib/field-errors.ts), in the page's language: the account area's
 * words (`t`) and, for the new password's length and the code, the auth
 * area's (`a`), as `useMessages` gives them on the page and `messagesFor`
 * in the action. What needs the server (a wrong password or code, the
 * password policy) comes back in the same slots.
 */
import { newPasswordError } from "~/features/auth/index.account";
import { account } from "~/shared/i18n/catalog/account";
import { auth } from "~/shared/i18n/catalog/auth";
import { type FieldErrors, type FieldSource, textOf } from "~/shared/lib/field-errors";

type AccountWords = typeof account;
type AuthWords = typeof auth;

export type PasswordChangeField = "currentPassword" | "newPassword" | "confirmPassword";

/** Current password, new password twice. */
export function checkPasswordChange(
  fields: FieldSource,
  minPasswordLength: number,
  t: AccountWords = account,
  a: AuthWords = auth,
): FieldErrors<PasswordChangeField> {
  const current = textOf(fields, "currentPassword");
  const next = textOf(fields, "newPassword");
  const errors: FieldErrors<PasswordChangeField> = {};
  if (current === "") errors.currentPassword = t.security.fields.currentRequired;
  const nextError = newPasswordError(next, minPasswordLength, a);
  if (nextError) errors.newPassword = nextError;
  else if (next === current) errors.newPassword = t.security.fields.samePassword;
  else if (textOf(fields, "confirmPassword") !== next) errors.confirmPassword = t.security.fields.mismatch;
  return errors;
}

/**
 * "Your password", asked before a change to two-factor or to confirm it's
 * you: refused when the form has the field and it is empty. (An account made
 * with Google or GitHub has no password, and its forms no such field.)
 */
export function checkPasswordGiven(fields: FieldSource, t: AccountWords = account): FieldErrors<"password"> {
  const given = fields instanceof FormData ? fields.get("password") : fields.password;
  return given === "" ? { password: t.security.fields.passwordRequired } : {};
}

/** A code from the authenticator app: six digits (spaces people type are ignored). */
export function checkTotpCode(fields: FieldSource, a: AuthWords = auth): FieldErrors<"code"> {
  return /^\d{6}$/.test(textOf(fields, "code").replace(/\s+/g, "")) ? {} : { code: a.fields.codeMissing };
}

/** A passkey's new name. */
export function checkPasskeyName(fields: FieldSource, t: AccountWords = account): FieldErrors<"name"> {
  return textOf(fields, "name").trim() === "" ? { name: t.security.fields.passkeyNameRequired } : {};
}
