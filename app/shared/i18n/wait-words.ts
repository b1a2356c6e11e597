/**
 * "Too many attempts. Please wait 3 minutes and try again." in the page's
 * language: infra/http/responses.ts's waitMessage, from the auth area's words
 * (the same English, byte for byte: under 90 seconds in seconds, under 90
 * minutes in whole minutes rounded up, else in whole hours rounded up).
 */
import { auth } from "./catalog/auth";
import { fill } from "./fill";

export function tooManyAttempts(retryAfterS: number, t: typeof auth = auth): string {
  const wait =
    retryAfterS < 90
      ? fill(t.messages.seconds, { n: retryAfterS })
      : retryAfterS < 90 * 60
        ? fill(t.messages.minutes, { n: Math.ceil(retryAfterS / 60) })
        : fill(t.messages.hours, { n: Math.ceil(retryAfterS / 3600) });
  return fill(t.messages.tooManyAttempts, { wait });
}
