/**
 * An account's signed-in sessions that have not expired: what Better Auth's
 * /list-sessions answers, read in one indexed query. The security page lists
 * them on every render; going through `auth.api.listSessions` cost a second
 * signed-cookie check and an endpoint dispatch (~0.6 ms of CPU) for a session
 * the request context had already read (ADR 0038).
 */
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "~/infra/db/schema";
import { createdInThisRequest } from "./token-sync-events.server";

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
 * sessions a thousand at a time (auth.server.ts; a hundred by default) where
 * it ends them all, "Sign out everywhere else" and a password change among
 * them, and runs the hooks that forget cached sessions only for those it
 * read: an account with more kept its newest signed in (a security review
 * made 101 against the default, and the last two survived).
 */
export const MAX_SESSIONS_PER_ACCOUNT = 50;
/** The rows looked at for one new session: a backlog from before the cap goes a thousand at a time. */
const ROWS_AT_MOST = 1000;

export interface EndedSession {
  id: string;
  token: string;
  userId: string;
  /** It had expired by itself: nobody need hear that it ended. */
  expired: boolean;
}

/**
 * Ends the account's live sessions beyond the newest `keep`, and its expired
 * ones (nothing else removes them), and returns those this call deleted (a
 * concurrent call gets the others), so the caller can do what ending a
 * session does (forget it in the session cache, tell token sync).
 */
export async function endSurplusSessions(db: Kysely<Database>, userId: string, now = new Date(), keep = MAX_SESSIONS_PER_ACCOUNT): Promise<EndedSession[]> {
  const rows = await db
    .selectFrom("session")
    .select(["id", "token", "userId", "expiresAt"])
    .where("userId", "=", userId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(ROWS_AT_MOST)
    .execute();
  const expired = (row: { expiresAt: Date | string }) => new Date(row.expiresAt) <= now;
  const surplus = [...rows.filter((row) => !expired(row)).slice(keep), ...rows.filter(expired)];
  if (surplus.length === 0) return [];
  const deleted = await db
    .deleteFrom("session")
    .where(
      "id",
      "in",
      surplus.map((row) => row.id),
    )
    .returning("id")
    .execute();
  const gone = new Set(deleted.map((row) => row.id));
  return surplus
    .filter((row) => gone.has(row.id))
    .map(({ id, token, userId: owner, expiresAt }) => ({ id, token, userId: owner, expired: expired({ expiresAt }) }));
}

/**
 * The cap as a Better Auth plugin: after a request that made a session that
 * stays (registered after every plugin that can still turn a sign-in into a
 * two-factor challenge, so a challenge's passing session does not count and
 * cannot push the owner's out). It never fails the sign-in it follows.
 */
export function sessionCap({ db, log, onEnded }: { db: Kysely<Database>; log?: Logger; onEnded: (session: EndedSession) => void }) {
  return {
    id: "session-cap",
    hooks: {
      after: [
        {
          matcher: () => true,
          handler: createAuthMiddleware(async (ctx) => {
            const made = ctx.context.newSession;
            // A session made here, not a refresh of one (which sets newSession too).
            if (!made || !createdInThisRequest(ctx, made.session.id)) return;
            try {
              for (const ended of await endSurplusSessions(db, made.user.id)) onEnded(ended);
            } catch (error) {
              log?.warn({ err: error, userId: made.user.id }, "could not end an account's surplus sessions");
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
