import { describe, expect, it } from "vitest";
import { clearFlashCookie, FLASH_COOKIE, flashCookie, hasFlashCookie, readFlash } from "./flash.server";

const SECRET = "flash-test-secret-flash-test-secret";
const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;

describe("flash cookie", () => {
  it("is present only with a value, under its own name", () => {
    expect(hasFlashCookie(`a=b; ${FLASH_COOKIE}=x.y`)).toBe(true);
    expect(hasFlashCookie(`${FLASH_COOKIE}=x.y`)).toBe(true);
    expect(hasFlashCookie(`a=b; ${FLASH_COOKIE}=`)).toBe(false);
    expect(hasFlashCookie(`a=b; ${FLASH_COOKIE}=; c=d`)).toBe(false);
    expect(hasFlashCookie(`other${FLASH_COOKIE}=x`)).toBe(false);
    expect(hasFlashCookie(null)).toBe(false);
  });

  it("carries a kind and a name to the next page, signed", () => {
    const header = flashCookie(SECRET, { kind: "signed-in", name: "Asha Verma" }, true);
    expect(header).toMatch(/HttpOnly; SameSite=Lax; Secure$/);
    expect(header).toContain("Max-Age=60");
    expect(readFlash(`a=b; ${cookieOf(header)}`, SECRET)).toEqual({ kind: "signed-in", name: "Asha Verma" });
  });

  it("refuses a forged or foreign cookie, and unknown kinds", () => {
    const header = cookieOf(flashCookie(SECRET, { kind: "signed-out" }, false));
    expect(readFlash(header, "another-secret-another-secret-another")).toBeNull();
    const forged = `${FLASH_COOKIE}=${Buffer.from(JSON.stringify({ k: "signed-in", n: "<script>" })).toString("base64url")}.bad`;
    expect(readFlash(forged, SECRET)).toBeNull();
    expect(readFlash(`${FLASH_COOKIE}=garbage`, SECRET)).toBeNull();
    expect(readFlash(null, SECRET)).toBeNull();
    expect(clearFlashCookie(false)).toContain("Max-Age=0");
  });
});
