/**
 * The spec's user record (section 3) as the API and the profile page see it.
 * Shared by client and server: no server imports, and no zod (it stays out of
 * the browser's JavaScript; the server validates in profile-update.server.ts).
 */
import { account } from "~/shared/i18n/catalog/account";
import { LOCALES, type Locale } from "~/shared/i18n/locale";
import { fill } from "~/shared/i18n/messages";
import { type FieldErrors, type FieldSource, textOf } from "~/shared/lib/field-errors";
import { NAME_MAX_LENGTH } from "~/shared/lib/person-name";

/** The account area's words (`useMessages("account", account)` on the page, `messagesFor(locale).account` on the server). */
export type AccountWords = typeof account;

export interface MessageSummary {
  id: string;
  /** The form it came through: "feedback", "contact", or an operator's form. */
  kind: string;
  name: string;
  email: string;
  message: string;
  created_at: string;
}

/** The fields a user may change about themselves (the allow-list). */
export interface ProfileUpdate {
  name: string;
  gender: string;
  /** `YYYY-MM-DD` or "". */
  dob: string;
  about: string;
  /**
   * The language of the person's mails (Better Auth's `user.language`): the
   * profile form's select. Absent (the user-record API, a draft from before the
   * field existed), it is left as it is.
   */
  language?: Locale;
}

export interface UserRecord {
  id: string;
  email: string;
  name: string;
  gender: string;
  /** `YYYY-MM-DD` or "". */
  dob: string;
  about: string;
  created_at: string;
  updated_at: string;
  messages: MessageSummary[];
  last_login: string | null;
  login_count: number;
  email_verified: boolean;
  verification_sent_at: string | null;
  verification_attempts: number;
}

/** The user record as the profile page shows it: the spec's record and the language of the person's mails. */
export interface ProfileRecord extends UserRecord {
  language: Locale;
}

export const GENDERS = ["", "Female", "Male", "Non-binary", "Prefer not to say"] as const;

const GENDER_KEYS: Record<(typeof GENDERS)[number], keyof AccountWords["details"]["genders"]> = {
  "": "none",
  Female: "female",
  Male: "male",
  "Non-binary": "nonBinary",
  "Prefer not to say": "preferNot",
};

/** A stored gender as the page's language says it; one written through the API that is not ours shows as it was written. */
export function genderLabel(value: string, t: AccountWords = account): string {
  const key = GENDER_KEYS[value as (typeof GENDERS)[number]];
  return key ? t.details.genders[key] : value;
}

/** A language the mails can be written in ("en", "hi"), as our own constant, or null for anything else (the allow-list). */
export function mailLanguage(value: unknown): Locale | null {
  return LOCALES.find((locale) => locale === value) ?? null;
}

export const PROFILE_LIMITS = { name: NAME_MAX_LENGTH, gender: 40, about: 2000 } as const;

/** A real calendar date as YYYY-MM-DD, not in the future and not before 1900. */
export function isValidDob(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  return value >= "1900-01-01" && date.getTime() <= Date.now();
}

/**
 * The profile form's check, shared by the page (before a save) and the
 * server (profile-update.server.ts, after its allow-list and type checks):
 * one message per field, in the same words both ways, in the page's
 * language (`t`). A `language` that is there must be one of ours; one that is
 * not there (the user-record API) is not checked, and not written.
 */
export function checkProfile(fields: FieldSource, t: AccountWords = account): FieldErrors<keyof ProfileUpdate> {
  const errors: FieldErrors<keyof ProfileUpdate> = {};
  const name = textOf(fields, "name").trim();
  if (name === "") errors.name = t.fields.nameMissing;
  else if (name.length > PROFILE_LIMITS.name) errors.name = fill(t.fields.nameTooLong, { max: PROFILE_LIMITS.name });
  if (textOf(fields, "gender").trim().length > PROFILE_LIMITS.gender) errors.gender = fill(t.fields.genderTooLong, { max: PROFILE_LIMITS.gender });
  const dob = textOf(fields, "dob").trim();
  if (dob !== "" && !isValidDob(dob)) errors.dob = t.fields.dobInvalid;
  if (textOf(fields, "about").length > PROFILE_LIMITS.about) errors.about = fill(t.fields.aboutTooLong, { max: PROFILE_LIMITS.about });
  const language = fields instanceof FormData ? fields.get("language") : fields.language;
  if (language !== null && language !== undefined && !mailLanguage(language)) errors.language = t.fields.languageInvalid;
  return errors;
}

/** The date for a date input: the stored value if it is a real date, else "" (spec: unparseable dates show as empty). */
export function dateInputValue(dob: string | null | undefined): string {
  return dob && isValidDob(dob) ? dob : "";
}
