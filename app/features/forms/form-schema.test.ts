import { describe, expect, it } from "vitest";
import { forms as hi } from "~/shared/i18n/hi/forms";
import { waitMessage } from "~/infra/http/responses";
import { forms } from "~/shared/i18n/catalog/forms";
import { waitText } from "./form-copy";
import { charCount, FIELD_LABELS, FIELD_MESSAGES, FORM_MESSAGES, honeypotFilled, HONEYPOT_FIELD, isEmail, validateSubmission } from "./form-schema";

const valid = { name: "Asha Rao", email: "asha@example.com", message: "Love it." };

function errorsOf(fields: Record<string, unknown>) {
  const result = validateSubmission(fields);
  if (result.ok) throw new Error("expected errors");
  return result.errors;
}

describe("validateSubmission (the form service's codes, spec section 8)", () => {
  it("accepts a complete submission and trims it", () => {
    expect(validateSubmission({ name: "  Asha  Rao ", email: " asha@example.com ", message: "\n Love it. \n" })).toEqual({
      ok: true,
      value: { name: "Asha Rao", email: "asha@example.com", message: "Love it." },
    });
  });

  it("keeps the message's line breaks and normalises CRLF", () => {
    const result = validateSubmission({ ...valid, message: "line one\r\nline two\n\nline four" });
    expect(result).toMatchObject({ ok: true, value: { message: "line one\nline two\n\nline four" } });
  });

  it("makes a name one line (no header injection through the mail subject)", () => {
    const result = validateSubmission({ ...valid, name: "Asha\r\nBcc: victim@example.com" });
    expect(result).toMatchObject({ ok: true, value: { name: "Asha Bcc: victim@example.com" } });
  });

  it("REQUIRED_FIELD_MISSING for an absent or null key, with the label first", () => {
    expect(errorsOf({ email: "asha@example.com", message: "hi", name: null })).toEqual([
      { field: "name", code: "REQUIRED_FIELD_MISSING", message: "Name: this field is required" },
    ]);
    expect(errorsOf({ name: "Asha", email: "asha@example.com" })).toEqual([
      { field: "message", code: "REQUIRED_FIELD_MISSING", message: "Message: this field is required" },
    ]);
  });

  it("REQUIRED_FIELD_EMPTY for blank or whitespace-only values", () => {
    expect(errorsOf({ name: "", email: "   ", message: "\n\t" })).toEqual([
      { field: "name", code: "REQUIRED_FIELD_EMPTY", message: "Name: this field is required" },
      { field: "email", code: "REQUIRED_FIELD_EMPTY", message: "Email: this field is required" },
      { field: "message", code: "REQUIRED_FIELD_EMPTY", message: "Message: this field is required" },
    ]);
  });

  it("TYPE_EMAIL for an address that is not one", () => {
    for (const email of ["asha", "asha@", "@example.com", "asha@example", "asha@@example.com", "a..b@example.com", "asha @example.com"]) {
      expect(errorsOf({ ...valid, email }), email).toEqual([{ field: "email", code: "TYPE_EMAIL", message: "Email: must be a valid email address" }]);
    }
    for (const email of ["a@b.co", "first.last+tag@sub.example.in", "o'brien@example.ie"]) expect(isEmail(email), email).toBe(true);
  });

  it("TYPE_TEXT for a JSON value that is not a string", () => {
    expect(errorsOf({ name: 42, email: ["a@b.co"], message: { text: "hi" } }).map((e) => [e.field, e.code, e.message])).toEqual([
      ["name", "TYPE_TEXT", "Name: must be text"],
      ["email", "TYPE_TEXT", "Email: must be text"],
      ["message", "TYPE_TEXT", "Message: must be text"],
    ]);
  });

  it("FIELD_TOO_LONG past 100 / 254 / 5,000 characters, counted as a person counts them", () => {
    expect(validateSubmission({ ...valid, message: "x".repeat(5000) }).ok).toBe(true);
    expect(errorsOf({ ...valid, message: "x".repeat(5001) })).toEqual([
      { field: "message", code: "FIELD_TOO_LONG", message: "Message: must be at most 5,000 characters (this one has 5,001)" },
    ]);
    // 5,000 emoji are 10,000 UTF-16 units but 5,000 characters.
    expect(validateSubmission({ ...valid, message: "🙂".repeat(5000) }).ok).toBe(true);
    expect(charCount("🙂🙂")).toBe(2);

    expect(validateSubmission({ ...valid, name: "n".repeat(100) }).ok).toBe(true);
    expect(errorsOf({ ...valid, name: "n".repeat(101) })[0]).toMatchObject({ field: "name", code: "FIELD_TOO_LONG" });

    const local = "a".repeat(64);
    const longEmail = `${local}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(59)}.in`;
    expect(longEmail.length).toBe(255);
    expect(errorsOf({ ...valid, email: longEmail })[0]).toMatchObject({ field: "email", code: "FIELD_TOO_LONG" });
  });

  it("adds EMPTY when nothing at all was sent", () => {
    expect(errorsOf({}).map((e) => e.code)).toEqual(["EMPTY", "REQUIRED_FIELD_MISSING", "REQUIRED_FIELD_MISSING", "REQUIRED_FIELD_MISSING"]);
    expect(errorsOf({ other: "x" }).map((e) => e.code)).not.toContain("EMPTY");
  });
});

describe("validateSubmission in a page's words (issue 20)", () => {
  it("writes the same codes in the same slots, in Hindi when a Hindi page passes its words", () => {
    const result = validateSubmission({ name: "", email: "asha@", message: "x".repeat(5001) }, hi);
    expect(result).toEqual({
      ok: false,
      errors: [
        { field: "name", code: "REQUIRED_FIELD_EMPTY", message: "नाम: यह फ़ील्ड भरना ज़रूरी है" },
        { field: "email", code: "TYPE_EMAIL", message: "ईमेल: सही ईमेल पता लिखें" },
        { field: "message", code: "FIELD_TOO_LONG", message: "संदेश: ज़्यादा से ज़्यादा 5,000 अक्षर हो सकते हैं (इसमें 5,001 हैं)" },
      ],
    });
    expect(validateSubmission({}, hi)).toMatchObject({ ok: false, errors: expect.arrayContaining([{ code: "EMPTY", message: hi.empty }]) });
  });

  it("keeps the API's English exactly when no words are given", () => {
    expect(FIELD_LABELS).toEqual({ name: "Name", email: "Email", message: "Message" });
    expect(FIELD_MESSAGES.FIELD_TOO_LONG("Phone", 5000, 12345)).toBe("Phone: must be at most 5,000 characters (this one has 12,345)");
    expect(FIELD_MESSAGES.TYPE_NUMERIC("Phone")).toBe("Phone: must be a number");
    expect(FORM_MESSAGES).toEqual({
      EMPTY: "The submission is empty: send name, email and message.",
      EMPTY_ANY: "The submission is empty: send at least one field.",
      TOO_MANY_FIELDS: "Too many fields: a form takes at most 50.",
      NO_FILE_UPLOADS: "File uploads are not accepted by this form.",
    });
    expect(validateSubmission({ name: "Asha", email: "asha@example.com" })).toEqual(validateSubmission({ name: "Asha", email: "asha@example.com" }, forms));
  });

  it("says how long to wait as the API does, in either language", () => {
    for (const s of [1, 42, 89, 90, 600, 3599]) expect(waitText(forms, s)).toBe(waitMessage(s));
    expect(waitText(hi, 600)).toBe("बहुत ज़्यादा कोशिशें हो गईं। कृपया 10 मिनट रुककर फिर से कोशिश करें।");
    expect(waitText(hi, 42)).toBe("बहुत ज़्यादा कोशिशें हो गईं। कृपया 42 सेकंड रुककर फिर से कोशिश करें।");
  });
});

describe("the honeypot", () => {
  it("is filled by anything but whitespace", () => {
    expect(honeypotFilled({})).toBe(false);
    expect(honeypotFilled({ [HONEYPOT_FIELD]: "" })).toBe(false);
    expect(honeypotFilled({ [HONEYPOT_FIELD]: "  " })).toBe(false);
    expect(honeypotFilled({ [HONEYPOT_FIELD]: "https://spam.example" })).toBe(true);
    expect(honeypotFilled({ [HONEYPOT_FIELD]: 1 })).toBe(true);
  });
});
