/**
 * The account forms' field checks, shared by the pages (before a post) and
 * the route actions (auth-actions.server.ts): the same message in the same
 * slot with JavaScript and without (shared/lib/field-errors.ts). Only what
 * the shape of the input decides is here; what needs the server (a wrong
 * password, a common or breached one) comes back in the same slots.
 */
import { auth as english, PASSWORD_MAX_LENGTH } from "~/shared/i18n/catalog/auth";
import { fill } from "~/shared/i18n/messages";
import { type FieldErrors, type FieldSource, isEmail, textOf } from "~/shared/lib/field-errors";
import { cleanName, NAME_MAX_LENGTH } from "~/shared/lib/person-name";

export { PASSWORD_MAX_LENGTH };

/** The words of the auth area: the page's language (`useMessages("auth", auth)`) or the action's (`messagesFor(locale).auth`). */
export type AuthWords = typeof english;

function emailError(email: string, t: AuthWords): string | undefined {
  if (email === "") return t.fields.emailMissing;
  if (!isEmail(email)) return t.fields.emailInvalid;
  return undefined;
}

/** A new password's length (the policy's other rules need the server). */
export function newPasswordError(password: string, min: number, t: AuthWords = english): string | undefined {
  if (password === "") return t.fields.newPasswordMissing;
  if (password.length < min) return fill(t.fields.tooShort, { min });
  if (password.length > PASSWORD_MAX_LENGTH) return t.fields.tooLong;
  return undefined;
}

function compact<K extends string>(errors: Record<K, string | undefined>): FieldErrors<K> {
  const out: FieldErrors<K> = {};
  for (const key of Object.keys(errors) as K[]) if (errors[key]) out[key] = errors[key];
  return out;
}

export type SignInField = "email" | "password";
export type SignUpField = "name" | "email" | "password";

export function checkSignIn(fields: FieldSource, t: AuthWords = english): FieldErrors<SignInField> {
  return compact({
    email: emailError(textOf(fields, "email").trim(), t),
    password: textOf(fields, "password") === "" ? t.fields.passwordMissing : undefined,
  });
}

export function checkSignUp(fields: FieldSource, minPasswordLength: number, t: AuthWords = english): FieldErrors<SignUpField> {
  return compact({
    name: cleanName(textOf(fields, "name")).length > NAME_MAX_LENGTH ? t.fields.nameTooLong : undefined,
    email: emailError(textOf(fields, "email").trim(), t),
    password: newPasswordError(textOf(fields, "password"), minPasswordLength, t),
  });
}

export function checkResetRequest(fields: FieldSource, t: AuthWords = english): FieldErrors<"email"> {
  return compact({ email: emailError(textOf(fields, "email").trim(), t) });
}

/** The reset page's new password, twice. */
export function checkNewPassword(fields: FieldSource, minPasswordLength: number, t: AuthWords = english): FieldErrors<"password" | "confirm"> {
  const password = textOf(fields, "password");
  const passwordError = newPasswordError(password, minPasswordLength, t);
  return compact({
    password: passwordError,
    confirm: !passwordError && textOf(fields, "confirm") !== password ? t.fields.mismatch : undefined,
  });
}

/** The second step of a sign-in (/auth/two-factor): a code from the app, or a backup code (`method=backup`). */
export function checkSecondFactor(fields: FieldSource, t: AuthWords = english): FieldErrors<"code"> {
  const code = textOf(fields, "code").replace(/\s+/g, "");
  const backup = textOf(fields, "method") === "backup";
  if (code === "") return { code: backup ? t.twoFactor.backupCodeRequired : t.twoFactor.codeRequired };
  // A typo is not a guess: it is answered here (as the security page's setup answers it) and costs none
  // of the challenge's tries or the day's count.
  if (!backup && !/^\d{6}$/.test(code)) return { code: t.twoFactor.enterCode };
  return {};
}
