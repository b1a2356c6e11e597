import { symmetricEncrypt } from "better-auth/crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authenticatorFor } from "../../../tests/support/authenticator";
import { TOTP_ISSUER, withTwoFactorFlag } from "./two-factor.server";
import { storedAuthenticator } from "./two-factor-state.server";

const KEY = "a-test-auth-secret-of-32-characters!";
/** RFC 6238's SHA-1 seed, and its Base32. */
const SEED = "12345678901234567890";
const SEED_BASE32 = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
/** RFC 6238, appendix B (SHA-1): the time and its code's last six digits. */
const VECTORS = [
  [59, "287082"],
  [1_111_111_109, "081804"],
  [1_111_111_111, "050471"],
  [1_234_567_890, "005924"],
  [2_000_000_000, "279037"],
] as const;

const stored = async (secret: string) => storedAuthenticator(KEY, await symmetricEncrypt({ key: KEY, data: secret }));

describe("storedAuthenticator (the plugin's TOTP of a stored secret)", () => {
  afterEach(() => vi.useRealTimers());

  it("keys a secret Better Auth made by its UTF-8 bytes, and one imported as `base32:` by the key's bytes (any case)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    for (const secret of [SEED, `base32:${SEED_BASE32}`, `base32:${SEED_BASE32.toLowerCase()}`]) {
      const authenticator = await stored(secret);
      for (const [seconds, code] of VECTORS) {
        vi.setSystemTime(seconds * 1000);
        expect(await authenticator.totp(), `${secret} at ${seconds}`).toBe(code);
      }
    }
  });

  it("gives the app the key it verifies with: the otpauth URI's secret is the key's Base32", async () => {
    for (const secret of [SEED, `base32:${SEED_BASE32.toLowerCase()}`]) {
      const authenticator = await stored(secret);
      const uri = authenticator.url(TOTP_ISSUER, "asha@example.test");
      expect(uri.startsWith(`otpauth://totp/${encodeURIComponent(TOTP_ISSUER)}:asha%40example.test?`)).toBe(true);
      expect(Object.fromEntries(new URL(uri).searchParams)).toEqual({ secret: SEED_BASE32, issuer: TOTP_ISSUER, digits: "6", period: "30" });
      expect(await authenticator.verify(await authenticatorFor(uri).code())).toBe(true);
    }
  });

  it("accepts the current code and one step either side, nothing further", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.UTC(2026, 10, 23, 12, 0, 15));
    const step = Math.floor(Date.now() / 30_000);
    const authenticator = await stored("another-secret-of-32-characters!");
    for (const drift of [-1, 0, 1]) expect(await authenticator.verify(await authenticator.hotp(step + drift)), `${drift}`).toBe(true);
    for (const drift of [-2, 2]) expect(await authenticator.verify(await authenticator.hotp(step + drift)), `${drift}`).toBe(false);
    expect(await authenticator.verify((await authenticator.totp()).slice(1))).toBe(false);
  });
});

describe("withTwoFactorFlag (a provider sign-in's redirect, on to the code step)", () => {
  const APP = "http://localhost:3000";
  it("marks a path on this site and keeps it a path", () => {
    expect(withTwoFactorFlag("/hi/auth/complete?provider=github&via=popup", APP)).toBe("/hi/auth/complete?provider=github&via=popup&two-factor=1");
  });
  it("never returns a bare path that a browser reads as another host", () => {
    for (const location of ["/..//evil.example/x", "/.//evil.example"]) {
      const flagged = withTwoFactorFlag(location, APP);
      expect(new URL(flagged, APP).origin, location).toBe(APP);
    }
  });
});
