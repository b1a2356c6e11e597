/** What the security page's sections share: the panel's look, and the answer a section is about. */
import type { SecurityActionData, SecurityIntent } from "../security-state";

export const panel = "rounded-3xl bg-white p-6 shadow-lift ring-1 ring-ink-200/70 sm:p-8";

/** The answer, if it is about one of `intents`. */
export function answerFor(answer: SecurityActionData | undefined, ...intents: SecurityIntent[]): SecurityActionData | undefined {
  return answer && intents.includes(answer.intent) ? answer : undefined;
}

/** The error beside `field`, when the answer refused it. */
export function fieldError(answer: SecurityActionData | undefined, field: SecurityActionData["field"]): string | undefined {
  return answer && !answer.ok && answer.field === field ? answer.message : undefined;
}

/** Where a stale session is sent to confirm it's them (the panel at the top of the page). */
export const CONFIRM_ANCHOR = "confirm-identity";

export function NeedsConfirmation({ what }: { what: string }) {
  return (
    <p className="mt-4 max-w-prose text-sm text-ink-700">
      To {what}, first{" "}
      <a href={`#${CONFIRM_ANCHOR}`} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
        confirm it's you
      </a>
      .
    </p>
  );
}
