/**
 * The flash cookie (shared/lib/flash.ts): one message for the next page, set
 * on a redirect and cleared by the page that shows it. Signed with AUTH_SECRET
 * (HMAC-SHA-256), so a crafted cookie cannot put words on our pages; a minute
 * long, HttpOnly, SameSite=Lax. A request that carries one is always rendered
 * (never a prerendered file or a replayed answer), so the message appears.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { site } from "~/config/site";
import { type Flash, FLASH_KINDS } from "~/shared/lib/flash";

export const FLASH_COOKIE = `${site.slug}.flash`;
const MAX_AGE_S = 60;
const NAME_MAX = 80;

function sign(secret: string, payload: string): string {
  return createHmac("sha256", secret).update(`flash:${payload}`).digest("base64url");
}

/** The cookie's value for `flash`: payload and signature. */
function flashCookieValue(secret: string, flash: Flash): string {
  const payload = Buffer.from(JSON.stringify({ k: flash.kind, n: flash.name?.slice(0, NAME_MAX) })).toString("base64url");
  return `${payload}.${sign(secret, payload)}`;
}

/**
 * Leaves `flash` for the page an answer leads to, through code that sets
 * cookies its own way (Better Auth's hooks: `ctx.setCookie`).
 */
export function setFlashCookie(
  target: { setCookie(name: string, value: string, options: { path: string; maxAge: number; httpOnly: boolean; sameSite: "lax"; secure: boolean }): unknown },
  secret: string,
  flash: Flash,
  secure: boolean,
): void {
  target.setCookie(FLASH_COOKIE, flashCookieValue(secret, flash), { path: "/", maxAge: MAX_AGE_S, httpOnly: true, sameSite: "lax", secure });
}

/** The Set-Cookie header that carries `flash` to the next page. */
export function flashCookie(secret: string, flash: Flash, secure: boolean): string {
  return `${FLASH_COOKIE}=${flashCookieValue(secret, flash)}; Path=/; Max-Age=${MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function clearFlashCookie(secure: boolean): string {
  return `${FLASH_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

const PRESENT = new RegExp(`(?:^|;)\\s*${FLASH_COOKIE.replace(/[.]/g, "\\.")}=[^;\\s]`);

/** Whether the Cookie header carries a flash cookie with a value (a cleared one, sent by a client that keeps empty cookies, does not count). */
export function hasFlashCookie(cookieHeader: string | null | undefined): boolean {
  return Boolean(cookieHeader && PRESENT.test(cookieHeader));
}

/** The flash a Cookie header carries, if it is ours and well-formed. */
export function readFlash(cookieHeader: string | null | undefined, secret: string): Flash | null {
  if (!hasFlashCookie(cookieHeader)) return null;
  const raw = cookieHeader!
    .split(/;\s*/)
    .find((part) => part.startsWith(`${FLASH_COOKIE}=`))
    ?.slice(FLASH_COOKIE.length + 1);
  const [payload, signature] = raw?.split(".") ?? [];
  if (!payload || !signature) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const { k, n } = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { k?: unknown; n?: unknown };
    if (typeof k !== "string" || !FLASH_KINDS.includes(k as Flash["kind"])) return null;
    return { kind: k as Flash["kind"], ...(typeof n === "string" && n ? { name: n.slice(0, NAME_MAX) } : {}) };
  } catch {
    return null;
  }
}
