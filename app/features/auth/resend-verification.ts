/**
 * The spec's resend rules (section 5), as a pure decision so it can be tested
 * at any clock time. Messages are exact.
 */
import { auth } from "~/shared/i18n/catalog/auth";

export const MAX_VERIFICATION_ATTEMPTS = 5;
export const RESEND_INTERVAL_MS = 5 * 60 * 1000;

/** The spec's words (the "auth" area's `resend`); `wait` is a template: fill it with `{ minutes }`. */
export const RESEND_MESSAGES = auth.resend;

export type ResendDecision = { kind: "send" } | { kind: "already-verified" } | { kind: "max-attempts" } | { kind: "wait"; minutes: number };

export interface VerificationState {
  emailVerified: boolean;
  attempts: number;
  /** Epoch ms of the last verification mail, or null. */
  sentAt: number | null;
}

export function decideResend(state: VerificationState, now: number): ResendDecision {
  if (state.emailVerified) return { kind: "already-verified" };
  if (state.attempts >= MAX_VERIFICATION_ATTEMPTS) return { kind: "max-attempts" };
  if (state.sentAt !== null) {
    const elapsed = now - state.sentAt;
    if (elapsed < RESEND_INTERVAL_MS) {
      // N is 5 minus the whole minutes elapsed.
      return { kind: "wait", minutes: 5 - Math.floor(Math.max(0, elapsed) / 60_000) };
    }
  }
  return { kind: "send" };
}
