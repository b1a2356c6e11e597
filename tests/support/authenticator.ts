/**
 * An authenticator app, for tests: a Base32 key in, codes out, computed with
 * the library Better Auth's two-factor plugin verifies them with
 * (`@better-auth/utils/otp`), so a test's code is the one a phone would show.
 */
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";

export interface Authenticator {
  /** The key it holds, Base32 without spaces. */
  readonly key: string;
  /** The code of the 30-second step `steps` away from now (0: the one it shows now). */
  code(steps?: number): Promise<string>;
}

/** An app holding `key`: an otpauth URI's `secret`, or the setup key as the security page shows it, spaces and all. */
export function authenticator(key: string, options: { digits?: number; period?: number } = {}): Authenticator {
  const plain = key.replace(/\s+/g, "").toUpperCase();
  const digits = options.digits ?? 6;
  const period = options.period ?? 30;
  const otp = createOTP(base32.decode(plain), { digits, period });
  return { key: plain, code: (steps = 0) => otp.hotp(Math.floor(Date.now() / 1000 / period) + steps) };
}

/** An app that scanned the QR code of `totpURI` (its secret, digits and period). */
export function authenticatorFor(totpURI: string): Authenticator {
  const params = new URL(totpURI).searchParams;
  const number = (name: string) => (params.has(name) ? Number(params.get(name)) : undefined);
  return authenticator(params.get("secret") ?? "", { digits: number("digits"), period: number("period") });
}
