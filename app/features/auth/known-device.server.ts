/**
 * The known-device cookie: a signed list of short tags of the addresses that
 * signed in with this browser, each with the time it last did (no address in
 * clear, no IP). It exempts the owner's own browser from the password-reset
 * budget and, if it signed in since the password was last set, from the
 * address-wide failed-sign-in ceiling (sign-in-limits.server.ts: a browser
 * that once knew an old password must not guess the new one without limit),
 * and tells a sign-in from a device this account has not used before
 * (sign-in-events.server.ts).
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

export interface KnownAddress {
  tag: string;
  /** When this browser last signed in to it, in seconds since 1970 (0: a cookie from before this was kept). */
  since: number;
}

/** The addresses this browser signed in with (empty without a valid cookie). Items are `tag~seconds`. */
export async function knownAddresses(ctx: HookContext): Promise<KnownAddress[]> {
  const cookie = ctx.context.createAuthCookie(KNOWN_DEVICE_COOKIE);
  const value = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!value) return [];
  return value
    .split(".")
    .filter(Boolean)
    .map((item) => {
      const [tag = "", since = "0"] = item.split("~");
      return { tag, since: Number(since) || 0 };
    });
}

/** When this browser last signed in to `email` (seconds since 1970; 0 for an old cookie), or undefined if it never did. */
export async function knownSince(ctx: HookContext, email: string): Promise<number | undefined> {
  const tag = addressTag(email);
  return (await knownAddresses(ctx)).find((known) => known.tag === tag)?.since;
}

/** Whether this browser has signed in to `email`. */
export async function isKnownDevice(ctx: HookContext, email: string): Promise<boolean> {
  return (await knownSince(ctx, email)) !== undefined;
}

/** Remembers `email` on this browser, as of now (most recent first, at most five addresses). */
export async function rememberDevice(ctx: HookContext, email: string, now = Date.now()): Promise<void> {
  const tag = addressTag(email);
  const items = [{ tag, since: Math.floor(now / 1000) }, ...(await knownAddresses(ctx)).filter((known) => known.tag !== tag)].slice(0, KNOWN_DEVICE_ADDRESSES);
  const cookie = ctx.context.createAuthCookie(KNOWN_DEVICE_COOKIE, { maxAge: KNOWN_DEVICE_MAX_AGE_S });
  const value = items.map((known) => `${known.tag}~${known.since}`).join(".");
  await ctx.setSignedCookie(cookie.name, value, ctx.context.secret, { ...cookie.attributes, maxAge: KNOWN_DEVICE_MAX_AGE_S });
}
