/**
 * The known-device cookie: a signed list of short tags of the addresses that
 * signed in with this browser (no address in clear, no IP). It exempts the
 * owner's own browser from the address-wide failed-sign-in ceiling and from
 * the password-reset budget (sign-in-limits.server.ts), and tells a sign-in
 * from a device this account has not used before (sign-in-events.server.ts).
 */
import { createHash } from "node:crypto";
import type { createAuthMiddleware } from "better-auth/api";

export type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

const KNOWN_DEVICE_COOKIE = "known_device";
const KNOWN_DEVICE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** Addresses one browser is remembered for (a shared family computer). */
const KNOWN_DEVICE_ADDRESSES = 5;

/** A short, stable tag of an address (lower case): what the cookie holds instead of the address. */
export function addressTag(email: string): string {
  return createHash("sha256").update(email.toLowerCase()).digest("base64url").slice(0, 16);
}

/** The tags of the addresses this browser signed in with (empty without a valid cookie). */
export async function knownAddresses(ctx: HookContext): Promise<string[]> {
  const cookie = ctx.context.createAuthCookie(KNOWN_DEVICE_COOKIE);
  const value = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  return value ? value.split(".").filter(Boolean) : [];
}

export async function isKnownDevice(ctx: HookContext, email: string): Promise<boolean> {
  return (await knownAddresses(ctx)).includes(addressTag(email));
}

/** Remembers `email` on this browser (most recent first, at most five addresses). */
export async function rememberDevice(ctx: HookContext, email: string): Promise<void> {
  const tag = addressTag(email);
  const tags = [tag, ...(await knownAddresses(ctx)).filter((t) => t !== tag)].slice(0, KNOWN_DEVICE_ADDRESSES);
  const cookie = ctx.context.createAuthCookie(KNOWN_DEVICE_COOKIE, { maxAge: KNOWN_DEVICE_MAX_AGE_S });
  await ctx.setSignedCookie(cookie.name, tags.join("."), ctx.context.secret, { ...cookie.attributes, maxAge: KNOWN_DEVICE_MAX_AGE_S });
}
