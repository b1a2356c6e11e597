/**
 * Google and GitHub sign-in in a 500×600 popup (spec section 9). The page
 * opens the popup inside the click (browsers allow popups only there), asks
 * its route action for the provider's URL, and sends the popup there; a
 * blocked popup means a same-window redirect instead (the action's default,
 * which is also what happens without JavaScript).
 *
 * The popup ends on /auth/complete, which reports back over a
 * BroadcastChannel (and postMessage) and closes itself.
 */
import { site } from "~/config/site";
import type { ProviderId } from "./messages";

export const POPUP_WIDTH = 500;
export const POPUP_HEIGHT = 600;
export const AUTH_CHANNEL = `${site.slug}-auth`;

/** A provider's first sign-in would have connected it to an account with two-factor on (two-factor.server.ts). */
export const LINK_NEEDS_TWO_FACTOR = "LINK_NEEDS_TWO_FACTOR";

export interface PopupResult {
  type: "oauth-result";
  provider: ProviderId;
  /** "two-factor": the provider said yes, and the account asks for its code next (/auth/two-factor). */
  status: "success" | "error" | "two-factor";
  /** With "error": the refusal's code, where the page has words of its own for it. */
  error?: typeof LINK_NEEDS_TWO_FACTOR;
}

/** "link-needs-two-factor": the account has two-factor on and this provider is not connected to it yet. */
export type PopupOutcome = "success" | "failed" | "two-factor" | "link-needs-two-factor";

export function openPopup(): Window | null {
  const left = Math.max(0, window.screenX + (window.outerWidth - POPUP_WIDTH) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2);
  const popup = window.open("", `${site.slug}-oauth`, `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`);
  return popup && !popup.closed ? popup : null;
}

/** Resolves when the popup reports its result, or is closed without one. */
export function waitForPopup(popup: Window, provider: ProviderId): Promise<PopupOutcome> {
  return new Promise((resolve) => {
    const channel = new BroadcastChannel(AUTH_CHANNEL);
    let settled = false;
    const finish = (outcome: PopupOutcome) => {
      if (settled) return;
      settled = true;
      channel.close();
      window.removeEventListener("message", onMessage);
      window.clearInterval(poll);
      resolve(outcome);
    };
    const accept = (data: unknown) => {
      const result = data as Partial<PopupResult> | null;
      if (result?.type !== "oauth-result" || result.provider !== provider) return;
      if (result.status === "success" || result.status === "two-factor") finish(result.status);
      else finish(result.error === LINK_NEEDS_TWO_FACTOR ? "link-needs-two-factor" : "failed");
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin) accept(event.data);
    };
    channel.onmessage = (event) => accept(event.data);
    window.addEventListener("message", onMessage);
    // Closed without a result: the visitor closed the popup (or the provider failed silently).
    // One last look at the session covers a result message that got lost.
    const poll = window.setInterval(async () => {
      if (!popup.closed || settled) return;
      window.clearInterval(poll);
      const session = await fetch("/api/auth/get-session", { credentials: "same-origin" })
        .then((r) => (r.ok ? r.json() : null))
        .catch(() => null);
      finish(session?.user?.emailVerified ? "success" : "failed");
    }, 500);
  });
}
