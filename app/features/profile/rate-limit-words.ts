import { auth } from "~/shared/i18n/catalog/auth";
import { tooManyAttempts } from "~/shared/i18n/wait-words";

export { tooManyAttempts };

/**
 * A Better Auth plugin's RATE_LIMITED refusal (its message is waitMessage's
 * English) in the page's words: the wait from its Retry-After header, or from
 * the English itself when a plugin sent none.
 */
export function rateLimitedMessage(error: { message?: string; headers?: HeadersInit }, t: typeof auth = auth): string | undefined {
  let retry = Number(new Headers(error.headers ?? {}).get("retry-after") ?? "");
  if (!Number.isFinite(retry) || retry <= 0) {
    const said = /wait (\d+) (seconds|minutes|hours)/.exec(error.message ?? "");
    retry = said ? Number(said[1]) * (said[2] === "hours" ? 3600 : said[2] === "minutes" ? 60 : 1) : NaN;
  }
  return Number.isFinite(retry) && retry > 0 ? tooManyAttempts(retry, t) : undefined;
}
