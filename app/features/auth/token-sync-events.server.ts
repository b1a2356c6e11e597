/**
 * What TOKEN_SYNC_URL hears of sign-ins (features/token-sync): a session made
 * in this request that is still there when the request ends, of a verified
 * account (issue 38, finding 13). Announcing from the session hook told the
 * receiver about sessions two-factor replaced a moment later (only the
 * password was right) and about unverified accounts' sessions.
 *
 * The session hook notes the ids it creates on the request's context; the
 * after hook, registered after everything that can still replace a session
 * with a challenge, announces the one that stayed. A password change's or a
 * two-factor change's fresh session stays and is announced too (the receiver
 * learns the new `sid`); a refresh of a session is not a new one.
 */
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import type { TokenSync } from "~/features/token-sync/index.server";

const CREATED = Symbol("sessions-created-in-this-request");
type WithCreated = { [CREATED]?: Set<string> };

/** The session hook: this request created session `id`. */
export function noteCreatedSession(context: { context: object } | null | undefined, id: string): void {
  if (!context) return;
  const holder = context.context as WithCreated;
  (holder[CREATED] ??= new Set()).add(id);
}

/** Whether this request created session `id` (not a refresh of one, which also sets `newSession`). */
export function createdInThisRequest(context: { context: object }, id: string): boolean {
  return (context.context as WithCreated)[CREATED]?.has(id) ?? false;
}

export function tokenSyncAnnouncements(tokenSync: TokenSync | undefined) {
  return {
    id: "token-sync-announcements",
    hooks: {
      after: [
        {
          matcher: () => tokenSync !== undefined,
          handler: createAuthMiddleware(async (ctx) => {
            const made = ctx.context.newSession;
            if (!made || !made.user.emailVerified) return;
            if (!createdInThisRequest(ctx, made.session.id)) return;
            // Sent in the background, never awaited (sync-client.server.ts).
            tokenSync?.signedIn(made.session, made.user.email);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
