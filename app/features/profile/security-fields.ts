/**
 * The security page's field checks, shared by its forms (before a post) and
 * its actions (security.server.ts, sign-in-security.server.ts): the same
 * words in the same slots with JavaScript and without
 * (shared/lib/field-errors.ts). What needs the server (a wrong password or
 * code, the password policy) comes back in the same slots.
 */
import { AUTH_FIELD_MESSAGES, newPasswordError } from "~/features/auth";
import { type FieldErrors, type FieldSource, textOf } from "~/shared/lib/field-errors";

export const SECURITY_FIELD_MESSAGES = {
  currentRequired: "Enter your current password.",
  mismatch: "The new passwords do not match.",
  samePassword: "Choose a password different from your current one.",
  passwordRequired: "Enter your password.",
  codeRequired: AUTH_FIELD_MESSAGES.codeMissing,
  passkeyNameRequired: "Give the passkey a name, such as the device it is on.",
} as const;

export type PasswordChangeField = "currentPassword" | "newPassword" | "confirmPassword";

/** Current password, new password twice. */
export function checkPasswordChange(fields: FieldSource, minPasswordLength: number): FieldErrors<PasswordChangeField> {
  const current = textOf(fields, "currentPassword");
  const next = textOf(fields, "newPassword");
  const errors: FieldErrors<PasswordChangeField> = {};
  if (current === "") errors.currentPassword = SECURITY_FIELD_MESSAGES.currentRequired;
  const nextError = newPasswordError(next, minPasswordLength);
  if (nextError) errors.newPassword = nextError;
  else if (next === current) errors.newPassword = SECURITY_FIELD_MESSAGES.samePassword;
  else if (textOf(fields, "confirmPassword") !== next) errors.confirmPassword = SECURITY_FIELD_MESSAGES.mismatch;
  return errors;
}

/**
 * "Your password", asked before a change to two-factor or to confirm it's
 * you: refused when the form has the field and it is empty. (An account made
 * with Google or GitHub has no password, and its forms no such field.)
 */
export function checkPasswordGiven(fields: FieldSource): FieldErrors<"password"> {
  const given = fields instanceof FormData ? fields.get("password") : fields.password;
  return given === "" ? { password: SECURITY_FIELD_MESSAGES.passwordRequired } : {};
}

/** A code from the authenticator app: six digits (spaces people type are ignored). */
export function checkTotpCode(fields: FieldSource): FieldErrors<"code"> {
  return /^\d{6}$/.test(textOf(fields, "code").replace(/\s+/g, "")) ? {} : { code: SECURITY_FIELD_MESSAGES.codeRequired };
}

/** A passkey's new name. */
export function checkPasskeyName(fields: FieldSource): FieldErrors<"name"> {
  return textOf(fields, "name").trim() === "" ? { name: SECURITY_FIELD_MESSAGES.passkeyNameRequired } : {};
}
