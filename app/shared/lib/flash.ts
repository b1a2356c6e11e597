/**
 * Flash messages: what a page says once, after a redirect brought the visitor
 * to it ("Welcome back, Asha", "Signed out successfully"). The server keeps
 * the kind in a short-lived signed cookie (infra/http/flash.server.ts), the
 * root loader reads it and the page shows it as a banner, with or without
 * JavaScript. Shared by server and browser: the words live here.
 */
export type FlashKind = "signed-in" | "signed-out" | "account-deleted" | "email-verified" | "session-ended" | "account-removed";

export interface Flash {
  kind: FlashKind;
  /** The person's name, for a greeting. */
  name?: string;
}

export const FLASH_KINDS: readonly FlashKind[] = ["signed-in", "signed-out", "account-deleted", "email-verified", "session-ended", "account-removed"];

/** A flash that reports something that did not happen (shown as a warning, not a success). */
export function flashIsWarning(flash: Flash): boolean {
  return flash.kind === "session-ended";
}

/** The words of a flash message (the spec's where it has them). */
export function flashText(flash: Flash): string {
  switch (flash.kind) {
    case "signed-in":
      return flash.name ? `Welcome back, ${flash.name}!` : "Welcome back!";
    case "signed-out":
      return "Signed out successfully";
    case "account-deleted":
      return "Account deleted successfully";
    case "session-ended":
      return "Your session ended before your profile was saved: sign in again. What you typed is kept and comes back in the form.";
    case "account-removed":
      // The operator console, after deleting an account on its owner's request (`name`: the address).
      return `Deleted the account ${flash.name ?? ""}; a notice went to the address.`.replace("account ;", "account;");
    case "email-verified":
      return flash.name ? `Your email is verified. Welcome to your account, ${flash.name}!` : "Your email is verified. Welcome!";
  }
}
