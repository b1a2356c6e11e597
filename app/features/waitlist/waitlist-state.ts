/** What the `/waitlist` action answers (a plain post's page and the fetcher read the same). */
import { waitlistPages } from "~/shared/i18n/catalog/waitlist-pages";
import type { FieldErrors } from "~/shared/lib/field-errors";
import type { WaitlistField } from "./waitlist-check";

export type WaitlistActionData =
  /** A confirmation link is on its way, or the address was on the list already. */
  | { status: "check-inbox"; email: string; source: string }
  /** The signed-in owner of the address is on the list now. */
  | {
      status: "joined";
      email: string;
      interest: string;
      interestLabel: string;
      source: string;
      /** The unsubscribe page of this place (its signed link). */ leave: string;
    }
  | { status: "invalid"; fieldErrors: FieldErrors<WaitlistField>; values: { email: string; interest: string }; source: string }
  | { status: "failed"; message: string; values?: { email: string; interest: string }; source: string };

/** The action's own answers in English (the "waitlistPages" area holds them in each language). */
export const WAITLIST_TEXT = {
  unavailable: waitlistPages.answers.unavailable,
} as const;
