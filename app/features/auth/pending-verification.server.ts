/**
 * The pending-verification cookie: proof that this browser just signed up
 * (or signed in with the right password to an unverified account), which is
 * what the spec's "currently signed in user" means for resending the
 * verification email. Without it, resend answers 'No user is currently
 * signed in' for every address, so it reveals nothing about who has an
 * account.
 *
 * A sign-up for an address that already has an account gets a look-alike
 * response from Better Auth with an id that exists nowhere. Its cookie carries
 * its own attempt count and time, so resending behaves exactly as it would for
 * a real new account, and still reveals nothing.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { AUTH_COOKIE_PREFIX } from "./cookie";

export const PENDING_COOKIE = `${AUTH_COOKIE_PREFIX}.pending_verification`;
const MAX_AGE_S = 24 * 60 * 60;

export interface PendingVerification {
  userId: string;
  email: string;
  /** For ids that exist nowhere: the simulated attempt count and last send time. */
  attempts: number;
  sentAt: number;
}

function sign(payload: string, secret: string): string {
  return createHmac("sha256", `${secret}:pending-verification`).update(payload).digest("base64url");
}

export function encodePending(value: PendingVerification, secret: string, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ ...value, exp: now + MAX_AGE_S * 1000 })).toString("base64url");
  return `${payload}.${sign(payload, secret)}`;
}

export function decodePending(raw: string | undefined, secret: string, now = Date.now()): PendingVerification | null {
  if (!raw) return null;
  const [payload, signature] = raw.split(".");
  if (!payload || !signature) return null;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const data = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as PendingVerification & { exp: number };
    if (typeof data.exp !== "number" || data.exp < now) return null;
    if (typeof data.userId !== "string" || typeof data.email !== "string") return null;
    return { userId: data.userId, email: data.email, attempts: Number(data.attempts) || 0, sentAt: Number(data.sentAt) || 0 };
  } catch {
    return null;
  }
}

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie") ?? "";
  for (const part of header.split(/;\s*/)) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq) === name) return decodeURIComponent(part.slice(eq + 1));
  }
  return undefined;
}

export function pendingCookieHeader(value: string, secure: boolean): string {
  return [`${PENDING_COOKIE}=${encodeURIComponent(value)}`, "Path=/api/auth", `Max-Age=${MAX_AGE_S}`, "HttpOnly", "SameSite=Lax", ...(secure ? ["Secure"] : [])].join("; ");
}

export function clearPendingCookieHeader(secure: boolean): string {
  return [`${PENDING_COOKIE}=`, "Path=/api/auth", "Max-Age=0", "HttpOnly", "SameSite=Lax", ...(secure ? ["Secure"] : [])].join("; ");
}
