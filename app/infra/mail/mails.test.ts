// Every mail of the product through the one layout (./layout.ts): the mails live beside their features.
import { describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { mail as englishWords } from "~/shared/i18n/catalog/mail";
import { mail as hindiWords } from "~/shared/i18n/hi/mail";
import {
  accountDeletedMail,
  codesPausedMail,
  connectionChangedMail,
  deleteAccountMail,
  emailVerifiedMail,
  existingAccountMail,
  newSignInMail,
  passkeyChangedMail,
  passwordChangedMail,
  passwordResetMail,
  twoFactorChangedMail,
  verificationMail,
} from "~/features/auth/mails";
import { formAutoreplyMail, formNotificationMail, operatorReplyMail } from "~/features/forms/mails";
import { waitlistConfirmMail } from "~/features/waitlist/mails";
import { type RenderedMail, shortLinkText } from "./layout";

const TOKEN_URL = `https://tuesday.example/api/auth/verify-email?token=${"x".repeat(300)}&callbackURL=%2Fhome`;
const AT = new Date(Date.UTC(2026, 10, 22, 14, 5));

/** Every link of a mail's HTML: where it goes and what it says. */
function anchorsOf(html: string) {
  return [...html.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => ({ href: m[1]!.replace(/&amp;/g, "&"), text: m[2]! }));
}

describe("mail templates", () => {
  it("name an action link by its site and page; the whole address only as the fallback line", () => {
    expect(shortLinkText(TOKEN_URL)).toBe("tuesday.example/api/auth/verify-email");
    expect(shortLinkText("http://localhost:3000/")).toBe("localhost:3000");
    const mail = verificationMail("Asha", TOKEN_URL);
    const anchors = anchorsOf(mail.html);
    expect(anchors.map((a) => a.href)).toEqual([TOKEN_URL, TOKEN_URL]);
    expect(anchors.map((a) => a.text)).toEqual(["Verify email address", "tuesday.example/api/auth/verify-email"]);
    // The plain-text part keeps the whole link (it is the only way there).
    expect(mail.text).toContain(TOKEN_URL);
  });

  it("the password-changed notice has a button to recover, the device, and the time in UTC and IST", () => {
    const mail = passwordChangedMail("Asha", AT, "https://tuesday.example/auth?mode=reset", "Chrome on Android");
    expect(mail.html).toMatch(/<a href="https:\/\/tuesday\.example\/auth\?mode=reset"[^>]*>Reset my password<\/a>/);
    expect(mail.text).toContain("22 November 2026, 14:05 UTC (19:35 IST) from Chrome on Android.");
    expect(mail.text).toContain("Reset my password: https://tuesday.example/auth?mode=reset");
    expect(passwordChangedMail("Asha", AT, "https://tuesday.example/auth?mode=reset").text).not.toContain(" from ");
  });

  it("the codes-paused notice says how many, when, from where, until when, and offers a new password and the security page", () => {
    const until = new Date(Date.UTC(2026, 10, 23, 9, 0));
    const links = { reset: "https://tuesday.example/auth?mode=reset", security: "https://tuesday.example/profile/security" };
    const mail = codesPausedMail("Asha", 100, AT, until, links, "Chrome on Android");
    expect(mail.text).toContain(
      "then entered 100 wrong two-factor codes, the last on 22 November 2026, 14:05 UTC (19:35 IST) from Chrome on Android. To keep them out, your account takes no codes until 23 November 2026, 09:00 UTC (14:30 IST).",
    );
    expect(anchorsOf(mail.html).filter((a) => !a.text.startsWith("tuesday.example"))).toEqual([
      { href: links.reset, text: "Reset my password" },
      { href: links.security, text: "Review account security" },
    ]);
  });

  it("the already-have-an-account mail offers the reset as a button of its own, like every action link", () => {
    const mail = existingAccountMail("Asha", "https://tuesday.example/auth", "https://tuesday.example/auth?mode=reset");
    expect(mail.subject).toBe(`You already have a ${site.productName} account`);
    expect(anchorsOf(mail.html)).toEqual([
      { href: "https://tuesday.example/auth", text: "Sign in" },
      { href: "https://tuesday.example/auth", text: "tuesday.example/auth" },
      { href: "https://tuesday.example/auth?mode=reset", text: "Reset my password" },
      { href: "https://tuesday.example/auth?mode=reset", text: "tuesday.example/auth" },
    ]);
    // Sign in is the main button; the reset one is drawn in outline, under its question, with its own fallback line.
    const button = (label: string) => new RegExp(`<a href="[^"]+" style="([^"]+)">${label}</a>`).exec(mail.html)?.[1] ?? "";
    expect(button("Sign in")).toContain("background:#6d28d9");
    expect(button("Reset my password")).toContain("display:inline-block");
    expect(button("Reset my password")).toContain("border:2px solid #6d28d9");
    expect(mail.html).toMatch(/>Forgot your password\?<\/td><\/tr>\n<tr><td style="padding:8px 0 24px"><a href="https:\/\/tuesday\.example\/auth\?mode=reset"/);
    expect(mail.html.match(/Button not working\?/g)).toHaveLength(2);
    // No inline text link in a sentence any more.
    expect(mail.html).not.toMatch(/Forgot your password\? <a /);
    // Plain text has no links: the words and then the address.
    expect(mail.text).toContain("Sign in: https://tuesday.example/auth");
    expect(mail.text).toContain("Forgot your password? Reset my password: https://tuesday.example/auth?mode=reset");
  });

  it("the account-deleted notice says when (UTC and IST) and, when known, from which device", () => {
    const mail = accountDeletedMail("Asha", AT, "Firefox on Linux");
    expect(mail.text).toContain(
      `Your ${site.productName} account was deleted on 22 November 2026, 14:05 UTC (19:35 IST) from Firefox on Linux, with its sessions, profile and messages.`,
    );
    expect(mail.html).toContain("from Firefox on Linux");
    expect(anchorsOf(mail.html)).toEqual([]);
    expect(accountDeletedMail("Asha", AT).text).toContain("was deleted on 22 November 2026, 14:05 UTC (19:35 IST), with its sessions");
  });

  it("English by default, and lang=en on the page", () => {
    expect(verificationMail("Asha", TOKEN_URL).html).toContain('<html lang="en">');
    expect(verificationMail("Asha", TOKEN_URL, "en")).toEqual(verificationMail("Asha", TOKEN_URL));
    expect(waitlistConfirmMail("https://t.example/c", "https://t.example/u", null).text).toContain("Do not want these mails? Unsubscribe: https://t.example/u");
  });
});

describe("mails in Hindi", () => {
  const URL_A = "https://tuesday.example/auth/reset-password?token=abc&to=%2Fprofile";
  const URL_B = "https://tuesday.example/profile/security";
  const DEVICE = "Chrome on Android";
  const WHEN = "22 नवंबर 2026, 14:05 UTC (19:35 IST)";

  /** Each mail to a person, in Hindi, with the address of its button (if any) and whether it tells a time. */
  const cases: { name: string; mail: RenderedMail; action?: string; when?: boolean }[] = [
    { name: "verification", mail: verificationMail("आशा", URL_A, "hi"), action: URL_A },
    { name: "password reset", mail: passwordResetMail("आशा", URL_A, "hi"), action: URL_A },
    { name: "existing account", mail: existingAccountMail("आशा", URL_B, URL_A, "hi"), action: URL_B },
    { name: "delete account", mail: deleteAccountMail("आशा", URL_A, "hi"), action: URL_A },
    { name: "new sign-in", mail: newSignInMail("आशा", DEVICE, AT, URL_B, "hi"), action: URL_B, when: true },
    { name: "two-factor on", mail: twoFactorChangedMail("आशा", true, AT, DEVICE, URL_B, "hi"), action: URL_B, when: true },
    { name: "two-factor off", mail: twoFactorChangedMail("आशा", false, AT, undefined, URL_B, "hi"), action: URL_B, when: true },
    { name: "passkey added", mail: passkeyChangedMail("आशा", true, "मेरा फ़ोन", AT, DEVICE, URL_B, "hi"), action: URL_B, when: true },
    { name: "passkey removed", mail: passkeyChangedMail("आशा", false, "मेरा फ़ोन", AT, undefined, URL_B, "hi"), action: URL_B, when: true },
    { name: "Google connected", mail: connectionChangedMail("आशा", "Google", true, AT, DEVICE, URL_B, "hi"), action: URL_B, when: true },
    { name: "GitHub disconnected", mail: connectionChangedMail("आशा", "GitHub", false, AT, undefined, URL_B, "hi"), action: URL_B, when: true },
    { name: "password changed", mail: passwordChangedMail("आशा", AT, URL_A, DEVICE, "hi"), action: URL_A, when: true },
    {
      name: "codes paused",
      mail: codesPausedMail("आशा", 100, AT, new Date(AT.getTime() + 86_400_000), { reset: URL_A, security: URL_B }, DEVICE, "hi"),
      action: URL_A,
      when: true,
    },
    { name: "account deleted", mail: accountDeletedMail("आशा", AT, DEVICE, "hi"), when: true },
    { name: "email verified", mail: emailVerifiedMail("आशा", URL_B, "hi"), action: URL_B },
    { name: "form autoreply", mail: formAutoreplyMail("आपका संदेश मिल गया", "धन्यवाद!\n\nहम जल्द जवाब देंगे।", "hi") },
    { name: "operator reply", mail: operatorReplyMail("feedback", { name: "रवि", message: "क्या यह तमिल बोलेगा?", createdAt: AT }, "जल्द ही।", "hi"), when: true },
    { name: "waitlist confirm", mail: waitlistConfirmMail(URL_A, URL_B, "स्टूडेंट प्लान", "hi"), action: URL_A },
    { name: "waitlist confirm, anything", mail: waitlistConfirmMail(URL_A, URL_B, null, "hi"), action: URL_A },
  ];

  /** What a reader sees of the HTML: the text between the tags, entities undone. */
  const visible = (html: string) =>
    html
      .replace(/<[^>]+>/g, " ")
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  /** Leaves out what is not words: addresses of pages and of mailboxes, and the device string passed in as made. */
  const words = (text: string) =>
    text
      .replace(/https?:\/\/\S+/g, " ")
      .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, " ")
      .replace(/(tuesday\.example|t\.example)\S*/g, " ")
      .split(DEVICE)
      .join(" ");
  /** Latin-script words a Hindi mail may carry: names of the brand, the company and its address, sign-in providers, time zones, and "Re:". */
  const ALLOWED_LATIN = new Set([
    ...site.productName.split(" "),
    ...site.companyName.split(" "),
    ...[site.address.district, site.address.state, site.address.country].flatMap((part) => part.split(" ")),
    ...["Google", "GitHub", "UTC", "IST", "Re"],
  ]);

  for (const { name, mail, action, when } of cases) {
    it(`${name}: Hindi subject, lang=hi, no English, the link as it was${when ? ", the date in Hindi" : ""}`, () => {
      expect(mail.subject).toMatch(/[\u0900-\u097F]/);
      expect(mail.html).toContain('<html lang="hi">');
      for (const part of [mail.subject, words(mail.text), words(visible(mail.html))]) {
        expect(part).not.toMatch(/\b(the|your|you|and|to|of|is|was|this|if|for)\b/i);
        const latin = (part.match(/[A-Za-z][A-Za-z'’]*/g) ?? []).filter((w) => !ALLOWED_LATIN.has(w));
        expect(latin, `Latin words in the ${name} mail`).toEqual([]);
      }
      if (action) {
        expect(mail.html).toContain(`href="${action.replace(/&/g, "&amp;")}"`);
        expect(mail.text).toContain(`: ${action}`);
      }
      if (when) {
        expect(mail.text).toContain(WHEN);
        expect(mail.text).not.toMatch(/November|\bpm\b|\bam\b/);
      }
    });
  }

  it("says the device as it was given, and the time the Hindi way round", () => {
    expect(passwordChangedMail("आशा", AT, URL_A, DEVICE, "hi").text).toContain(`${WHEN} को ${DEVICE} से आपके ${site.productName} खाते का पासवर्ड बदला गया।`);
    expect(accountDeletedMail("आशा", AT, undefined, "hi").text).toContain(`${WHEN} को आपका ${site.productName} खाता`);
    // A morning time on a 24-hour clock, not "07:35 am".
    expect(newSignInMail("आशा", DEVICE, new Date(Date.UTC(2026, 0, 3, 2, 5)), URL_B, "hi").text).toContain("3 जनवरी 2026, 02:05 UTC (07:35 IST)");
  });

  it("the reset button of the already-have-an-account mail has Hindi words", () => {
    const mail = existingAccountMail("आशा", URL_B, URL_A, "hi");
    expect(anchorsOf(mail.html).map((a) => a.href)).toEqual([URL_B, URL_B, URL_A, URL_A]);
    expect(anchorsOf(mail.html)[2]!.text).toBe(hindiWords.existingAccount.resetAction);
    expect(mail.text).toContain(`${hindiWords.existingAccount.resetPrompt} ${hindiWords.existingAccount.resetAction}: ${URL_A}`);
  });

  it("the waitlist mail's unsubscribe line is Hindi in both parts", () => {
    const mail = waitlistConfirmMail(URL_A, URL_B, null, "hi");
    expect(mail.html).toContain(`<a href="${URL_B}" style="color:#6d28d9">सदस्यता छोड़ें</a>।`);
    expect(mail.text).toContain(`ये मेल नहीं चाहिए? सदस्यता छोड़ें: ${URL_B}`);
  });

  it("mails to the staff stay English", () => {
    const mail = formNotificationMail("contact", { name: "Ravi", email: "ravi@example.com" }, "Hello");
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.text).toContain(`— ${site.productName}, ${site.companyName}`);
  });

  it("every Hindi line has the placeholders of its English one", () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const walk = (en: unknown, hi: unknown, path: string) => {
      if (typeof en === "string") {
        expect(typeof hi, path).toBe("string");
        expect(placeholders(hi as string), path).toEqual(placeholders(en));
        return;
      }
      for (const key of Object.keys(en as object)) walk((en as Record<string, unknown>)[key], (hi as Record<string, unknown>)[key], `${path}.${key}`);
    };
    walk(englishWords, hindiWords, "mail");
  });
});
