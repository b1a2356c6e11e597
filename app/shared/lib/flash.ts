/**
 * Flash messages: what a page says once, after a redirect brought the visitor
 * to it ("Welcome back, Asha", "Signed out successfully"). The server keeps
 * the kind in a short-lived signed cookie (infra/http/flash.server.ts), the
 * root loader reads it and sends it with its words in the page's language
 * (`flashText`, the "flash" area), and the page shows it as a banner, with or
 * without JavaScript.
 */
import { flash as english } from "~/shared/i18n/catalog/flash";
import { fill } from "~/shared/i18n/messages";

export type FlashKind = "signed-in" | "signed-out" | "account-deleted" | "email-verified" | "session-ended" | "account-removed" | "profile-saved";

export interface Flash {
  kind: FlashKind;
  /** The person's name, for a greeting. */
  name?: string;
}

/** A flash as the root loader sends it: with its words, so no page carries the catalog of every message. */
export interface ShownFlash extends Flash {
  text: string;
}

export const FLASH_KINDS: readonly FlashKind[] = [
  "signed-in",
  "signed-out",
  "account-deleted",
  "email-verified",
  "session-ended",
  "account-removed",
  "profile-saved",
];

/** A flash that reports something that did not happen (shown as a warning, not a success). */
export function flashIsWarning(flash: Flash): boolean {
  return flash.kind === "session-ended";
}

/** The words of a flash message (the spec's where it has them), in the page's language (`t`: the "flash" area). */
export function flashText(flash: Flash, t: FlashWords = english): string {
  switch (flash.kind) {
    case "signed-in":
      return flash.name ? fill(t.signedInNamed, { name: flash.name }) : t.signedIn;
    case "signed-out":
      return t.signedOut;
    case "account-deleted":
      return t.accountDeleted;
    case "session-ended":
      return t.sessionEnded;
    case "account-removed":
      // The operator console, after deleting an account on its owner's request (`name`: the address).
      return flash.name ? fill(t.accountRemoved, { name: flash.name }) : t.accountRemovedNoName;
    case "email-verified":
      return flash.name ? fill(t.emailVerifiedNamed, { name: flash.name }) : t.emailVerified;
    case "profile-saved":
      // A profile saved without JavaScript: the save redirects, so that a reload does not post it again.
      return t.profileSaved;
  }
}

export type FlashWords = typeof english;
