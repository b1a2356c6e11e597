/**
 * The spec's user record (section 3) as the API and the profile page see it.
 * Shared by client and server: no server imports, and no zod (it stays out of
 * the browser's JavaScript; the server validates in profile-update.server.ts).
 */
import { type FieldErrors, type FieldSource, textOf } from "~/shared/lib/field-errors";
import { NAME_MAX_LENGTH } from "~/shared/lib/person-name";

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

export const GENDERS = ["", "Female", "Male", "Non-binary", "Prefer not to say"] as const;

export const PROFILE_LIMITS = { name: NAME_MAX_LENGTH, gender: 40, about: 2000 } as const;

/** A real calendar date as YYYY-MM-DD, not in the future and not before 1900. */
export function isValidDob(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  return value >= "1900-01-01" && date.getTime() <= Date.now();
}

export const PROFILE_FIELD_MESSAGES = {
  nameMissing: "Name is required.",
  nameTooLong: `Name must be at most ${PROFILE_LIMITS.name} characters.`,
  genderTooLong: `Gender must be at most ${PROFILE_LIMITS.gender} characters.`,
  dobInvalid: "Date of birth must be a real date (YYYY-MM-DD) between 1900 and today.",
  aboutTooLong: `About must be at most ${PROFILE_LIMITS.about} characters.`,
} as const;

/**
 * The profile form's check, shared by the page (before a save) and the
 * server (profile-update.server.ts, after its allow-list and type checks):
 * one message per field, in the same words both ways.
 */
export function checkProfile(fields: FieldSource): FieldErrors<keyof ProfileUpdate> {
  const errors: FieldErrors<keyof ProfileUpdate> = {};
  const name = textOf(fields, "name").trim();
  if (name === "") errors.name = PROFILE_FIELD_MESSAGES.nameMissing;
  else if (name.length > PROFILE_LIMITS.name) errors.name = PROFILE_FIELD_MESSAGES.nameTooLong;
  if (textOf(fields, "gender").trim().length > PROFILE_LIMITS.gender) errors.gender = PROFILE_FIELD_MESSAGES.genderTooLong;
  const dob = textOf(fields, "dob").trim();
  if (dob !== "" && !isValidDob(dob)) errors.dob = PROFILE_FIELD_MESSAGES.dobInvalid;
  if (textOf(fields, "about").length > PROFILE_LIMITS.about) errors.about = PROFILE_FIELD_MESSAGES.aboutTooLong;
  return errors;
}

/** The date for a date input: the stored value if it is a real date, else "" (spec: unparseable dates show as empty). */
export function dateInputValue(dob: string | null | undefined): string {
  return dob && isValidDob(dob) ? dob : "";
}
