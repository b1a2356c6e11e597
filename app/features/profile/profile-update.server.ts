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
import { hasFieldErrors } from "~/shared/lib/field-errors";
import { type AccountWords, checkProfile, DOB_FIELDS, dobOf, hasDateParts, mailLanguage, type ProfileUpdate } from "./user-record";

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
