/**
 * An account's signed-in sessions that have not expired: what Better Auth's
 * /list-sessions answers, read in one indexed query. The security page lists
 * them on every render; going through `auth.api.listSessions` cost a second
 * signed-cookie check and an endpoint dispatch (~0.6 ms of CPU) for a session
 * the request context had already read (ADR 0038).
 */
import type { Kysely } from "kysely";
import type { Database } from "~/infra/db/schema";

export interface ActiveSession {
  id: string;
  userAgent: string | null;
  createdAt: Date | string;
  expiresAt: Date | string;
}

export async function activeSessions(db: Kysely<Database>, userId: string, now = new Date()): Promise<ActiveSession[]> {
  return db
    .selectFrom("session")
    .select(["id", "userAgent", "createdAt", "expiresAt"])
    .where("userId", "=", userId)
    .where("expiresAt", ">", now.toISOString())
    .execute();
}

/**
 * The most sessions an account holds at once. Better Auth reads an account's
 * sessions a hundred at a time (its `findMany` default) where it ends them
 * all, "Sign out everywhere else" and a password change among them, and runs
 * the hooks that forget cached sessions only for those it read: an account
 * with more sessions kept its newest signed in (a security review made 101,
 * and the last two survived "Sign out everywhere else").
 */
export const MAX_SESSIONS_PER_ACCOUNT = 50;

export interface EndedSession {
  id: string;
  token: string;
  userId: string;
  createdAt: Date | string;
}

/**
 * Ends the account's sessions beyond the newest `keep`, and those that have
 * expired (nothing else removes them), and returns them, so the caller can do
 * what ending a session does (forget it in the session cache, tell token sync).
 * Called as each session is made.
 */
export async function endSurplusSessions(db: Kysely<Database>, userId: string, now = new Date(), keep = MAX_SESSIONS_PER_ACCOUNT): Promise<EndedSession[]> {
  const rows = await db
    .selectFrom("session")
    .select(["id", "token", "userId", "createdAt", "expiresAt"])
    .where("userId", "=", userId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .execute();
  const ended = rows.filter((row, newest) => newest >= keep || new Date(row.expiresAt) <= now);
  if (ended.length === 0) return [];
  await db
    .deleteFrom("session")
    .where(
      "id",
      "in",
      ended.map((row) => row.id),
    )
    .execute();
  return ended.map(({ id, token, userId: owner, createdAt }) => ({ id, token, userId: owner, createdAt }));
}
