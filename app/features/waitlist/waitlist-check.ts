/**
 * The waitlist form's check, shared by the page (before a post) and the
 * action (the check that counts): one error system (ADR 0027).
 */
import { type FieldErrors, type FieldSource, isEmail, textOf } from "~/shared/lib/field-errors";
import { isInterest } from "./interests";

export const WAITLIST_MESSAGES = {
  emailMissing: "Enter your email address.",
  emailInvalid: "Enter an email address like name@example.com.",
  interest: "Choose one of the plans or products in the list.",
} as const;

export type WaitlistField = "email" | "interest";

/** Longest address we keep (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;

export function checkWaitlistJoin(source: FieldSource): FieldErrors<WaitlistField> {
  const errors: FieldErrors<WaitlistField> = {};
  const email = textOf(source, "email").trim();
  if (!email) errors.email = WAITLIST_MESSAGES.emailMissing;
  else if (email.length > EMAIL_MAX_LENGTH || !isEmail(email)) errors.email = WAITLIST_MESSAGES.emailInvalid;
  if (!isInterest(textOf(source, "interest"))) errors.interest = WAITLIST_MESSAGES.interest;
  return errors;
}
