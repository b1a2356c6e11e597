/**
 * The profile's allow-list (the Open SaaS incident: client input never goes
 * straight to the database): only the writable fields are read, and the mail
 * language only from the profile page, as "en" or "hi"; anything else is a
 * field error, in the page's language.
 */
import { describe, expect, it } from "vitest";
import { account } from "~/shared/i18n/catalog/account";
import { account as hindi } from "~/shared/i18n/hi/account";
import { parseProfileUpdate } from "./profile-update.server";
import { checkProfile, genderLabel } from "./user-record";

const base = { name: "Asha", gender: "", dob: "", about: "" };

describe("the profile's allow-list", () => {
  it("takes the mail language from the profile page as one of ours", () => {
    const parsed = parseProfileUpdate({ ...base, language: "hi" }, { withLanguage: true });
    expect(parsed).toEqual({ ok: true, value: { ...base, language: "hi" } });
  });

  it("refuses any other language, in the page's words, and writes nothing of it", () => {
    for (const language of ["fr", "HI", "", " hi", "hi-IN", "en'; drop table user; --"]) {
      const parsed = parseProfileUpdate({ ...base, language }, { withLanguage: true });
      expect(parsed, language).toEqual({ ok: false, fieldErrors: { language: account.fields.languageInvalid } });
    }
    expect(parseProfileUpdate({ ...base, language: 7 }, { withLanguage: true })).toEqual({ ok: false, fieldErrors: { language: account.fields.languageInvalid } });
    expect(parseProfileUpdate({ ...base, language: ["hi"] }, { withLanguage: true, t: hindi })).toEqual({ ok: false, fieldErrors: { language: hindi.fields.languageInvalid } });
  });

  it("leaves the language as it is when none is sent, and the user-record API never writes it", () => {
    expect(parseProfileUpdate(base, { withLanguage: true })).toEqual({ ok: true, value: base });
    // The contract's API (no withLanguage): the key is ignored like any other, whatever it holds.
    expect(parseProfileUpdate({ ...base, language: "hi" })).toEqual({ ok: true, value: base });
    expect(parseProfileUpdate({ ...base, language: "fr" })).toEqual({ ok: true, value: base });
  });

  it("reads nothing beyond the writable fields", () => {
    const parsed = parseProfileUpdate({ ...base, email: "evil@example.com", id: "someone-else", role: "operator", login_count: 99 }, { withLanguage: true });
    expect(parsed).toEqual({ ok: true, value: base });
  });

  it("says its field errors in the page's language, the English exactly as before", () => {
    const long = { name: "x".repeat(101), gender: "g".repeat(41), dob: "2001-02-30", about: "a".repeat(2001) };
    expect(checkProfile(long)).toEqual({
      name: "Name must be at most 100 characters.",
      gender: "Gender must be at most 40 characters.",
      dob: "Date of birth must be a real date (YYYY-MM-DD) between 1900 and today.",
      about: "About must be at most 2000 characters.",
    });
    expect(checkProfile({ ...long, name: " " }, hindi).name).toBe(hindi.fields.nameMissing);
    expect(checkProfile(long, hindi).about).toBe("‘आपके बारे में’ ज़्यादा से ज़्यादा 2000 अक्षरों का हो सकता है।");
    expect(parseProfileUpdate({ name: 5 })).toEqual({ ok: false, fieldErrors: { name: "Name is required." } });
    expect(parseProfileUpdate({ name: "Asha", gender: 5 }, { t: hindi })).toEqual({ ok: false, fieldErrors: { gender: hindi.fields.genderNotText } });
  });

  it("checks the form's select the same way in the browser (FormData)", () => {
    const form = new FormData();
    form.set("name", "Asha");
    form.set("language", "de");
    expect(checkProfile(form)).toEqual({ language: account.fields.languageInvalid });
    form.set("language", "hi");
    expect(checkProfile(form)).toEqual({});
    form.delete("language");
    expect(checkProfile(form)).toEqual({});
  });

  it("labels the stored genders in the page's language and keeps one written through the API", () => {
    expect(genderLabel("")).toBe("Not specified");
    expect(genderLabel("Prefer not to say")).toBe("Prefer not to say");
    expect(genderLabel("Female", hindi)).toBe("महिला");
    expect(genderLabel("Agender", hindi)).toBe("Agender");
  });
});
