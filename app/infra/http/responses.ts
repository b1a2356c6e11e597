/**
 * The HTTP shapes of the contract, built in one place: JSON errors
 * (`{ "success": false, "message": "…" }` with a 4xx/5xx status) and the 429
 * that a rate-limit decision becomes.
 */
import type { Decision } from "~/infra/rate-limit/rate-limiter.server";
import type { ApiError } from "./api-error";

export const NO_STORE = { "Cache-Control": "no-store" } as const;

export function jsonError(status: number, message: string, headers?: HeadersInit): Response {
  const all = new Headers(headers);
  if (!all.has("Cache-Control")) all.set("Cache-Control", "no-store");
  return Response.json({ success: false, message } satisfies ApiError, { status, headers: all });
}

/** "45 seconds", "3 minutes", "20 hours": how long a refused client waits, in words (shared/i18n/wait-words.ts in others). */
export function waitDuration(retryAfterS: number): string {
  if (retryAfterS < 90) return `${retryAfterS} seconds`;
  return retryAfterS < 90 * 60 ? `${Math.ceil(retryAfterS / 60)} minutes` : `${Math.ceil(retryAfterS / 3600)} hours`;
}

/** "Too many attempts. Please wait 3 minutes and try again." */
export function waitMessage(retryAfterS: number): string {
  return `Too many attempts. Please wait ${waitDuration(retryAfterS)} and try again.`;
}

export type Refusal = Extract<Decision, { allowed: false }>;

export function retryAfterHeaders(decision: Refusal): Record<string, string> {
  return { "Retry-After": String(decision.retryAfterS), ...NO_STORE };
}

/** The 429 answer of the JSON API. */
export function tooManyRequests(decision: Refusal): Response {
  return jsonError(429, waitMessage(decision.retryAfterS), retryAfterHeaders(decision));
}
