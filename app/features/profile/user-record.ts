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

/** The profile form's date of birth as three boxes (the GOV.UK "memorable date"): their field names. */
export const DOB_FIELDS = { day: "dob-day", month: "dob-month", year: "dob-year" } as const;

export interface DateParts {
  day: string;
  month: string;
  year: string;
}

/**
 * A date of birth as read from a form or a body: the date (`YYYY-MM-DD`, or ""
 * for none) or why it is not one: `incomplete` (some of the three boxes left
 * empty), `not-real` (the boxes make no real date between 1900 and today:
 * 31/02, a year before 1900 or in the future, letters), `invalid` (the API's
 * `dob` is not a real `YYYY-MM-DD` date in that range).
 */
export type DobReading = { ok: true; dob: string } | { ok: false; error: "incomplete" | "not-real" | "invalid" };

/**
 * The three boxes composed into the stored form: all empty is "" (the date is
 * cleared), three numbers that make a real date between 1900 and today are
 * `YYYY-MM-DD`; anything else is refused, never turned into "" (a half-typed
 * date must not clear the stored one).
 */
export function composeDob({ day, month, year }: DateParts): DobReading {
  const [d, m, y] = [day.trim(), month.trim(), year.trim()];
  if (d === "" && m === "" && y === "") return { ok: true, dob: "" };
  if (d === "" || m === "" || y === "") return { ok: false, error: "incomplete" };
  if (!/^\d{1,2}$/.test(d) || !/^\d{1,2}$/.test(m) || !/^\d{4}$/.test(y)) return { ok: false, error: "not-real" };
  const dob = `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`;
  return isValidDob(dob) ? { ok: true, dob } : { ok: false, error: "not-real" };
}

const hasField = (fields: FieldSource, name: string) => (fields instanceof FormData ? fields.has(name) : fields[name] !== undefined);

/** Whether a form or body carries the three boxes (the profile page's form) rather than a `dob` (the JSON API, the contract). */
export function hasDateParts(fields: FieldSource): boolean {
  return Object.values(DOB_FIELDS).some((name) => hasField(fields, name));
}

/**
 * The date of birth a form or body carries: the profile form's three boxes
 * when it has them (composeDob), else its `dob` as the contract has it
 * (`YYYY-MM-DD` or ""). The one reading of the page's check, the route
 * action and the API.
 */
export function dobOf(fields: FieldSource): DobReading {
  if (hasDateParts(fields))
    return composeDob({ day: textOf(fields, DOB_FIELDS.day), month: textOf(fields, DOB_FIELDS.month), year: textOf(fields, DOB_FIELDS.year) });
  const dob = textOf(fields, "dob").trim();
  return dob === "" || isValidDob(dob) ? { ok: true, dob } : { ok: false, error: "invalid" };
}

/**
 * The boxes as typed, for a draft or a refused save to give back to the form:
 * digits only, cut to their lengths, as `Y-M-D` (parts may be empty), or ""
 * when all three are empty. A form without the boxes keeps its `dob`.
 */
export function typedDob(fields: FieldSource): string {
  if (!hasDateParts(fields)) return textOf(fields, "dob").slice(0, 10);
  const digits = (name: string, max: number) => textOf(fields, name).replace(/\D/g, "").slice(0, max);
  const [d, m, y] = [digits(DOB_FIELDS.day, 2), digits(DOB_FIELDS.month, 2), digits(DOB_FIELDS.year, 4)];
  return d || m || y ? `${y}-${m}-${d}` : "";
}

/**
 * The three boxes' values for a date: a stored `YYYY-MM-DD` (or a typed
 * `Y-M-D` from typedDob) as day, month and year, without leading zeros
 * ("1999-04-02" is 2, 4, 1999); anything else as three empty boxes.
 */
export function dobParts(dob: string): DateParts {
  const match = /^(\d{0,4})-(\d{0,2})-(\d{0,2})$/.exec(dob);
  if (!match) return { day: "", month: "", year: "" };
  const unpadded = (part: string) => part.replace(/^0+(?=\d)/, "");
  return { day: unpadded(match[3]!), month: unpadded(match[2]!), year: match[1]! };
}

const DOB_MESSAGES = { incomplete: "dobIncomplete", "not-real": "dobNotReal", invalid: "dobInvalid" } as const;

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
  const dob = dobOf(fields);
  if (!dob.ok) errors.dob = t.fields[DOB_MESSAGES[dob.error]];
  if (textOf(fields, "about").length > PROFILE_LIMITS.about) errors.about = fill(t.fields.aboutTooLong, { max: PROFILE_LIMITS.about });
  const language = fields instanceof FormData ? fields.get("language") : fields.language;
  if (language !== null && language !== undefined && !mailLanguage(language)) errors.language = t.fields.languageInvalid;
  return errors;
}

/** A stored date as the page shows it: the value if it is a real date, else "" (spec: unparseable dates show as empty). */
export function dateInputValue(dob: string | null | undefined): string {
  return dob && isValidDob(dob) ? dob : "";
}
