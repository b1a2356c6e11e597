/**
 * "Too many attempts. Please wait 3 minutes and try again." in the page's
 * language: infra/http/responses.ts's waitMessage, from the auth area's words
 * (the same English, byte for byte: under 90 seconds in seconds, else in
 * whole minutes rounded up).
 */
import { auth } from "~/shared/i18n/catalog/auth";
import { fill } from "~/shared/i18n/messages";

export function tooManyAttempts(retryAfterS: number, t: typeof auth = auth): string {
  const wait = retryAfterS < 90 ? fill(t.messages.seconds, { n: retryAfterS }) : fill(t.messages.minutes, { n: Math.ceil(retryAfterS / 60) });
  return fill(t.messages.tooManyAttempts, { wait });
}

/**
 * A Better Auth plugin's RATE_LIMITED refusal (its message is waitMessage's
 * English) in the page's words: the wait from its Retry-After header, or from
 * the English itself when a plugin sent none.
 */
export function rateLimitedMessage(error: { message?: string; headers?: HeadersInit }, t: typeof auth = auth): string | undefined {
  let retry = Number(new Headers(error.headers ?? {}).get("retry-after") ?? "");
  if (!Number.isFinite(retry) || retry <= 0) {
    const said = /wait (\d+) (seconds|minutes)/.exec(error.message ?? "");
    retry = said ? Number(said[1]) * (said[2] === "minutes" ? 60 : 1) : NaN;
  }
  return Number.isFinite(retry) && retry > 0 ? tooManyAttempts(retry, t) : undefined;
}
