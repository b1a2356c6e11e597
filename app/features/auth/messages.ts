/**
 * What the auth pages say, by the words of the page's language: the "auth"
 * area of the catalogs (app/shared/i18n/catalog/auth.ts, its Hindi beside).
 */
import { auth } from "~/shared/i18n/catalog/auth";
import { fill } from "~/shared/i18n/messages";
import { LINK_NEEDS_TWO_FACTOR } from "./social-sign-in";

type AuthWords = typeof auth;

export type ProviderId = "google" | "github";
export const PROVIDER_NAMES: Record<ProviderId, string> = { google: "Google", github: "GitHub" };

/** The provider an answer names (`?provider=`), or "Google or GitHub" in none. */
function providerNameIn(params: URLSearchParams): string {
  const provider = params.get("provider");
  return provider === "google" || provider === "github" ? PROVIDER_NAMES[provider] : `${PROVIDER_NAMES.google} / ${PROVIDER_NAMES.github}`;
}

/**
 * Better Auth's codes for a provider round trip it could not place (a stale, foreign or missing state,
 * a malformed callback): it sends them to its one `errorURL`, /auth (provider-return.server.ts).
 */
const LOST_ROUND_TRIP_ERRORS: ReadonlySet<string> = new Set(["STATE_MISMATCH", "STATE_NOT_FOUND", "PLEASE_RESTART_THE_PROCESS", "INVALID_CALLBACK_REQUEST"]);

/** Whether an `?error=` is one of LOST_ROUND_TRIP_ERRORS, in any case. */
export const isLostRoundTrip = (error: string | null): boolean => Boolean(error && LOST_ROUND_TRIP_ERRORS.has(error.toUpperCase()));

/** The banner for an `?error=` or `?verified=` that Better Auth or our gateway put in a redirect. */
export function noticeFromQuery(params: URLSearchParams, t: AuthWords = auth): { tone: "error" | "success"; text: string } | null {
  if (params.get("verified") === "1" && !params.get("error")) return { tone: "success", text: t.messages.verified };
  if (params.get("verified") === "choose-password" && !params.get("error")) return { tone: "success", text: t.messages.verifiedChoosePassword };
  const error = params.get("error");
  if (!error) return null;
  // A provider's round trip that came back to no sign-in, and /auth knew nothing of where it began.
  if (isLostRoundTrip(error)) return { tone: "error", text: fill(t.messages.socialFailed, { provider: providerNameIn(params) }) };
  switch (error.toUpperCase()) {
    case "LINK_USED":
      return { tone: "error", text: t.messages.linkUsed };
    case "TOKEN_EXPIRED":
      return { tone: "error", text: t.messages.linkExpired };
    case "INVALID_TOKEN":
    case "USER_NOT_FOUND":
      return { tone: "error", text: t.messages.linkInvalid };
    case "DELETE_SIGN_IN":
      return { tone: "error", text: t.messages.deleteSignIn };
    case "TWO_FACTOR_EXPIRED":
      return { tone: "error", text: t.twoFactor.expired };
    case LINK_NEEDS_TWO_FACTOR:
      return { tone: "error", text: fill(t.messages.linkNeedsTwoFactor, { provider: providerNameIn(params) }) };
    default: {
      const provider = params.get("provider");
      if (provider === "google" || provider === "github") return { tone: "error", text: fill(t.messages.socialFailed, { provider: PROVIDER_NAMES[provider] }) };
      return { tone: "error", text: t.messages.unexpected };
    }
  }
}
