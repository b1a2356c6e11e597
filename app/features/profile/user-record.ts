/**
 * The spec's user record (section 3) as the API and the profile page see it.
 * Shared by client and server: no server imports here.
 */
import { z } from "zod";

export interface MessageSummary {
  id: string;
  kind: "feedback" | "contact";
  name: string;
  email: string;
  message: string;
  created_at: string;
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

export const PROFILE_LIMITS = { name: 100, gender: 40, about: 2000 } as const;

/** A real calendar date as YYYY-MM-DD, not in the future and not before 1900. */
export function isValidDob(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  return value >= "1900-01-01" && date.getTime() <= Date.now();
}

/**
 * What a user may change about themselves: name, gender, date of birth and
 * about. Nothing else is ever read from a request body (allow-list).
 */
export const profileUpdateSchema = z.object({
  name: z
    .string({ error: "Name is required." })
    .trim()
    .min(1, "Name is required.")
    .max(PROFILE_LIMITS.name, `Name must be at most ${PROFILE_LIMITS.name} characters.`),
  gender: z
    .string({ error: "Gender must be text." })
    .trim()
    .max(PROFILE_LIMITS.gender, `Gender must be at most ${PROFILE_LIMITS.gender} characters.`)
    .default(""),
  dob: z
    .string({ error: "Date of birth must be text." })
    .trim()
    .refine((v) => v === "" || isValidDob(v), "Date of birth must be a real date (YYYY-MM-DD) between 1900 and today.")
    .default(""),
  about: z
    .string({ error: "About must be text." })
    .max(PROFILE_LIMITS.about, `About must be at most ${PROFILE_LIMITS.about} characters.`)
    .default(""),
});

export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** The date for a date input: the stored value if it is a real date, else "" (spec: unparseable dates show as empty). */
export function dateInputValue(dob: string | null | undefined): string {
  return dob && isValidDob(dob) ? dob : "";
}
