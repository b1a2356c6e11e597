/**
 * Google and GitHub sign-in in a 500×600 popup (spec section 9), falling back
 * to a same-window redirect when the browser blocks popups.
 *
 * The popup ends on /auth/complete, which reports back over a
 * BroadcastChannel (and postMessage) and closes itself.
 */
import { authApi } from "./auth-api";
import type { ProviderId } from "./messages";

export const POPUP_WIDTH = 500;
export const POPUP_HEIGHT = 600;
export const AUTH_CHANNEL = "tuesday-auth";

export interface PopupResult {
  type: "oauth-result";
  provider: ProviderId;
  status: "success" | "error";
}

export type SocialOutcome = { kind: "success" } | { kind: "redirecting" } | { kind: "failed"; notConfigured?: boolean };

function openPopup(): Window | null {
  const left = Math.max(0, window.screenX + (window.outerWidth - POPUP_WIDTH) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2);
  return window.open("", "tuesday-oauth", `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`);
}

function waitForResult(popup: Window, provider: ProviderId): Promise<SocialOutcome> {
  return new Promise((resolve) => {
    const channel = new BroadcastChannel(AUTH_CHANNEL);
    let settled = false;
    const finish = (outcome: SocialOutcome) => {
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
      finish(result.status === "success" ? { kind: "success" } : { kind: "failed" });
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
      finish(session?.user?.emailVerified ? { kind: "success" } : { kind: "failed" });
    }, 500);
  });
}

export async function signInWithProvider(provider: ProviderId): Promise<SocialOutcome> {
  // Open the popup synchronously, inside the click, so that browsers allow it.
  const popup = openPopup();
  const callbackURL = `/auth/complete?provider=${provider}&via=${popup ? "popup" : "redirect"}`;
  const started = await authApi.socialStart(provider, callbackURL);
  if (!started.ok || !started.data.url) {
    popup?.close();
    return { kind: "failed", notConfigured: started.ok === false && (started.status === 404 || started.code === "PROVIDER_NOT_FOUND") };
  }
  if (!popup || popup.closed) {
    window.location.assign(started.data.url);
    return { kind: "redirecting" };
  }
  popup.location.href = started.data.url;
  return waitForResult(popup, provider);
}
