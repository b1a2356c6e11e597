import { describe, expect, it } from "vitest";
import { passwordChangedMail, shortLinkText, verificationMail } from "./templates";

const TOKEN_URL = `https://tuesday.example/api/auth/verify-email?token=${"x".repeat(300)}&callbackURL=%2Fhome`;

describe("mail templates", () => {
  it("name an action link by its site and page; the whole address only as the fallback line", () => {
    expect(shortLinkText(TOKEN_URL)).toBe("tuesday.example/api/auth/verify-email");
    expect(shortLinkText("http://localhost:3000/")).toBe("localhost:3000");
    const mail = verificationMail("Asha", TOKEN_URL);
    const anchors = [...mail.html.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => ({ href: m[1]!.replace(/&amp;/g, "&"), text: m[2]! }));
    expect(anchors.map((a) => a.href)).toEqual([TOKEN_URL, TOKEN_URL]);
    expect(anchors.map((a) => a.text)).toEqual(["Verify email address", "tuesday.example/api/auth/verify-email"]);
    // The plain-text part keeps the whole link (it is the only way there).
    expect(mail.text).toContain(TOKEN_URL);
  });

  it("the password-changed notice has a button to recover, the device, and the time in UTC and IST", () => {
    const at = new Date(Date.UTC(2026, 10, 22, 14, 5));
    const mail = passwordChangedMail("Asha", at, "https://tuesday.example/auth?mode=reset", "Chrome on Android");
    expect(mail.html).toMatch(/<a href="https:\/\/tuesday\.example\/auth\?mode=reset"[^>]*>Reset my password<\/a>/);
    expect(mail.text).toContain("22 November 2026, 14:05 UTC (19:35 IST) from Chrome on Android.");
    expect(mail.text).toContain("Reset my password: https://tuesday.example/auth?mode=reset");
    expect(passwordChangedMail("Asha", at, "https://tuesday.example/auth?mode=reset").text).not.toContain(" from ");
  });
});
