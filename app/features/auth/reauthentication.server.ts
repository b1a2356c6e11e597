/**
 * Re-authentication before security changes (ASVS 7.5.1, issue 19): changing
 * the password, turning two-factor on or off, new backup codes, adding or
 * removing a passkey, connecting or disconnecting Google or GitHub, and
 * signing out everywhere else need a sign-in within the last 15 minutes
 * (REAUTH_MINUTES), or a fresh proof that it is the owner: the password, a
 * code from the authenticator app, or a passkey (passkeys.server.ts).
 *
 * A proof is recorded on the session (`reauthenticatedAt`, a column Better
 * Auth keeps as an additional field); a session is fresh while its sign-in or
 * its last proof is within the window. The gate is a before hook on Better
 * Auth's own endpoints, so the pages' actions and the HTTP API are held alike.
 * (Account deletion asks for the password, or for a link mailed to the
 * owner, on every attempt: its own proof.)
 */
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, createAuthMiddleware, getSessionFromCtx, sessionMiddleware } from "better-auth/api";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { z } from "zod";
import type { Database } from "~/infra/db/schema";
import type { RateLimiter } from "~/infra/rate-limit/rate-limiter.server";
import { signInFailureChecks } from "~/infra/rate-limit/rules";
import { waitMessage } from "~/infra/http/responses";
import { clientIpOf } from "./client-ip";
import { claimCode } from "./two-factor.server";
import { storedAuthenticator } from "./two-factor-state.server";

/** Better Auth endpoints that change how an account signs in, or end its other sessions. */
export const REAUTH_PATHS: ReadonlySet<string> = new Set([
  "/change-password",
  "/two-factor/enable",
  "/two-factor/disable",
  "/two-factor/generate-backup-codes",
  // Reveals the secret; and a signed-in code confirms a setup (a sign-in's challenge has no session,
  // so the gate leaves it alone). A stale session must neither read a secret nor finish a setup (finding 4).
  "/two-factor/get-totp-uri",
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
  // Signing out one other device, as everywhere else at once (finding 15): a borrowed browser must not
  // be able to end its owner's session on the phone they would notice it from.
  "/revoke-session",
  "/passkey/registration-options",
  "/passkey/register",
  "/passkey/delete",
  "/link-social",
  "/unlink-account",
  "/revoke-other-sessions",
  "/revoke-sessions",
]);

export const REAUTH_CODE = "REAUTHENTICATION_REQUIRED";

export const REAUTH_MESSAGES = {
  required: "For your security, confirm it's you before changing how you sign in.",
  wrongPassword: "That password is not correct.",
  wrongCode: "That code is not right. Check your authenticator app and try again.",
  nothingGiven: "Enter your password or a code from your authenticator app.",
  locked: "Too many failed verification attempts. Your account is temporarily locked. Please try again later.",
  confirmed: "Thanks, that's you. You can change your security settings for the next 15 minutes.",
} as const;

interface SessionTimes {
  createdAt: Date | string;
  reauthenticatedAt?: Date | string | null;
}

/** When the session's owner last proved it is them: its sign-in, or a later re-authentication. */
export function lastProofAt(session: SessionTimes): number {
  const signedIn = new Date(session.createdAt).getTime();
  const proved = session.reauthenticatedAt ? new Date(session.reauthenticatedAt).getTime() : 0;
  return Math.max(signedIn, Number.isFinite(proved) ? proved : 0);
}

/** Seconds the session stays fresh enough for security changes (0: it needs a re-authentication). */
export function freshForS(session: SessionTimes, windowS: number, now = Date.now()): number {
  return Math.max(0, Math.floor((lastProofAt(session) + windowS * 1000 - now) / 1000));
}

export function reauthRequired(): APIError {
  return new APIError("FORBIDDEN", { code: REAUTH_CODE, message: REAUTH_MESSAGES.required });
}

/** Records a proof on the session behind `token` (the passkey plugin calls it too). */
export async function markReauthenticated(
  ctx: { context: { internalAdapter: { updateSession: (token: string, data: Record<string, unknown>) => Promise<unknown> } } },
  token: string,
): Promise<void> {
  await ctx.context.internalAdapter.updateSession(token, { reauthenticatedAt: new Date() });
}

/** Better Auth's two-factor lock: ten wrong codes in a row lock the account's codes for 15 minutes. */
const CODE_LOCK = { maxFailedAttempts: 10, durationMs: 15 * 60_000 } as const;

function isLocked(lockedUntil: Date | string | null | undefined, now = Date.now()): boolean {
  return Boolean(lockedUntil) && new Date(lockedUntil!).getTime() > now;
}

/**
 * Counts a wrong code into the same row Better Auth's challenge counts into
 * (`twoFactor.failedVerificationCount`, `lockedUntil`): one increment in SQL,
 * so racing requests cannot lose one.
 */
async function recordWrongCode(db: Kysely<Database>, factorId: string): Promise<void> {
  const row = await db
    .updateTable("twoFactor")
    .set((eb) => ({ failedVerificationCount: eb(eb.fn.coalesce("failedVerificationCount", eb.lit(0)), "+", 1) }))
    .where("id", "=", factorId)
    .returning("failedVerificationCount")
    .executeTakeFirst();
  if ((row?.failedVerificationCount ?? 0) >= CODE_LOCK.maxFailedAttempts) {
    await db
      .updateTable("twoFactor")
      .set({ lockedUntil: new Date(Date.now() + CODE_LOCK.durationMs).toISOString() })
      .where("id", "=", factorId)
      .execute();
  }
}

export interface ReauthDeps {
  db: Kysely<Database>;
  limiter: RateLimiter;
  windowS: number;
  log?: Logger;
}

export function reauthentication({ db, limiter, windowS, log }: ReauthDeps) {
  /**
   * POST /reauthenticate: the password, or a code from the authenticator app.
   * A wrong one counts against the address like a failed sign-in, so a
   * borrowed, signed-in browser cannot be used to guess the password.
   */
  const reauthenticate = createAuthEndpoint(
    "/reauthenticate",
    {
      method: "POST",
      use: [sessionMiddleware],
      body: z.object({ password: z.string().max(128).optional(), code: z.string().max(32).optional() }),
    },
    async (ctx) => {
      const { session, user } = ctx.context.session;
      // The failed sign-ins of the session's address, from this client and from everywhere (finding 5):
      // a session used from many addresses cannot guess the password or the code without end.
      const checks = signInFailureChecks(user.email.toLowerCase(), clientIpOf(ctx.headers));
      const limited = await limiter.exhausted(checks).catch(() => ({ allowed: true }) as const);
      if (!limited.allowed)
        throw new APIError(
          "TOO_MANY_REQUESTS",
          { code: "RATE_LIMITED", message: waitMessage(limited.retryAfterS) },
          { "Retry-After": String(limited.retryAfterS) },
        );
      const fail = async (code: string, message: string) => {
        await limiter.record(checks).catch((error: unknown) => log?.warn({ err: error }, "could not count a failed re-authentication"));
        throw new APIError("BAD_REQUEST", { code, message });
      };

      const password = ctx.body.password ?? "";
      const code = (ctx.body.code ?? "").replace(/\s+/g, "");
      if (password) {
        const credential = await ctx.context.internalAdapter.findCredentialAccount(user.id);
        const ok = credential?.password ? await ctx.context.password.verify({ hash: credential.password, password }) : false;
        if (!ok) return fail("INVALID_PASSWORD", REAUTH_MESSAGES.wrongPassword);
      } else if (code) {
        const factor = await db.selectFrom("twoFactor").select(["id", "secret", "verified", "lockedUntil"]).where("userId", "=", user.id).executeTakeFirst();
        if (!factor || factor.verified === false || factor.verified === 0) return fail("INVALID_CODE", REAUTH_MESSAGES.wrongCode);
        // The account's lock after ten wrong codes in a row is the sign-in challenge's too (finding 5).
        if (isLocked(factor.lockedUntil)) throw new APIError("TOO_MANY_REQUESTS", { code: "ACCOUNT_TEMPORARILY_LOCKED", message: REAUTH_MESSAGES.locked });
        // Checked as Better Auth's /two-factor/verify-totp checks it: the same key, library and window.
        const authenticator = await storedAuthenticator(ctx.context.secretConfig, factor.secret);
        if (!(await authenticator.verify(code))) {
          await recordWrongCode(db, factor.id);
          return fail("INVALID_CODE", REAUTH_MESSAGES.wrongCode);
        }
        if (!(await claimCode(db, user.id, code))) return fail("CODE_ALREADY_USED", REAUTH_MESSAGES.wrongCode);
        await db.updateTable("twoFactor").set({ failedVerificationCount: 0, lockedUntil: null }).where("id", "=", factor.id).execute();
      } else {
        throw new APIError("BAD_REQUEST", { code: "NOTHING_GIVEN", message: REAUTH_MESSAGES.nothingGiven });
      }
      await markReauthenticated(ctx, session.token);
      return ctx.json({ status: true, freshForS: windowS });
    },
  );

  return {
    id: "reauthentication",
    endpoints: { reauthenticate },
    schema: {
      session: { fields: { reauthenticatedAt: { type: "date", required: false, input: false } } },
    },
    hooks: {
      before: [
        {
          matcher: (ctx) => REAUTH_PATHS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const current = await getSessionFromCtx(ctx, { disableCookieCache: true }).catch(() => null);
            // No session: the endpoint itself refuses (401).
            if (current && freshForS(current.session as SessionTimes, windowS) === 0) throw reauthRequired();
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
