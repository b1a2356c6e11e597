/**
 * What was typed into the profile form when a save without JavaScript found
 * the session ended (issue 22). With scripts the page keeps such a draft in
 * the tab (profile-draft.ts); a plain post has only the server: it keeps the
 * allow-listed values for a day under a random id (Better Auth's verification
 * store, which already holds short-lived values on every database and in
 * Redis), and gives the browser that id in an HttpOnly cookie scoped to
 * /profile (/hi/profile from the Hindi page). The person signs in again,
 * lands on /profile?edit=1 (or its Hindi twin), and the
 * loader takes the draft once: it puts it back into the form if it was
 * typed against this same account (the form's hidden `owner`), else drops it.
 *
 * The post comes without a session, so anyone can send one: a draft is kept
 * only for an account that exists (the answer is the same either way), and at
 * most one per account (a newer one replaces it), so such posts cannot fill
 * the store. A stranger's post for someone's id can replace that person's
 * draft, which is then dropped (their browser holds the other key), never
 * filled with the stranger's words.
 */
import { randomBytes } from "node:crypto";
import { site } from "~/config/site";
import type { Auth } from "~/features/auth/index.server";
import { type Locale, localizedPath } from "~/shared/i18n/locale";
import { textOf } from "~/shared/lib/field-errors";
import { type ProfileDraft, typedValues } from "./profile-draft";

export const DRAFT_COOKIE = `${site.slug}.profile-draft`;
const MAX_AGE_S = 24 * 60 * 60;
const ID = /^[A-Za-z0-9_-]{32}$/;
/** One draft per account: the key the browser holds must match the stored one. */
const identifier = (userId: string) => `profile-draft:${userId}`;

/**
 * The draft cookie's path: the profile page in the language it was posted
 * from (/profile or /hi/profile), where the person comes back after signing in.
 */
function cookiePath(locale: Locale): string {
  return localizedPath("/profile", locale);
}

/** Keeps the posted form's values; answers the Set-Cookie header that names them for this browser. */
export async function keepServerDraft(auth: Auth, fields: Record<string, unknown>, secure: boolean, locale: Locale = "en"): Promise<string | null> {
  const owner = textOf(fields, "owner");
  if (!owner || owner.length > 64) return null;
  const ctx = await auth.$context;
  const key = randomBytes(24).toString("base64url");
  const cookie = `${DRAFT_COOKIE}=${key}; Path=${cookiePath(locale)}; Max-Age=${MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
  // Nothing kept for an account that does not exist, but the same answer: a post without a session
  // must not tell anyone which account ids are real.
  if (!(await ctx.internalAdapter.findUserById(owner))) return cookie;
  const draft = { userId: owner, version: textOf(fields, "version"), values: typedValues(fields), savedAt: Date.now() } satisfies ProfileDraft;
  await ctx.internalAdapter.deleteVerificationByIdentifier(identifier(owner)).catch(() => {});
  await ctx.internalAdapter.createVerificationValue({
    identifier: identifier(owner),
    value: JSON.stringify({ key, draft }),
    expiresAt: new Date(Date.now() + MAX_AGE_S * 1000),
  });
  return cookie;
}

/** The draft's key this browser holds. */
function cookieId(cookieHeader: string | null): string | null {
  const raw = cookieHeader
    ?.split(/;\s*/)
    .find((part) => part.startsWith(`${DRAFT_COOKIE}=`))
    ?.slice(DRAFT_COOKIE.length + 1);
  return raw && ID.test(raw) ? raw : null;
}

/**
 * The draft this browser left for `userId` (its cookie's key matches the
 * account's stored draft), taken once, and the header that clears the
 * cookie; null when the browser holds no draft cookie.
 */
export async function takeServerDraft(
  auth: Auth,
  cookieHeader: string | null,
  userId: string,
  secure: boolean,
  locale: Locale = "en",
): Promise<{ draft: ProfileDraft | null; clearCookie: string } | null> {
  const key = cookieId(cookieHeader);
  if (!key) return null;
  const clearCookie = `${DRAFT_COOKIE}=; Path=${cookiePath(locale)}; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
  const ctx = await auth.$context;
  const record = await ctx.internalAdapter.findVerificationValue(identifier(userId));
  if (!record || new Date(record.expiresAt) <= new Date()) return { draft: null, clearCookie };
  let stored: { key?: unknown; draft?: ProfileDraft } = {};
  try {
    stored = JSON.parse(record.value) as typeof stored;
  } catch {
    // not ours to read: dropped below
  }
  // Another browser's draft for this account (a different key) stays for that browser.
  if (stored.key !== key) return { draft: null, clearCookie };
  await ctx.internalAdapter.deleteVerificationByIdentifier(identifier(userId)).catch(() => {});
  return { draft: stored.draft?.userId === userId ? stored.draft : null, clearCookie };
}
