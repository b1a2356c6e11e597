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
 *
 * The cookie is one of Better Auth's (`createAuthCookie`, signed with its
 * secret by `setSignedCookie`); the value also carries its own expiry, so a
 * kept copy stops working after a day whatever the browser does.
 */
import type { HookContext } from "./known-device.server";
import type { VerificationState } from "./resend-verification";

export const PENDING_COOKIE = "pending_verification";
export const PENDING_MAX_AGE_S = 24 * 60 * 60;

export interface PendingVerification {
  userId: string;
  email: string;
  /** For ids that exist nowhere: the simulated attempt count and last send time. */
  attempts: number;
  sentAt: number;
}

export function encodePending(value: PendingVerification, now = Date.now()): string {
  return Buffer.from(JSON.stringify({ ...value, exp: now + PENDING_MAX_AGE_S * 1000 })).toString("base64url");
}

/** The cookie's value (already checked for its signature), or null when stale or malformed. */
export function decodePending(raw: string | false | null | undefined, now = Date.now()): PendingVerification | null {
  if (!raw) return null;
  try {
    const data = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as PendingVerification & { exp: number };
    if (typeof data.exp !== "number" || data.exp < now) return null;
    if (typeof data.userId !== "string" || typeof data.email !== "string") return null;
    return { userId: data.userId, email: data.email, attempts: Number(data.attempts) || 0, sentAt: Number(data.sentAt) || 0 };
  } catch {
    return null;
  }
}

/** What the resend rules see for a look-alike sign-up (its id exists nowhere): the cookie's own count and time. */
export function lookAlikeState(pending: PendingVerification): VerificationState {
  return { emailVerified: false, attempts: pending.attempts, sentAt: pending.sentAt || null };
}

/** Gives this browser the cookie (a day). */
export async function setPending(ctx: HookContext, value: PendingVerification): Promise<void> {
  const cookie = ctx.context.createAuthCookie(PENDING_COOKIE, { maxAge: PENDING_MAX_AGE_S });
  await ctx.setSignedCookie(cookie.name, encodePending(value), ctx.context.secret, { ...cookie.attributes, maxAge: PENDING_MAX_AGE_S });
}

/** This browser's cookie, if it has a good one. */
export async function readPending(ctx: HookContext): Promise<PendingVerification | null> {
  const cookie = ctx.context.createAuthCookie(PENDING_COOKIE);
  return decodePending(await ctx.getSignedCookie(cookie.name, ctx.context.secret));
}

export function clearPending(ctx: HookContext): void {
  const cookie = ctx.context.createAuthCookie(PENDING_COOKIE);
  ctx.setCookie(cookie.name, "", { ...cookie.attributes, maxAge: 0 });
}
