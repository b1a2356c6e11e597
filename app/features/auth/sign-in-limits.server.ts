/**
 * How often anyone may try, as a Better Auth plugin: it runs inside Better
 * Auth, for its HTTP endpoints (/api/auth/*) and for our route actions'
 * `auth.api.*` calls alike.
 *
 *   - rate limits per client IP and per address before an endpoint
 *     (rules.ts); a password reset's address budget spares the owner's own
 *     browser, and once it is used up the answer is Better Auth's usual one
 *     and nothing is sent
 *   - failed sign-ins: an address that too many wrong passwords were tried
 *     against, from this IP or (for unknown browsers) from everywhere, waits
 *     (rules.ts, SIGN_IN_FAILURES); a wrong password counts, the right one
 *     clears the counters (the known-device cookie that exempts the owner's
 *     browser is set once the sign-in completes: sign-in-events.server.ts)
 *   - a wrong password given to a signed-in endpoint (two-factor's set-up, a
 *     password change) counts as a failed sign-in of the session's address
 *
 * A limiter that cannot be reached lets the request through: accounts matter
 * more than a perfect limit. The client's IP comes from the header our
 * callers set (client-ip.ts).
 */
import type { BetterAuthPlugin } from "better-auth";
import type { Kysely } from "kysely";
import type { Database } from "~/infra/db/schema";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import type { Logger } from "pino";
import { waitMessage } from "~/infra/http/responses";
import { ALLOWED, type Check, type Decision, type RateLimiter } from "~/infra/rate-limit/rate-limiter.server";
import { checksFor, type Rule, RULES, SIGN_IN_FAILURES, signInFailureChecks, signInFailureKeys } from "~/infra/rate-limit/rules";
import { mailboxKey } from "~/shared/lib/mailbox";
import { clientIpOf } from "./client-ip";
import { passwordSetAt } from "./account-store.server";
import { addressTag, type HookContext, isKnownDevice, knownSince } from "./known-device.server";
import { bodyAddress } from "./request-address";

export interface SignInLimitsDeps {
  db: Kysely<Database>;
  limiter: RateLimiter;
  log?: Logger;
}

/**
 * The owner's browser: it signed in to the address since the password was last set (a browser that
 * once knew an old password is not one). Asks the database only for a browser that knows the address.
 */
async function signedInSincePasswordSet(ctx: HookContext, db: Kysely<Database>, email: string): Promise<boolean> {
  const since = await knownSince(ctx, email);
  return since !== undefined && since >= Math.floor((await passwordSetAt(db, { email })) / 1000);
}

const RULE_BY_PATH: Record<string, Rule> = {
  "/sign-in/email": RULES.signIn,
  "/sign-up/email": RULES.signUp,
  "/request-password-reset": RULES.passwordReset,
  "/reset-password": RULES.resetPassword,
  "/sign-in/social": RULES.socialSignIn,
  "/sign-in/oauth2": RULES.socialSignIn,
  "/resend-verification": RULES.resendVerification,
  "/change-password": RULES.changePassword,
  // Codes after a first factor: each guess is held to the sign-in ceiling of its address (and the challenge's five).
  "/two-factor/verify-totp": RULES.signIn,
  "/two-factor/verify-backup-code": RULES.signIn,
  "/link-social": RULES.socialSignIn,
};

/**
 * Endpoints that check the signed-in account's password. A wrong one counts as
 * a failed sign-in of the session's address, from this client and from
 * everywhere, as /reauthenticate's does (reauthentication.server.ts): a
 * borrowed browser in its fresh quarter of an hour must not be able to guess
 * the password through two-factor's set-up (which answers a right guess with
 * the secret) any more than through signing in.
 */
const SESSION_PASSWORD_PATHS: ReadonlySet<string> = new Set([
  "/change-password",
  "/two-factor/get-totp-uri",
  "/two-factor/enable",
  "/two-factor/disable",
  "/two-factor/generate-backup-codes",
]);

/**
 * Better Auth's answer to /request-password-reset, whether or not the address
 * has an account: also what an exhausted address budget answers, so that a
 * stranger who used the budget up learns nothing (no 429 saying it worked).
 */
export const RESET_REQUESTED = { status: true, message: "If this email exists in our system, check your email for the reset link" } as const;

function rateLimited(decision: Extract<Decision, { allowed: false }>): APIError {
  return new APIError(
    "TOO_MANY_REQUESTS",
    { code: "RATE_LIMITED", message: waitMessage(decision.retryAfterS) },
    { "Retry-After": String(decision.retryAfterS) },
  );
}

async function sessionAddress(ctx: HookContext): Promise<string | undefined> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  return session ? session.user.email.toLowerCase() : undefined;
}

/**
 * The owner's own browser: it signed in to the address before (the
 * known-device cookie), or is signed in to it now.
 */
async function isOwnersBrowser(ctx: HookContext, email: string): Promise<boolean> {
  if (await isKnownDevice(ctx, email)) return true;
  return (await sessionAddress(ctx)) === email;
}

export function signInLimits({ db, limiter, log }: SignInLimitsDeps) {
  /** A limiter that cannot be reached lets the request through: accounts matter more than a perfect limit. */
  async function decide(run: () => Promise<Decision>): Promise<Decision> {
    try {
      return await run();
    } catch (error) {
      log?.warn({ err: error }, "rate limit store unavailable; letting the request through");
      return ALLOWED;
    }
  }

  /**
   * "Forgot Password?": the per-IP ceiling answers 429 as everywhere; the
   * per-address budget (5 an hour) does not apply to the owner's browser, and
   * for everyone else an exhausted budget answers exactly like a sent reset
   * and sends nothing. Anyone can still ask five times an hour for an
   * address, but no one can stop its owner from resetting.
   */
  async function limitPasswordReset(ctx: HookContext, rule: Rule) {
    const email = bodyAddress(ctx);
    const [perIp, perAddress] = checksFor(rule, clientIpOf(ctx.headers), email && mailboxKey(email));
    const decision = await decide(() => limiter.consume([perIp!]));
    if (!decision.allowed) throw rateLimited(decision);
    if (!email || !perAddress || (await isOwnersBrowser(ctx, email))) return;
    const budget = await decide(() => limiter.consume([perAddress]));
    if (budget.allowed) return;
    log?.info({ address: addressTag(email) }, "password reset budget of an address used up; answered without sending");
    return ctx.json(RESET_REQUESTED);
  }

  return {
    id: "sign-in-limits",
    hooks: {
      before: [
        {
          matcher: (ctx) => RULE_BY_PATH[ctx.path ?? ""] !== undefined,
          handler: createAuthMiddleware(async (ctx) => {
            const rule = RULE_BY_PATH[ctx.path]!;
            if (rule === RULES.passwordReset) return limitPasswordReset(ctx, rule);
            // A password change names no address: it is the session's (finding 5: the rule never applied).
            // An address named by the request counts as its mailbox: `+tags` are one inbox (finding 10).
            const named = bodyAddress(ctx);
            const account = rule === RULES.changePassword ? await sessionAddress(ctx) : named && mailboxKey(named);
            const decision = await decide(() => limiter.consume(checksFor(rule, clientIpOf(ctx.headers), account)));
            if (!decision.allowed) throw rateLimited(decision);
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/sign-in/email",
          handler: createAuthMiddleware(async (ctx) => {
            const email = bodyAddress(ctx);
            if (!email) return;
            const keys = signInFailureKeys(email, clientIpOf(ctx.headers));
            const checks: Check[] = [{ key: keys.perAddressAndIp, limit: SIGN_IN_FAILURES.perAddressAndIp }];
            // The owner's browser is spared the address-wide ceiling, so no stranger can lock them out; but
            // only one that signed in since the password was set (not one that knew an old password).
            if (!(await signedInSincePasswordSet(ctx, db, email))) checks.push({ key: keys.perAddress, limit: SIGN_IN_FAILURES.perAddress });
            const decision = await decide(() => limiter.exhausted(checks));
            if (!decision.allowed) throw rateLimited(decision);
          }),
        },
        {
          matcher: (ctx) => SESSION_PASSWORD_PATHS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const email = await sessionAddress(ctx);
            if (!email) return; // no session: the endpoint itself refuses (401)
            const decision = await decide(() => limiter.exhausted(signInFailureChecks(email, clientIpOf(ctx.headers))));
            if (!decision.allowed) throw rateLimited(decision);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => SESSION_PASSWORD_PATHS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (!isAPIError(returned) || (returned.body as { code?: string } | undefined)?.code !== "INVALID_PASSWORD") return;
            const email = await sessionAddress(ctx);
            if (!email) return;
            await decide(async () => {
              await limiter.record(signInFailureChecks(email, clientIpOf(ctx.headers)));
              return ALLOWED;
            });
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/sign-in/email",
          handler: createAuthMiddleware(async (ctx) => {
            const email = bodyAddress(ctx);
            if (!email) return;
            const keys = signInFailureKeys(email, clientIpOf(ctx.headers));
            const returned = ctx.context.returned;
            if (isAPIError(returned)) {
              if ((returned.body as { code?: string } | undefined)?.code !== "INVALID_EMAIL_OR_PASSWORD") return;
              await decide(async () => {
                await limiter.record(signInFailureChecks(email, clientIpOf(ctx.headers)));
                return ALLOWED;
              });
              return;
            }
            // The right password (a session, or a two-factor challenge next): the guesses are forgiven.
            await decide(async () => {
              await limiter.reset([keys.perAddressAndIp, keys.perAddress]);
              return ALLOWED;
            });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

/** Clears an address's failed-sign-in counters everywhere (after a password reset). */
export async function forgiveFailedSignIns(limiter: RateLimiter, email: string, log?: Logger): Promise<void> {
  try {
    await limiter.reset([signInFailureKeys(email.toLowerCase(), "").perAddress]);
  } catch (error) {
    log?.warn({ err: error }, "could not clear failed sign-in counters");
  }
}
