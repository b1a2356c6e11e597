/**
 * What a new password must not be (issue 19; OWASP ASVS 5.0 6.2.4 and 6.2.12,
 * NIST SP 800-63B 3.1.1.2): one of the 10,000 most common passwords (a list
 * shipped with the app), made of the brand's own words, or one that a known
 * breach has published. The length (at least 8, MIN_PASSWORD_LENGTH may raise
 * it) is Better Auth's own check; this runs after it, for every way a password
 * is chosen: sign-up, change, reset (policy-plugin.server.ts).
 *
 * The breach check asks the Pwned Passwords range API (`PWNED_PASSWORDS_URL`)
 * with k-anonymity: only the first 5 hex characters of the password's SHA-1
 * leave the server, and the answer is every known suffix with that prefix
 * (padded, so its size says nothing). It waits at most 1.5 s; a service that
 * does not answer in time, or fails, lets the password through with a warning
 * in the log: an outage elsewhere must not stop people signing up.
 */
import { createHash } from "node:crypto";
import type { Logger } from "pino";
import { site } from "~/config/site";
import { COMMON_PASSWORDS_TEXT } from "./common-passwords.server";
import { auth } from "~/shared/i18n/catalog/auth";

export const BREACH_CHECK_TIMEOUT_MS = 1_500;

export type PasswordRefusal = { code: "PASSWORD_COMMON" | "PASSWORD_BRAND" | "PASSWORD_BREACHED"; message: string };

/** The API's English (the "auth" area's password words); pages in other languages say it by the code. */
export const PASSWORD_MESSAGES = { common: auth.password.common, brand: auth.password.brand, breached: auth.password.breached } as const;

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split("\n"));
  return common;
}

/** The brand's words, lower-case letters only: "tuesday", "ai", "tuesdayai", and the company's. */
function brandWords(): string[] {
  const words = new Set<string>();
  for (const name of [site.productName, site.companyName]) {
    const parts = name
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((w) => w.length >= 2);
    for (const part of parts) words.add(part);
    words.add(parts.join(""));
  }
  return [...words].sort((a, b) => b.length - a.length);
}

/** Whether `letters` is nothing but brand words one after another ("tuesdayai", "aituesday"). */
function onlyBrandWords(letters: string, words: string[]): boolean {
  if (letters === "") return false;
  const ends = new Set<number>([0]);
  for (let i = 0; i < letters.length; i++) {
    if (!ends.has(i)) continue;
    for (const word of words) if (letters.startsWith(word, i)) ends.add(i + word.length);
  }
  return ends.has(letters.length);
}

/** Common or brand: decided here, without the network. */
export function localRefusal(password: string): PasswordRefusal | null {
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return { code: "PASSWORD_COMMON", message: PASSWORD_MESSAGES.common };
  // The letters, with digits, spaces and symbols taken out: "Tuesday-AI 2026!" is "tuesdayai".
  const letters = lower.replace(/[^a-z]/g, "");
  if (onlyBrandWords(letters, brandWords()) && letters.length >= 4) return { code: "PASSWORD_BRAND", message: PASSWORD_MESSAGES.brand };
  return null;
}

export interface BreachCheck {
  /** The range API's base URL (`…/range/ABCDE` is asked); empty: no breach check. */
  url: string;
  log: Pick<Logger, "warn">;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** true: breached; false: not listed; null: could not tell (the service did not answer in time). */
export async function isBreached(
  password: string,
  { url, log, timeoutMs = BREACH_CHECK_TIMEOUT_MS, fetch: get = fetch }: BreachCheck,
): Promise<boolean | null> {
  if (!url) return false;
  const sha1 = createHash("sha1").update(password, "utf8").digest("hex").toUpperCase();
  const prefix = sha1.slice(0, 5);
  const suffix = sha1.slice(5);
  try {
    const res = await get(`${url.replace(/\/+$/, "")}/range/${prefix}`, {
      headers: { "Add-Padding": "true", "user-agent": `${site.productName} password check` },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) throw new Error(`the range API answered ${res.status}`);
    const body = await res.text();
    for (const line of body.split("\n")) {
      const [hash, count] = line.trim().split(":");
      // Padding lines have a count of 0.
      if (hash?.toUpperCase() === suffix && Number(count) > 0) return true;
    }
    return false;
  } catch (error) {
    log.warn(
      { err: error instanceof Error ? error.message : String(error), service: url },
      "the breached-password check did not answer; the password was accepted",
    );
    return null;
  }
}

/** The reason a new password is refused, or null when it may be used. */
export async function refuseNewPassword(password: string, breach: BreachCheck): Promise<PasswordRefusal | null> {
  const local = localRefusal(password);
  if (local) return local;
  if ((await isBreached(password, breach)) === true) return { code: "PASSWORD_BREACHED", message: PASSWORD_MESSAGES.breached };
  return null;
}
