/**
 * The forms' texts: the "forms" area of the catalogs (app/shared/i18n/catalog/forms.ts,
 * its Hindi in app/shared/i18n/hi/forms.ts). The success texts, submitting
 * labels and the failure text are the spec's, word for word.
 */
import { forms } from "~/shared/i18n/catalog/forms";
import { fill } from "~/shared/i18n/messages";
import type { FormKind } from "./form-schema";

/** The words of the "forms" area in one language. */
export type FormsMessages = typeof forms;

export type FormCopy = FormsMessages[FormKind];

/** Each form's English copy (page, card, button, success). */
export const FORM_COPY: Record<FormKind, FormCopy> = { feedback: forms.feedback, contact: forms.contact };

/** Spec section 8: any failure that is not a field error. */
export const SUBMISSION_FAILED = forms.submissionFailed;

/** "Too many attempts. Please wait 3 minutes and try again." in the words given (the same as infra/http/responses.ts waitMessage() in English). */
export function waitText(t: Pick<FormsMessages, "tooManyAttempts" | "seconds" | "minutes">, retryAfterS: number): string {
  const wait = retryAfterS < 90 ? fill(t.seconds, { n: retryAfterS }) : fill(t.minutes, { n: Math.ceil(retryAfterS / 60) });
  return fill(t.tooManyAttempts, { wait });
}

/** A sentence with one link in it (`{link}`): the text before and after, so the link can sit between. */
export function aroundLink(template: string): [before: string, after: string] {
  const at = template.indexOf("{link}");
  return at === -1 ? [template, ""] : [template.slice(0, at), template.slice(at + "{link}".length)];
}
