/**
 * The allow-list of what a user may change about themselves (name, gender,
 * date of birth, about and, from the profile page, the language of their
 * mails) and its validation. Server-only: zod stays out of the browser's
 * JavaScript. Nothing but these keys is ever read from a request body: an
 * `email`, `id`, counter or role sent along is ignored (the Open SaaS
 * incident: a profile update that passed client input to the database), and
 * the language is one of ours ("en", "hi") or a field error, never the text
 * that was sent.
 */
import { z } from "zod";
import { account } from "~/shared/i18n/catalog/account";
import { fill } from "~/shared/i18n/messages";
import { hasFieldErrors } from "~/shared/lib/field-errors";
import { type AccountWords, checkProfile, DOB_FIELDS, dobOf, hasDateParts, isValidDob, mailLanguage, PROFILE_LIMITS, type ProfileUpdate } from "./user-record";

export type FieldErrors = Partial<Record<keyof ProfileUpdate, string>>;

/** Types only: each key's rules are checkProfile's (user-record.ts), which the page runs too. */
function schemaFor(t: AccountWords) {
  return z.object({
    name: z.string({ error: t.fields.nameMissing }),
    gender: z.string({ error: t.fields.genderNotText }),
    dob: z.string({ error: t.fields.dobNotText }),
    [DOB_FIELDS.day]: z.string({ error: t.fields.dobNotText }).optional(),
    [DOB_FIELDS.month]: z.string({ error: t.fields.dobNotText }).optional(),
    [DOB_FIELDS.year]: z.string({ error: t.fields.dobNotText }).optional(),
    about: z.string({ error: t.fields.aboutNotText }),
    language: z.string({ error: t.fields.languageInvalid }).optional(),
  });
}

/** A stored or sent date of birth: `YYYY-MM-DD`, or "" for none. */
const DOB_PATTERN = /^(\d{4}-\d{2}-\d{2})?$/;

/**
 * The contract's body of `POST /api/saveUser/:uid`, in the words `t` (its
 * messages are checkProfile's, user-record.ts): the one source of what the
 * API takes. The route validates with it (parseProfileUpdate without the
 * page's options) and the OpenAPI document's `ProfileUpdate` is generated from
 * it (app/openapi.ts). Any other key is ignored, never read.
 */
export function profileApiSchema(t: AccountWords = account) {
  const tooLong = (message: string, max: number) => fill(message, { max });
  return z.object({
    name: z
      .string({ error: t.fields.nameMissing })
      .trim()
      .min(1, t.fields.nameMissing)
      .max(PROFILE_LIMITS.name, tooLong(t.fields.nameTooLong, PROFILE_LIMITS.name))
      .meta({ description: "Required; trimmed, not blank." }),
    gender: z
      .string({ error: t.fields.genderNotText })
      .trim()
      .max(PROFILE_LIMITS.gender, tooLong(t.fields.genderTooLong, PROFILE_LIMITS.gender))
      .nullish()
      .meta({
        description: `Any text up to ${PROFILE_LIMITS.gender} characters (the profile page offers a few; the API takes any), trimmed; absent or null is "".`,
      }),
    dob: z
      .string({ error: t.fields.dobNotText })
      .trim()
      .regex(DOB_PATTERN, t.fields.dobInvalid)
      .refine((dob) => dob === "" || isValidDob(dob), t.fields.dobInvalid)
      .nullish()
      .meta({ description: 'YYYY-MM-DD, a real date between 1900-01-01 and today, or "" for none; absent or null is "".' }),
    about: z
      .string({ error: t.fields.aboutNotText })
      .max(PROFILE_LIMITS.about, tooLong(t.fields.aboutTooLong, PROFILE_LIMITS.about))
      .nullish()
      .meta({ description: 'Absent or null is "".' }),
  });
}

/** The contract's body in English (the API's words): what the document is generated from. */
export const profileApiBodySchema = profileApiSchema();

/** The API's 400 for a refused update: the contract's error, with each field's message (the route builds it; the document is generated from it). */
export const profileErrorsSchema = z.object({
  success: z.literal(false),
  message: z.string().min(1),
  errors: z.partialRecord(z.enum(["name", "gender", "dob", "about", "language"]), z.string()),
});

export type ProfileErrors = z.output<typeof profileErrorsSchema>;

function parseApiUpdate(input: Record<string, unknown>, t: AccountWords): { ok: true; value: ProfileUpdate } | { ok: false; fieldErrors: FieldErrors } {
  const parsed = (t === account ? profileApiBodySchema : profileApiSchema(t)).safeParse(input);
  if (!parsed.success) {
    const fieldErrors: FieldErrors = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0]) as keyof ProfileUpdate] ??= issue.message;
    return { ok: false, fieldErrors };
  }
  const { name, gender, dob, about } = parsed.data;
  return { ok: true, value: { name, gender: gender ?? "", dob: dob ?? "", about: about ?? "" } };
}

export interface ParseOptions {
  /** The profile page's form has the mail language; the user-record API (the contract) does not, and never writes it. */
  withLanguage?: boolean;
  /**
   * The profile page's form sends the date of birth as three boxes (`dob-day`,
   * `dob-month`, `dob-year`: user-record.ts composes them, as the page does);
   * the API (the contract) sends `dob` as YYYY-MM-DD and never has them read.
   */
  dateParts?: boolean;
  /** The words of the page's language (field errors). */
  t?: AccountWords;
}

export function parseProfileUpdate(
  input: Record<string, unknown>,
  { withLanguage = false, dateParts = false, t = account }: ParseOptions = {},
): { ok: true; value: ProfileUpdate } | { ok: false; fieldErrors: FieldErrors } {
  // The API (the contract): its one schema.
  if (!withLanguage && !dateParts) return parseApiUpdate(input, t);
  const allowListed = {
    name: input.name,
    gender: input.gender ?? "",
    dob: input.dob ?? "",
    about: input.about ?? "",
    // All three boxes or none: a box missing from the post reads as empty, so a partial date is refused, never read as "".
    ...(dateParts && hasDateParts(input) ? Object.fromEntries(Object.values(DOB_FIELDS).map((name) => [name, input[name] ?? ""])) : {}),
    ...(withLanguage && input.language !== undefined ? { language: input.language } : {}),
  };
  const parsed = schemaFor(t).safeParse(allowListed);
  if (!parsed.success) {
    const fieldErrors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]);
      // The three boxes of the date share its one slot.
      fieldErrors[(key.startsWith("dob-") ? "dob" : key) as keyof ProfileUpdate] ??= issue.message;
    }
    return { ok: false, fieldErrors };
  }
  const fieldErrors = checkProfile(parsed.data, t);
  if (hasFieldErrors(fieldErrors)) return { ok: false, fieldErrors };
  const { name, gender, about } = parsed.data;
  // checkProfile refused a date that is not one: this is the date, or "" for none.
  const read = dobOf(parsed.data);
  const dob = read.ok ? read.dob : "";
  // checkProfile refused anything but "en" and "hi": what is written is our own constant, not the posted text.
  const language = parsed.data.language === undefined ? undefined : (mailLanguage(parsed.data.language) ?? undefined);
  return { ok: true, value: { name: name.trim(), gender: gender.trim(), dob, about, ...(language ? { language } : {}) } };
}
