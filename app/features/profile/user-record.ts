/**
 * The spec's user record (section 3) as the API and the profile page see it.
 * Shared by client and server: no server imports, and no zod (it stays out of
 * the browser's JavaScript; the server validates in profile-update.server.ts).
 */
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

/** The date for a date input: the stored value if it is a real date, else "" (spec: unparseable dates show as empty). */
export function dateInputValue(dob: string | null | undefined): string {
  return dob && isValidDob(dob) ? dob : "";
}
