/**
 * The waitlist form's check, shared by the page (before a post) and the
 * action (the check that counts): one error system (ADR 0027). The words are
 * the shell's "waitlist" area in the page's language (English by default):
 * the form passes its own, the action the posting page's.
 */
import { waitlist } from "~/shared/i18n/catalog/waitlist";
import { type FieldErrors, type FieldSource, isEmail, textOf } from "~/shared/lib/field-errors";
import { isInterest } from "./interests";

/** The words the check writes its errors with. */
export type WaitlistCheckWords = Pick<typeof waitlist, "emailMissing" | "emailInvalid" | "interestInvalid">;

/** The check's messages in English. */
export const WAITLIST_MESSAGES = {
  emailMissing: waitlist.emailMissing,
  emailInvalid: waitlist.emailInvalid,
  interest: waitlist.interestInvalid,
} as const;

export type WaitlistField = "email" | "interest";

/** Longest address we keep (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;

export function checkWaitlistJoin(source: FieldSource, t: WaitlistCheckWords = waitlist): FieldErrors<WaitlistField> {
  const errors: FieldErrors<WaitlistField> = {};
  const email = textOf(source, "email").trim();
  if (!email) errors.email = t.emailMissing;
  else if (email.length > EMAIL_MAX_LENGTH || !isEmail(email)) errors.email = t.emailInvalid;
  if (!isInterest(textOf(source, "interest"))) errors.interest = t.interestInvalid;
  return errors;
}
