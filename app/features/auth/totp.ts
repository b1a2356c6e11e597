/**
 * TOTP (RFC 6238) as Better Auth's two-factor plugin computes it: HMAC-SHA-1
 * over the 30 s step, six digits, the secret's UTF-8 bytes as the key (a
 * `base32:` prefix means a Base32 secret), one step of drift either way.
 * Used where we check a code ourselves (re-authentication); sign-in codes go
 * through Better Auth's own endpoint.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

const PERIOD_S = 30;
const DIGITS = 6;
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/=+$/, "").toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index < 0) continue;
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

function keyOf(secret: string): Buffer {
  return secret.startsWith("base32:") ? base32Decode(secret.slice(7)) : Buffer.from(secret, "utf8");
}

/** The code for time step `counter`. */
export function hotp(secret: string, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", keyOf(secret)).update(message).digest();
  const offset = mac[mac.length - 1]! & 15;
  const binary = ((mac[offset]! & 127) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** DIGITS).padStart(DIGITS, "0");
}

/** Whether `code` is the current code of `secret`, or the one just before or after it. */
export function verifyTotp(secret: string, code: string, now = Date.now()): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  const step = Math.floor(now / 1000 / PERIOD_S);
  let matched = false;
  for (const drift of [-1, 0, 1]) {
    matched = timingSafeEqual(Buffer.from(hotp(secret, step + drift)), Buffer.from(code)) || matched;
  }
  return matched;
}
