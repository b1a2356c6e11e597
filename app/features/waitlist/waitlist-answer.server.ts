/** A join's outcome as the `/waitlist` action's answer (status code, headers, the form's data), in the posting page's language. */
import { data } from "react-router";
import { RETRY_AFTER_S } from "~/infra/db/unavailable";
import { retryAfterHeaders } from "~/infra/http/responses";
import type { Locale } from "~/shared/i18n/locale";
import { fill } from "~/shared/i18n/messages";
import { messagesFor } from "~/shared/i18n/messages.server";
import { interestLabelIn } from "./interests.server";
import type { JoinOutcome } from "./waitlist-service.server";
import type { WaitlistActionData } from "./waitlist-state";

/** "Too many attempts. Please wait 3 minutes and try again." (infra/http/responses.ts waitMessage() in English). */
export function waitText(t: { tooManyAttempts: string; seconds: string; minutes: string }, retryAfterS: number): string {
  const wait = retryAfterS < 90 ? fill(t.seconds, { n: retryAfterS }) : fill(t.minutes, { n: Math.ceil(retryAfterS / 60) });
  return fill(t.tooManyAttempts, { wait });
}

export function waitlistAnswer(outcome: JoinOutcome, locale: Locale = "en") {
  const t = messagesFor(locale).waitlistPages.answers;
  switch (outcome.kind) {
    case "check-inbox":
      return data<WaitlistActionData>({ status: "check-inbox", email: outcome.email, source: outcome.source });
    case "joined":
      return data<WaitlistActionData>({
        status: "joined",
        email: outcome.email,
        interest: outcome.interest,
        interestLabel: interestLabelIn(locale, outcome.interest),
        source: outcome.source,
        leave: outcome.leave,
      });
    case "invalid":
      return data<WaitlistActionData>({ status: "invalid", fieldErrors: outcome.fieldErrors, values: outcome.values, source: outcome.source }, { status: 400 });
    case "unreadable":
      // English pages keep the server's own words about the body.
      return data<WaitlistActionData>(
        { status: "failed", message: locale === "en" ? outcome.message : t.unreadable, source: "/waitlist" },
        { status: outcome.status },
      );
    case "rate-limited":
      return data<WaitlistActionData>(
        { status: "failed", message: waitText(t, outcome.limit.retryAfterS), values: outcome.values, source: outcome.source },
        { status: 429, headers: retryAfterHeaders(outcome.limit) },
      );
    case "unavailable":
      return data<WaitlistActionData>(
        { status: "failed", message: t.unavailable, values: outcome.values, source: outcome.source },
        { status: 503, headers: { "Retry-After": String(RETRY_AFTER_S) } },
      );
  }
}
