/**
 * The allow-list of what a user may change about themselves (name, gender,
 * date of birth, about) and its validation. Server-only: zod stays out of the
 * browser's JavaScript. Nothing but these four keys is ever read from a
 * request body: an `email`, `id`, counter or role sent along is ignored (the
 * Open SaaS incident: a profile update that passed client input to the database).
 */
import { z } from "zod";
import { isValidDob, PROFILE_LIMITS, type ProfileUpdate } from "./user-record";

export type FieldErrors = Partial<Record<keyof ProfileUpdate, string>>;

const schema = z.object({
  name: z
    .string({ error: "Name is required." })
    .trim()
    .min(1, "Name is required.")
    .max(PROFILE_LIMITS.name, `Name must be at most ${PROFILE_LIMITS.name} characters.`),
  gender: z
    .string({ error: "Gender must be text." })
    .trim()
    .max(PROFILE_LIMITS.gender, `Gender must be at most ${PROFILE_LIMITS.gender} characters.`),
  dob: z
    .string({ error: "Date of birth must be text." })
    .trim()
    .refine((v) => v === "" || isValidDob(v), "Date of birth must be a real date (YYYY-MM-DD) between 1900 and today."),
  about: z.string({ error: "About must be text." }).max(PROFILE_LIMITS.about, `About must be at most ${PROFILE_LIMITS.about} characters.`),
}) satisfies z.ZodType<ProfileUpdate>;

export function parseProfileUpdate(input: Record<string, unknown>): { ok: true; value: ProfileUpdate } | { ok: false; fieldErrors: FieldErrors } {
  const allowListed = { name: input.name, gender: input.gender ?? "", dob: input.dob ?? "", about: input.about ?? "" };
  const parsed = schema.safeParse(allowListed);
  if (parsed.success) return { ok: true, value: parsed.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof ProfileUpdate;
    fieldErrors[key] ??= issue.message;
  }
  return { ok: false, fieldErrors };
}
