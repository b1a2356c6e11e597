/** What the `/waitlist` action answers (a plain post's page and the fetcher read the same). */
import type { FieldErrors } from "~/shared/lib/field-errors";
import type { WaitlistField } from "./waitlist-check";

export type WaitlistActionData =
  /** A confirmation link is on its way, or the address was on the list already. */
  | { status: "check-inbox"; email: string; source: string }
  /** The signed-in owner of the address is on the list now. */
  | { status: "joined"; email: string; interestLabel: string; source: string }
  | { status: "invalid"; fieldErrors: FieldErrors<WaitlistField>; values: { email: string; interest: string }; source: string }
  | { status: "failed"; message: string; values?: { email: string; interest: string }; source: string };

export const WAITLIST_TEXT = {
  checkInbox: (email: string) => `Almost there: if ${email} is not on the list yet, a link to confirm it is on its way. Open it to take your place.`,
  joined: (email: string, interest: string) => `You are on the waitlist${interest === "Anything" ? "" : ` for the ${interest}`}. We will write to ${email} at launch.`,
  unavailable: "We could not add you just now. Please try again in a moment.",
} as const;
