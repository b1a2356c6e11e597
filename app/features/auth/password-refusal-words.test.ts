import { describe, expect, it } from "vitest";
import { auth as english } from "~/shared/i18n/catalog/auth";
import { auth as hindi } from "~/shared/i18n/hi/auth";
import { passwordRefusalWords } from "./password-refusal-words";

describe("passwordRefusalWords: one map for sign-up, the reset page and the security page", () => {
  it("names each refusal of a chosen password in the page's language", () => {
    for (const t of [english, hindi]) {
      expect(passwordRefusalWords("PASSWORD_COMMON", t)).toBe(t.password.common);
      expect(passwordRefusalWords("PASSWORD_BRAND", t)).toBe(t.password.brand);
      expect(passwordRefusalWords("PASSWORD_BREACHED", t)).toBe(t.password.breached);
      expect(passwordRefusalWords("PASSWORD_TOO_LONG", t)).toBe(t.fields.tooLong);
      expect(passwordRefusalWords("PASSWORD_TOO_SHORT", t, 8)).toBe(t.fields.tooShort.replace("{min}", "8"));
    }
    expect(passwordRefusalWords("PASSWORD_BREACHED", hindi)).not.toBe(english.password.breached);
  });

  it("says nothing for other codes, or for a length refusal without the length", () => {
    expect(passwordRefusalWords("INVALID_PASSWORD", english)).toBeUndefined();
    expect(passwordRefusalWords(undefined, english)).toBeUndefined();
    expect(passwordRefusalWords("PASSWORD_TOO_SHORT", english)).toBeUndefined();
  });
});
