/**
 * What the operator console does to an account through Better Auth's own
 * adapter (so its database hooks run: token sync is told, the deletion
 * notice is mailed) rather than by writing the tables: end every session,
 * delete the account. And whether a password-reset link is still live, for
 * the page the link lands on. Routes call these; none reaches Better Auth's
 * internals itself (issue 42).
 */
import type { Auth } from "./auth.server";
import type { SessionCache } from "./session-cache.server";

/** Ends every session of the account; the cached ones go here and, with Redis, on every instance. */
export async function endAllSessions(auth: Auth, sessionCache: SessionCache, userId: string): Promise<void> {
  const ctx = await auth.$context;
  await ctx.internalAdapter.deleteUserSessions(userId);
  sessionCache.evictUser(userId);
}

/** Deletes the account as the person's own deletion does: sessions and sign-in methods with it. */
export async function deleteAccount(auth: Auth, userId: string): Promise<void> {
  const ctx = await auth.$context;
  await ctx.internalAdapter.deleteUser(userId);
}

/** Whether a reset link's token can still set a password (not used, not an hour old). */
export async function resetLinkIsLive(auth: Auth, token: string, now = new Date()): Promise<boolean> {
  const ctx = await auth.$context;
  const record = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return Boolean(record && new Date(record.expiresAt) > now);
}
