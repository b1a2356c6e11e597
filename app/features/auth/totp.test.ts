import { HOTP, Secret } from "otpauth";
import { describe, expect, it } from "vitest";
import { hotp, verifyTotp } from "./totp";

describe("totp", () => {
  it("gives the codes an authenticator app gives for the secret's UTF-8 bytes (RFC 4226/6238, as Better Auth keys it)", () => {
    const secret = "0123456789abcdefghijABCDEFGHIJ_-";
    const app = new HOTP({ secret: Secret.fromUTF8(secret), algorithm: "SHA1", digits: 6 });
    for (const counter of [0, 1, 59_000_000, 59_000_001]) expect(hotp(secret, counter)).toBe(app.generate({ counter }));
    // A Base32 secret (Better Auth's "base32:" form).
    const base32 = new Secret({ size: 20 });
    expect(hotp(`base32:${base32.base32}`, 7)).toBe(new HOTP({ secret: base32 }).generate({ counter: 7 }));
  });

  it("accepts the current code and one step either side, nothing further", () => {
    const secret = "another-secret-of-32-characters!";
    const now = Date.UTC(2026, 10, 23, 12, 0, 15);
    const step = Math.floor(now / 30_000);
    expect(verifyTotp(secret, hotp(secret, step), now)).toBe(true);
    expect(verifyTotp(secret, hotp(secret, step - 1), now)).toBe(true);
    expect(verifyTotp(secret, hotp(secret, step + 1), now)).toBe(true);
    expect(verifyTotp(secret, hotp(secret, step - 2), now)).toBe(false);
    expect(verifyTotp(secret, hotp(secret, step + 2), now)).toBe(false);
    expect(verifyTotp(secret, "12345", now)).toBe(false);
  });
});
