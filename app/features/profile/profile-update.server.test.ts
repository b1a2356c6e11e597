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
import { typedValues } from "./profile-draft";
import { checkProfile, composeDob, dobParts, genderLabel } from "./user-record";

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
    expect(parseProfileUpdate({ ...base, language: 7 }, { withLanguage: true })).toEqual({
      ok: false,
      fieldErrors: { language: account.fields.languageInvalid },
    });
    expect(parseProfileUpdate({ ...base, language: ["hi"] }, { withLanguage: true, t: hindi })).toEqual({
      ok: false,
      fieldErrors: { language: hindi.fields.languageInvalid },
    });
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

  it("composes the date of birth's three boxes into YYYY-MM-DD, refuses a partial or impossible date, and clears it only when all three are empty", () => {
    const parts = (day: string, month: string, year: string) => ({ day, month, year });
    expect(composeDob(parts("2", "4", "1999"))).toEqual({ ok: true, dob: "1999-04-02" });
    expect(composeDob(parts(" 29 ", "02", "2000"))).toEqual({ ok: true, dob: "2000-02-29" });
    expect(composeDob(parts("", "", ""))).toEqual({ ok: true, dob: "" });
    for (const partial of [parts("12", "", ""), parts("", "4", "1999"), parts("12", "4", "")])
      expect(composeDob(partial)).toEqual({ ok: false, error: "incomplete" });
    const tomorrow = new Date(Date.now() + 86_400_000);
    for (const impossible of [
      parts("31", "2", "1999"),
      parts("29", "2", "2001"),
      parts("1", "1", "1899"),
      parts("1", "13", "1999"),
      parts("0", "1", "1999"),
      parts("1", "1", "99"),
      parts("a", "1", "1999"),
      parts("1.5", "1", "1999"),
      parts(String(tomorrow.getUTCDate()), String(tomorrow.getUTCMonth() + 1), String(tomorrow.getUTCFullYear() + 1)),
    ]) {
      expect(composeDob(impossible), JSON.stringify(impossible)).toEqual({ ok: false, error: "not-real" });
    }
  });

  it("checks the boxes the same way in the browser (FormData) and in the action, one message in the date's slot, in the page's language", () => {
    const form = new FormData();
    form.set("name", "Asha");
    form.set("dob-day", "31");
    form.set("dob-month", "2");
    form.set("dob-year", "1999");
    const fields = Object.fromEntries(form) as Record<string, string>;
    expect(checkProfile(form)).toEqual({ dob: account.fields.dobNotReal });
    expect(parseProfileUpdate({ ...base, ...fields }, { dateParts: true })).toEqual({ ok: false, fieldErrors: { dob: account.fields.dobNotReal } });
    form.set("dob-day", "");
    expect(checkProfile(form, hindi)).toEqual({ dob: hindi.fields.dobIncomplete });
    expect(parseProfileUpdate({ ...base, ...fields, "dob-day": "" }, { dateParts: true, t: hindi })).toEqual({
      ok: false,
      fieldErrors: { dob: hindi.fields.dobIncomplete },
    });
    // A box missing from a post reads as empty: the date is refused, not cleared.
    expect(parseProfileUpdate({ ...base, "dob-day": "2", "dob-year": "1999" }, { dateParts: true })).toEqual({
      ok: false,
      fieldErrors: { dob: account.fields.dobIncomplete },
    });
    expect(parseProfileUpdate({ ...base, "dob-day": "2", "dob-month": ["4"], "dob-year": "1999" }, { dateParts: true })).toEqual({
      ok: false,
      fieldErrors: { dob: account.fields.dobNotText },
    });
    // The boxes win over a `dob` sent along; all three empty clears the date.
    expect(parseProfileUpdate({ ...base, dob: "1980-01-01", "dob-day": "2", "dob-month": "4", "dob-year": "1999" }, { dateParts: true })).toEqual({
      ok: true,
      value: { ...base, dob: "1999-04-02" },
    });
    expect(parseProfileUpdate({ ...base, dob: "1980-01-01", "dob-day": "", "dob-month": "", "dob-year": "" }, { dateParts: true })).toEqual({
      ok: true,
      value: { ...base, dob: "" },
    });
  });

  it("the API (the contract) takes `dob` as YYYY-MM-DD and never reads the boxes", () => {
    expect(parseProfileUpdate({ ...base, dob: "1999-04-02" })).toEqual({ ok: true, value: { ...base, dob: "1999-04-02" } });
    expect(parseProfileUpdate({ ...base, dob: "02/04/1999" })).toEqual({ ok: false, fieldErrors: { dob: account.fields.dobInvalid } });
    expect(parseProfileUpdate({ ...base, dob: "", "dob-day": "2", "dob-month": "4", "dob-year": "1999" })).toEqual({ ok: true, value: base });
  });

  it("gives the boxes back as typed (a refused save, a draft) and shows a stored date without leading zeros", () => {
    const typed = typedValues({ ...base, "dob-day": "31", "dob-month": "02", "dob-year": "1999" });
    expect(typed.dob).toBe("1999-02-31");
    expect(dobParts(typed.dob)).toEqual({ day: "31", month: "2", year: "1999" });
    expect(dobParts(typedValues({ ...base, "dob-day": "", "dob-month": "4", "dob-year": "" }).dob)).toEqual({ day: "", month: "4", year: "" });
    expect(typedValues({ ...base, "dob-day": "", "dob-month": "", "dob-year": "" }).dob).toBe("");
    expect(dobParts("1999-04-02")).toEqual({ day: "2", month: "4", year: "1999" });
    expect(dobParts("31/02/1999")).toEqual({ day: "", month: "", year: "" });
  });

  it("labels the stored genders in the page's language and keeps one written through the API", () => {
    expect(genderLabel("")).toBe("Not specified");
    expect(genderLabel("Prefer not to say")).toBe("Prefer not to say");
    expect(genderLabel("Female", hindi)).toBe("महिला");
    expect(genderLabel("Agender", hindi)).toBe("Agender");
  });
});
