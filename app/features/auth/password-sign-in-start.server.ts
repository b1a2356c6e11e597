/**
 * A password sign-in reads the account, spends up to a second hashing, and
 * then makes a session. One that began before the password was set again (a
 * reset, a change, a sign-up's password dropped) would check the old password
 * and make its session after the change had signed every device out: an
 * attacker who kept signing in with a password its owner just reset kept a
 * session (a security review's finding). So the sign-in's start is noted on
 * the request, and the session hook refuses a session from a sign-in that
 * began before the password's row last changed.
 */
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import type { Kysely } from "kysely";
import type { Database } from "~/infra/db/schema";
import { passwordSetAt } from "./account-store.server";

const STARTED = Symbol("password-sign-in-started");
type WithStart = { [STARTED]?: number };

/** Notes when this request's password sign-in began (before Better Auth reads the account). */
export function passwordSignInStart() {
  return {
    id: "password-sign-in-start",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/sign-in/email",
          handler: createAuthMiddleware(async (ctx) => {
            (ctx.context as WithStart)[STARTED] = Date.now();
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

/** The session hook: refuses the session of a password sign-in that began before the password was last set. */
export async function refuseSessionFromOldPassword(db: Kysely<Database>, context: { context: object } | null | undefined, userId: string) {
  const started = context ? (context.context as WithStart)[STARTED] : undefined;
  if (started === undefined) return;
  if ((await passwordSetAt(db, { userId })) > started) {
    // As a wrong password answers: it was one, a moment ago.
    throw new APIError("UNAUTHORIZED", { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" });
  }
}
