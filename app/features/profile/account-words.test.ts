/**
 * The account pages in Hindi (issue 20): every word of the "account" catalog
 * in Devanagari but names and acronyms, the English the pages said before
 * (byte for byte) where it moved into templates, and the server's words
 * (devices, plugin refusals, rate limits, dates) in the page's language.
 */
import { APIError } from "better-auth/api";
import { describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { waitMessage } from "~/infra/http/responses";
import { account } from "~/shared/i18n/catalog/account";
import { auth } from "~/shared/i18n/catalog/auth";
import { account as hindi } from "~/shared/i18n/hi/account";
import { fill } from "~/shared/i18n/messages";
import { hindiDate } from "./account-date";
import { formatTimeSpent, timeSpentParts } from "./local-stats";
import { rateLimitedMessage, tooManyAttempts } from "./rate-limit-words";
import { deviceName, knownRefusal, securityWords, unmappedRefusal } from "./security.server";
import { connectionNotice } from "./sign-in-security.server";

/** Names and acronyms a Hindi page may show in Latin letters (tests/e2e/hindi.spec.ts allows the same kind). */
const NAMES = new Set([...site.productName.split(" "), "Google", "GitHub", "GDPR", "CCPA", "QR"]);

function strings(value: unknown, path: string[] = []): Array<[string, string]> {
  if (typeof value === "string") return [[path.join("."), value]];
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, inner]) => strings(inner, [...path, key]));
  return [];
}

describe("the account catalog in Hindi", () => {
  it("has no Latin word but names and acronyms (the authenticator apps' names are shown untranslated)", () => {
    const latin = strings(hindi)
      .filter(([path]) => path !== "security.twoFactor.apps")
      .flatMap(([path, text]) => (text.replace(/\{\w+\}/g, "").match(/[A-Za-z][A-Za-z'’]*/g) ?? []).filter((w) => !NAMES.has(w)).map((w) => `${path}: ${w}`));
    expect(latin).toEqual([]);
  });

  it("keeps every placeholder of the English", () => {
    const english = new Map(strings(account));
    for (const [path, text] of strings(hindi)) {
      const names = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
      expect(names(text), path).toEqual(names(english.get(path) ?? ""));
    }
  });

  it("says the English as the pages did before", () => {
    const { h, m } = timeSpentParts(61 * 60_000);
    expect(fill(account.stats.timeSpentValue, { h, m })).toBe(formatTimeSpent(61 * 60_000));
    expect(fill(hindi.stats.timeSpentValue, { h, m })).toBe("1 घं. 1 मि.");
    for (const s of [1, 45, 89, 90, 600, 3601, 5399, 5400, 86_400]) expect(tooManyAttempts(s)).toBe(waitMessage(s));
    expect(waitMessage(86_400)).toBe("Too many attempts. Please wait 24 hours and try again.");
    expect(fill(account.deletion.typeName, { name: "Asha" })).toBe("Type your name (Asha) to confirm");
  });
});

describe("the security page's server words", () => {
  const en = securityWords("en");
  const hi = securityWords("hi");
  const chromeOnLinux = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

  it("names a device by its products, placed by the language", () => {
    expect(deviceName(chromeOnLinux, en)).toEqual({ device: "Chrome on Linux", names: ["Chrome", "Linux"] });
    expect(deviceName(chromeOnLinux, hi)).toEqual({ device: "Linux पर Chrome", names: ["Chrome", "Linux"] });
    expect(deviceName("curl/8.0", hi)).toEqual({ device: "अनजान डिवाइस", names: [] });
    expect(deviceName("curl/8.0", en).device).toBe("Unknown device");
  });

  it("maps the plugins' refusals by code, and never shows English on a Hindi page", () => {
    const policy = new APIError("BAD_REQUEST", { code: "PASSWORD_BREACHED", message: auth.password.breached });
    expect(knownRefusal(policy, en)).toBe(auth.password.breached);
    expect(knownRefusal(policy, hi)).toBe(hi.auth.password.breached);
    const limited = new APIError("TOO_MANY_REQUESTS", { code: "RATE_LIMITED", message: waitMessage(180) }, { "Retry-After": "180" });
    expect(knownRefusal(limited, en)).toBe(waitMessage(180));
    expect(knownRefusal(limited, hi)).toBe(tooManyAttempts(180, hi.auth));
    // Without Retry-After (the re-authentication plugin), the wait is read from its English.
    expect(rateLimitedMessage({ message: waitMessage(45) }, hi.auth)).toBe(tooManyAttempts(45, hi.auth));
    expect(rateLimitedMessage({ message: waitMessage(7200) }, hi.auth)).toBe("बहुत ज़्यादा कोशिशें हो गईं। 2 घंटे रुककर फिर से कोशिश करें।");
    const unknown = new APIError("BAD_REQUEST", { code: "SOMETHING_NEW", message: "Something new went wrong." });
    expect(knownRefusal(unknown, hi)).toBeUndefined();
    expect(unmappedRefusal(unknown, en)).toBe("Something new went wrong.");
    expect(unmappedRefusal(unknown, hi)).toBe(hindi.security.messages.failed);
  });

  it("says a provider's round trip in the page's language", () => {
    expect(connectionNotice(new URLSearchParams("connected=github"))).toEqual({ ok: true, message: "GitHub is connected. You can now sign in with it." });
    expect(connectionNotice(new URLSearchParams("connect-error=google&error=account_already_linked"), "hi")).toEqual({
      ok: false,
      message: "वह Google खाता यहाँ पहले से किसी दूसरे खाते से जुड़ा है।",
    });
  });

  it("writes Hindi dates without Latin letters (a 24-hour clock: hi-IN's 12-hour one says am/pm)", () => {
    expect(hindiDate("2025-01-21T14:05:00Z", false, "UTC")).toBe("21 जनवरी 2025");
    const withTime = hindiDate("2025-01-21T14:05:00Z", true, "UTC");
    expect(withTime).toContain("14:05");
    expect(withTime).not.toMatch(/[A-Za-z]/);
  });
});
