/**
 * The account forms' field checks, shared by the pages (before a post) and
 * the route actions (auth-actions.server.ts): the same message in the same
 * slot with JavaScript and without (shared/lib/field-errors.ts). Only what
 * the shape of the input decides is here; what needs the server (a wrong
 * password, a common or breached one) comes back in the same slots.
 */
import { type FieldErrors, type FieldSource, isEmail, textOf } from "~/shared/lib/field-errors";
import { cleanName, NAME_MAX_LENGTH, NAME_TOO_LONG } from "~/shared/lib/person-name";
import { TWO_FACTOR_MESSAGES } from "./messages";

export const PASSWORD_MAX_LENGTH = 128;

export const FIELD_MESSAGES = {
  emailMissing: "Enter your email address.",
  emailInvalid: "Enter an email address like name@example.com.",
  passwordMissing: "Enter your password.",
  newPasswordMissing: "Choose a password.",
  tooShort: (min: number) => `Use at least ${min} characters for your new password.`,
  tooLong: `Use at most ${PASSWORD_MAX_LENGTH} characters for your new password.`,
  mismatch: "The two passwords do not match.",
  codeMissing: "Enter the 6-digit code from your authenticator app.",
} as const;

function emailError(email: string): string | undefined {
  if (email === "") return FIELD_MESSAGES.emailMissing;
  if (!isEmail(email)) return FIELD_MESSAGES.emailInvalid;
  return undefined;
}

/** A new password's length (the policy's other rules need the server). */
export function newPasswordError(password: string, min: number): string | undefined {
  if (password === "") return FIELD_MESSAGES.newPasswordMissing;
  if (password.length < min) return FIELD_MESSAGES.tooShort(min);
  if (password.length > PASSWORD_MAX_LENGTH) return FIELD_MESSAGES.tooLong;
  return undefined;
}

function compact<K extends string>(errors: Record<K, string | undefined>): FieldErrors<K> {
  const out: FieldErrors<K> = {};
  for (const key of Object.keys(errors) as K[]) if (errors[key]) out[key] = errors[key];
  return out;
}

export type SignInField = "email" | "password";
export type SignUpField = "name" | "email" | "password";

export function checkSignIn(fields: FieldSource): FieldErrors<SignInField> {
  return compact({
    email: emailError(textOf(fields, "email").trim()),
    password: textOf(fields, "password") === "" ? FIELD_MESSAGES.passwordMissing : undefined,
  });
}

export function checkSignUp(fields: FieldSource, minPasswordLength: number): FieldErrors<SignUpField> {
  return compact({
    name: cleanName(textOf(fields, "name")).length > NAME_MAX_LENGTH ? NAME_TOO_LONG : undefined,
    email: emailError(textOf(fields, "email").trim()),
    password: newPasswordError(textOf(fields, "password"), minPasswordLength),
  });
}

export function checkResetRequest(fields: FieldSource): FieldErrors<"email"> {
  return compact({ email: emailError(textOf(fields, "email").trim()) });
}

/** The reset page's new password, twice. */
export function checkNewPassword(fields: FieldSource, minPasswordLength: number): FieldErrors<"password" | "confirm"> {
  const password = textOf(fields, "password");
  const passwordError = newPasswordError(password, minPasswordLength);
  return compact({
    password: passwordError,
    confirm: !passwordError && textOf(fields, "confirm") !== password ? FIELD_MESSAGES.mismatch : undefined,
  });
}

/** The second step of a sign-in (/auth/two-factor): a code from the app, or a backup code (`method=backup`). */
export function checkSecondFactor(fields: FieldSource): FieldErrors<"code"> {
  if (textOf(fields, "code").replace(/\s+/g, "") !== "") return {};
  return { code: textOf(fields, "method") === "backup" ? TWO_FACTOR_MESSAGES.backupCodeRequired : TWO_FACTOR_MESSAGES.codeRequired };
}
