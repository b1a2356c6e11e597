import type { FieldErrors } from "~/shared/lib/field-errors";

/** What the account forms' route actions answer, shared by the server (auth-actions.server.ts) and the pages. */
export type AuthMode = "signin" | "signup" | "reset" | "verify";

export interface Notice {
  tone: "error" | "success";
  text: string;
}

/** What the /auth action answers when it does not redirect. */
export interface AuthActionData {
  intent: string;
  notice: Notice | null;
  /** The address typed, so that the form keeps it. */
  email?: string;
  /** "Remember this device" as it was ticked, so that a refused sign-in keeps it. */
  remember?: boolean;
  /** Offer "Resend Verification Email" (sign-in refused for an unverified address). */
  canResend?: boolean;
  /** With `canResend`: the address's resend state, for the button's countdown (as on the check-your-email view). */
  pending?: PendingState | null;
  /** The name typed at sign-up, so that the form keeps it. */
  name?: string;
  /** What is wrong with each field (auth-fields.ts; a refused password's reason too), shown in its slot. */
  fieldErrors?: FieldErrors<"name" | "email" | "password">;
}

export interface ResetActionData {
  done: boolean;
  error: string | null;
  /** What is wrong with the new password or its repetition (auth-fields.ts; the policy's reason too). */
  fieldErrors?: FieldErrors<"password" | "confirm">;
}

/** The check-your-email view: the address this browser signed up with, and when it may ask for another mail. */
export interface PendingState {
  email: string;
  verified: boolean;
  attemptsLeft: number;
  /** Seconds until another mail may be asked for; 0: now. */
  waitS: number;
  /** The spec's "Please wait N minutes…" while waiting. */
  waitMessage: string | null;
}
