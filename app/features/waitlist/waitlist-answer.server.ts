/** A join's outcome as the `/waitlist` action's answer (status code, headers, the form's data). */
import { data } from "react-router";
import { RETRY_AFTER_S } from "~/infra/db/unavailable";
import { retryAfterHeaders, waitMessage } from "~/infra/http/responses";
import { interestLabel } from "./interests";
import type { JoinOutcome } from "./waitlist-service.server";
import { WAITLIST_TEXT, type WaitlistActionData } from "./waitlist-state";

export function waitlistAnswer(outcome: JoinOutcome) {
  switch (outcome.kind) {
    case "check-inbox":
      return data<WaitlistActionData>({ status: "check-inbox", email: outcome.email, source: outcome.source });
    case "joined":
      return data<WaitlistActionData>({ status: "joined", email: outcome.email, interestLabel: interestLabel(outcome.interest), source: outcome.source });
    case "invalid":
      return data<WaitlistActionData>({ status: "invalid", fieldErrors: outcome.fieldErrors, values: outcome.values, source: outcome.source }, { status: 400 });
    case "unreadable":
      return data<WaitlistActionData>({ status: "failed", message: outcome.message, source: "/waitlist" }, { status: outcome.status });
    case "rate-limited":
      return data<WaitlistActionData>(
        { status: "failed", message: waitMessage(outcome.limit.retryAfterS), values: outcome.values, source: outcome.source },
        { status: 429, headers: retryAfterHeaders(outcome.limit) },
      );
    case "unavailable":
      return data<WaitlistActionData>(
        { status: "failed", message: WAITLIST_TEXT.unavailable, values: outcome.values, source: outcome.source },
        { status: 503, headers: { "Retry-After": String(RETRY_AFTER_S) } },
      );
  }
}
