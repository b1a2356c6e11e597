/**
 * The spec's resend rules (section 5), as a pure decision so it can be tested
 * at any clock time. Messages are exact.
 */
export const MAX_VERIFICATION_ATTEMPTS = 5;
export const RESEND_INTERVAL_MS = 5 * 60 * 1000;

export const RESEND_MESSAGES = {
  noUser: "No user is currently signed in",
  alreadyVerified: "Email is already verified",
  maxAttempts: "Maximum verification attempts reached. Please contact support.",
  wait: (minutes: number) => `Please wait ${minutes} minutes before requesting another verification email.`,
  sent: "Verification email sent! Please check your inbox.",
  failed: "Failed to resend verification email",
} as const;

export type ResendDecision =
  | { kind: "send" }
  | { kind: "already-verified" }
  | { kind: "max-attempts" }
  | { kind: "wait"; minutes: number };

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
