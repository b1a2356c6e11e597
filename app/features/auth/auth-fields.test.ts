import { describe, expect, it } from "vitest";
import { auth } from "~/shared/i18n/catalog/auth";
import { fill } from "~/shared/i18n/messages";
import { checkNewPassword, checkSecondFactor, checkSignIn, checkSignUp } from "./auth-fields";

const FIELD_MESSAGES = { ...auth.fields, tooShort: (min: number) => fill(auth.fields.tooShort, { min }) };

function formData(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

describe("the account forms' shared checks", () => {
  it("answer the same for the page's FormData and the action's parsed body", () => {
    const values = { email: " not-an-address ", password: "" };
    expect(checkSignIn(formData(values))).toEqual(checkSignIn(values));
    expect(checkSignIn(values)).toEqual({ email: FIELD_MESSAGES.emailInvalid, password: FIELD_MESSAGES.passwordMissing });
  });

  it("sign-up: every field's error at once; a good form has none", () => {
    expect(checkSignUp({ name: "x".repeat(101), email: "", password: "short" }, 8)).toEqual({
      name: "Name must be at most 100 characters.",
      email: FIELD_MESSAGES.emailMissing,
      password: FIELD_MESSAGES.tooShort(8),
    });
    expect(checkSignUp({ name: "", email: "asha@example.in", password: "long enough" }, 8)).toEqual({});
    // A field that is not text (a JSON number sent to the action) reads as empty, never throws.
    expect(checkSignUp({ email: 42, password: ["a"] }, 8)).toEqual({ email: FIELD_MESSAGES.emailMissing, password: FIELD_MESSAGES.newPasswordMissing });
  });

  it("the reset page says 'do not match' only about a password that is itself acceptable", () => {
    expect(checkNewPassword({ password: "short", confirm: "other" }, 8)).toEqual({ password: FIELD_MESSAGES.tooShort(8) });
    expect(checkNewPassword({ password: "long enough", confirm: "long enougH" }, 8)).toEqual({ confirm: FIELD_MESSAGES.mismatch });
    expect(checkNewPassword({ password: "long enough", confirm: "long enough" }, 8)).toEqual({});
  });

  it("the two-factor step asks for the code of the method in use", () => {
    expect(checkSecondFactor({ method: "totp", code: "  " }).code).toMatch(/authenticator app/);
    expect(checkSecondFactor({ method: "backup", code: "" }).code).toMatch(/backup code/);
    expect(checkSecondFactor({ method: "totp", code: "123 456" })).toEqual({});
    // Not six digits: said before anything is sent (no try spent on a typo); a backup code has its own shape.
    for (const typo of ["12345", "1234567", "abcdef", "12345a"])
      expect(checkSecondFactor({ method: "totp", code: typo }).code).toBe("Enter the 6-digit code from your authenticator app.");
    expect(checkSecondFactor({ method: "backup", code: "LhIlb-wLB9H" })).toEqual({});
  });
});
