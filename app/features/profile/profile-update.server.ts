/**
 * The allow-list of what a user may change about themselves (name, gender,
 * date of birth, about) and its validation. Server-only: zod stays out of the
 * browser's JavaScript. Nothing but these four keys is ever read from a
 * request body: an `email`, `id`, counter or role sent along is ignored (the
 * Open SaaS incident: a profile update that passed client input to the database).
 */
import { z } from "zod";
import { hasFieldErrors } from "~/shared/lib/field-errors";
import { checkProfile, PROFILE_FIELD_MESSAGES, type ProfileUpdate } from "./user-record";

export type FieldErrors = Partial<Record<keyof ProfileUpdate, string>>;

/** Types only: each key's rules are checkProfile's (user-record.ts), which the page runs too. */
const schema = z.object({
  name: z.string({ error: PROFILE_FIELD_MESSAGES.nameMissing }),
  gender: z.string({ error: "Gender must be text." }),
  dob: z.string({ error: "Date of birth must be text." }),
  about: z.string({ error: "About must be text." }),
});

export function parseProfileUpdate(input: Record<string, unknown>): { ok: true; value: ProfileUpdate } | { ok: false; fieldErrors: FieldErrors } {
  const allowListed = { name: input.name, gender: input.gender ?? "", dob: input.dob ?? "", about: input.about ?? "" };
  const parsed = schema.safeParse(allowListed);
  if (!parsed.success) {
    const fieldErrors: FieldErrors = {};
    for (const issue of parsed.error.issues) fieldErrors[issue.path[0] as keyof ProfileUpdate] ??= issue.message;
    return { ok: false, fieldErrors };
  }
  const fieldErrors = checkProfile(parsed.data);
  if (hasFieldErrors(fieldErrors)) return { ok: false, fieldErrors };
  const { name, gender, dob, about } = parsed.data;
  return { ok: true, value: { name: name.trim(), gender: gender.trim(), dob: dob.trim(), about } };
}
