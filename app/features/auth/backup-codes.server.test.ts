import { describe, expect, test } from "vitest";
import { BACKUP_CODE_ALPHABET, generateBackupCodes, storedFormOf } from "./backup-codes.server";

describe("storedFormOf: the stored code a typed one stands for", () => {
  const stored = ["k7m2-x9qp-4hrt", "aB3dE-f9Hk1", "ab3de-f9hk1"];

  test("case, spaces and dashes do not matter; fullwidth letters (NFKC) read as their plain ones", () => {
    expect(storedFormOf("K7M2 X9QP 4HRT", stored)).toBe("k7m2-x9qp-4hrt");
    expect(storedFormOf("k7m2x9qp4hrt", stored)).toBe("k7m2-x9qp-4hrt");
    expect(storedFormOf("ｋ７ｍ２－ｘ９ｑｐ－４ｈｒｔ", stored)).toBe("k7m2-x9qp-4hrt");
  });

  test("the exact code first: two old codes that differ only in case each stand for themselves", () => {
    expect(storedFormOf("aB3dE-f9Hk1", stored)).toBe("aB3dE-f9Hk1");
    expect(storedFormOf("ab3de-f9hk1", stored)).toBe("ab3de-f9hk1");
  });

  test("a character more or less, another letter, or nothing at all stands for no code", () => {
    expect(storedFormOf("k7m2-x9qp-4hr", stored)).toBeUndefined();
    expect(storedFormOf("k7m2-x9qp-4hrtz", stored)).toBeUndefined();
    expect(storedFormOf("k7m2-x9qp-4hrа", stored)).toBeUndefined(); // a Cyrillic а
    expect(storedFormOf("---", stored)).toBeUndefined();
    expect(storedFormOf("", stored)).toBeUndefined();
  });
});

test("ten different codes of three groups of four, from the alphabet without look-alikes", () => {
  const codes = generateBackupCodes();
  expect(new Set(codes).size).toBe(10);
  for (const code of codes) {
    expect(code).toMatch(/^\w{4}-\w{4}-\w{4}$/);
    for (const c of code.replace(/-/g, "")) expect(BACKUP_CODE_ALPHABET).toContain(c);
  }
  expect(BACKUP_CODE_ALPHABET).not.toMatch(/[01ilo]/);
});
