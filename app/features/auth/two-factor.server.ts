/**
 * Two-factor authentication with an authenticator app (issue 19): Better
 * Auth's `twoFactor` plugin, configured here, and our plugin for what it
 * leaves out.
 *
 * Better Auth's plugin gives the TOTP secret (encrypted with AUTH_SECRET), ten
 * single-use backup codes (encrypted), "trust this device for 30 days" and the
 * challenge after an email-and-password sign-in. What ours adds:
 *
 *   - Every way in asks for the code, not only a password. Better Auth checks
 *     only the email sign-in paths (better-auth#10322, #11287): a Google or
 *     GitHub sign-in of an account with two-factor on got a full session, and
 *     so did a Google ID token posted to /sign-in/social (issue 38, finding 2).
 *     Our after hook runs on every path public-endpoints.ts lists as a first
 *     factor and does what the plugin does after a password: the session just
 *     made is deleted, a challenge is set in its place, and the browser goes
 *     on to /auth/two-factor. ID tokens are refused outright: the site has no
 *     One-Tap client, and a token is not a sign-in at Google's page.
 *   - A code is accepted once within its window (ASVS 6.5.4). Better Auth
 *     accepts the same code for its whole 90 s window; a claimed row per user
 *     and code (`two_factor_used_code`) refuses the second use, whoever sends it.
 *   - Its limits, which Better Auth's own rate limiter would hold and ours
 *     has replaced (auth.server.ts disables it): the challenge allows five
 *     codes, an account locks for 15 minutes after ten wrong ones in a row
 *     (both Better Auth's), 100 codes tried in a row stop the code step for a
 *     day (ADR 0049), and the client's address is held to the sign-in ceiling
 *     (sign-in-limits.server.ts).
 *   - A provider is connected to an account with two-factor on only past the
 *     code (refuseConnectingBeforeTheCode).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { generateRandomString } from "better-auth/crypto";
import { twoFactor } from "better-auth/plugins/two-factor";
import type { Kysely } from "kysely";
import { site } from "~/config/site";
import type { Logger } from "pino";
import type { Database } from "~/infra/db/schema";
import { waitMessage } from "~/infra/http/responses";
import type { RateLimiter } from "~/infra/rate-limit/rate-limiter.server";
import { codesPausedNoticeChecks, SECOND_FACTOR_FAILURES, secondFactorFailureChecks } from "~/infra/rate-limit/rules";
import type { MailOutbox } from "~/infra/mail/outbox.server";
import { codesPausedMail, twoFactorChangedMail } from "./mails";
import { generateBackupCodes, storedBackupCodes, storedFormOf } from "./backup-codes.server";
import type { HookContext } from "./known-device.server";
import { asLocale } from "~/shared/i18n/locale";
import { clientText } from "~/shared/lib/client-text";
import { deviceIn, languageOfAccount, pageLink } from "./mail-language";
import { signInKind } from "./public-endpoints";
import { barePath } from "./safe-redirect";
import { LINK_NEEDS_TWO_FACTOR } from "./social-sign-in";

export const TWO_FACTOR_COOKIE = "two_factor";
const TRUST_DEVICE_COOKIE = "trust_device";
/** "Trust this device for 30 days". */
export const TRUST_DEVICE_MAX_AGE_S = 30 * 24 * 60 * 60;
/** How long a challenge (the code page after the first factor) lasts. */
const CHALLENGE_MAX_AGE_S = 10 * 60;
/** A code is valid for its 30 s step and one on either side: remembered a little longer than that. */
const USED_CODE_MEMORY_MS = 2 * 60 * 1000;

export const TWO_FACTOR_MESSAGES = {
  codeReused: "That code was already used. Wait for the next one in your authenticator app.",
} as const;

/** The authenticator's settings: the plugin's, and every code and otpauth URI computed here. */
export const TOTP_OPTIONS = { digits: 6, period: 30 } as const;
/** The name an authenticator app lists the account under (the plugin's `issuer`). */
export const TOTP_ISSUER = site.productName;

/** Better Auth's plugin as this product uses it. */
export function twoFactorPlugin() {
  return twoFactor({
    issuer: TOTP_ISSUER,
    // Accounts made with Google or GitHub have no password: their re-authentication (reauthentication.server.ts) stands in.
    allowPasswordless: true,
    trustDeviceMaxAge: TRUST_DEVICE_MAX_AGE_S,
    twoFactorCookieMaxAge: CHALLENGE_MAX_AGE_S,
    totpOptions: TOTP_OPTIONS,
    // Ours: lowercase, no look-alike characters (backup-codes.server.ts); the hook below matches them loosely.
    backupCodeOptions: { customBackupCodesGenerate: generateBackupCodes, storeBackupCodes: "encrypted" },
  });
}

/** `better-auth/utils` signs the trust cookie with HMAC-SHA-256, base64url without padding; the same here. */
function trustSignature(secret: string, userId: string, identifier: string): string {
  return createHmac("sha256", secret).update(`${userId}!${identifier}`).digest("base64url");
}

/** The "trust this device" cookie of this browser is valid for `userId` (as the plugin checks it after a password). */
async function isTrustedDevice(ctx: HookContext, userId: string): Promise<boolean> {
  const cookie = ctx.context.createAuthCookie(TRUST_DEVICE_COOKIE);
  const value = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  const [token, identifier] = value ? value.split("!") : [];
  if (!token || !identifier) return false;
  const expected = Buffer.from(trustSignature(ctx.context.secret, userId, identifier));
  const given = Buffer.from(token);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  const record = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return Boolean(record && record.value === userId && new Date(record.expiresAt) > new Date());
}

/**
 * Replaces the session a sign-in just made with a two-factor challenge, as
 * Better Auth's plugin does after a password: the cookie and the session go,
 * a signed `two_factor` cookie names a verification row that holds the user
 * (and the attempts left) for ten minutes.
 */
async function challengeInsteadOfSession(ctx: HookContext, made: { session: { token: string }; user: { id: string } }) {
  deleteSessionCookie(ctx, true);
  await ctx.context.internalAdapter.deleteSession(made.session.token);
  ctx.context.setNewSession(null);
  const identifier = `2fa-${generateRandomString(20)}`;
  const expiresAt = new Date(Date.now() + CHALLENGE_MAX_AGE_S * 1000);
  await ctx.context.internalAdapter.createVerificationValue({ value: made.user.id, identifier, expiresAt });
  await ctx.context.internalAdapter.createVerificationValue({ value: "0", identifier: `2fa-attempts-${identifier}`, expiresAt });
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE, { maxAge: CHALLENGE_MAX_AGE_S });
  await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
}

interface Owner {
  id: string;
  /** Signed in (a setup being confirmed), not answering a sign-in's challenge. */
  signedIn?: { email: string; name: string; twoFactorEnabled: boolean };
}

const OWNER = Symbol("two-factor-code-owner");
type WithOwner = { [OWNER]?: Promise<Owner | null> };

/**
 * The user a code is checked for: the signed-in viewer (setup, re-authentication), or the challenge's.
 * Read once per request (the request's context keeps it), though two hooks ask.
 */
function codeOwner(ctx: HookContext): Promise<Owner | null> {
  const context = ctx.context as WithOwner;
  return (context[OWNER] ??= readCodeOwner(ctx));
}

async function readCodeOwner(ctx: HookContext): Promise<Owner | null> {
  const session = await getSessionFromCtx(ctx, { disableCookieCache: true }).catch(() => null);
  if (session) {
    const user = session.user as { id: string; email: string; name: string; twoFactorEnabled?: boolean | null };
    return { id: user.id, signedIn: { email: user.email, name: user.name, twoFactorEnabled: Boolean(user.twoFactorEnabled) } };
  }
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const record = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return record?.value ? { id: record.value } : null;
}

/**
 * Claims `code` for `userId`: true if no one used it in the last two minutes.
 * The insert is the claim, so two requests with one code cannot both win.
 */
export async function claimCode(db: Kysely<Database>, userId: string, code: string, now = new Date()): Promise<boolean> {
  await db
    .deleteFrom("two_factor_used_code")
    .where("used_at", "<", new Date(now.getTime() - USED_CODE_MEMORY_MS).toISOString())
    .execute();
  const claimed = await db
    .insertInto("two_factor_used_code")
    .values({ user_id: userId, code, used_at: now.toISOString() })
    .onConflict((oc) => oc.columns(["user_id", "code"]).doNothing())
    .returning("code")
    .executeTakeFirst();
  return claimed !== undefined;
}

/** A refused code gives its claim back: it was not used, only tried. */
async function releaseCode(db: Kysely<Database>, userId: string, code: string): Promise<void> {
  await db.deleteFrom("two_factor_used_code").where("user_id", "=", userId).where("code", "=", code).execute();
}

const CLAIM_KEY = Symbol("two-factor-claim");
type WithClaim = { [CLAIM_KEY]?: { userId: string; code: string; owner: Owner } };
const DISABLING = Symbol("two-factor-disabling");
type WithDisabling = { [DISABLING]?: { id: string; email: string; name: string } };

/** Adds to a redirect target the query parameter that tells /auth/complete a code is needed. */
export function withTwoFactorFlag(location: string, appUrl: string): string {
  const target = new URL(location, appUrl);
  target.searchParams.set("two-factor", "1");
  // Bare where it may be (safe-redirect.ts); else whole, which also keeps a "//host" path on this site.
  return barePath(target, new URL(appUrl).origin) ?? target.toString();
}

export interface TwoFactorEverywhereDeps {
  db: Kysely<Database>;
  appUrl: string;
  limiter: RateLimiter;
  outbox?: MailOutbox;
  log?: Logger;
}

/**
 * Clears an account's count of codes tried in a row (a right code, a password reset), and with it the
 * pause's notice, so that a new pause is mailed again.
 */
export async function forgiveWrongCodes(limiter: RateLimiter, userId: string, log?: Logger): Promise<void> {
  const keys = [...secondFactorFailureChecks(userId), ...codesPausedNoticeChecks(userId)].map((check) => check.key);
  await limiter.reset(keys).catch((error: unknown) => {
    log?.warn({ err: error }, "could not clear the codes tried in a row");
  });
}

/** The endpoints that answer a sign-in's challenge with a code. */
const CODE_PATHS = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code"]);
const CHALLENGED = Symbol("two-factor-challenged");
type WithChallenged = { [CHALLENGED]?: string };

export function twoFactorEverywhere({ db, appUrl, limiter, outbox, log }: TwoFactorEverywhereDeps) {
  /** "Two-factor is on / off": a notice, never worth failing the change it reports. */
  const notice = async (ctx: HookContext, user: { id: string; email: string; name: string }, on: boolean) => {
    if (!outbox) return;
    const language = await languageOfAccount(db, user).catch(() => "en" as const);
    await outbox
      .enqueue({
        kind: "two-factor-changed",
        to: user.email,
        userId: user.id,
        ...twoFactorChangedMail(user.name, on, new Date(), deviceIn(ctx.headers, language), pageLink(appUrl, "/profile/security", language), language),
      })
      .catch((error: unknown) => log?.error({ err: error }, "two-factor notice not queued"));
  };

  /**
   * The codes tried in a row ran out (a wrong one was the hundredth, or a refusal found them spent):
   * whoever tried them got past the first step, so the owner hears of it, once a pause, with the
   * remedy: a new password. Never worth failing the answer it follows.
   */
  const noticeIfPaused = async (ctx: HookContext, userId: string) => {
    if (!outbox) return;
    const noticeKeys = codesPausedNoticeChecks(userId);
    try {
      const paused = await limiter.exhausted(secondFactorFailureChecks(userId));
      if (paused.allowed || !(await limiter.consume(noticeKeys)).allowed) return;
      const user = await db.selectFrom("user").select(["email", "name", "language"]).where("id", "=", userId).executeTakeFirst();
      if (!user) return;
      const language = asLocale(user.language);
      const now = new Date();
      await outbox
        .enqueue({
          kind: "codes-paused",
          to: user.email,
          userId,
          ...codesPausedMail(
            user.name,
            SECOND_FACTOR_FAILURES.perAccount.max,
            now,
            new Date(now.getTime() + paused.retryAfterS * 1000),
            { reset: pageLink(appUrl, "/auth?mode=reset", language), security: pageLink(appUrl, "/profile/security", language) },
            deviceIn(ctx.headers, language),
            language,
          ),
        })
        .catch(async (error: unknown) => {
          // Not queued: the next refusal tries again.
          await limiter.reset(noticeKeys.map((check) => check.key));
          throw error;
        });
    } catch (error) {
      log?.error({ err: error }, "codes-paused notice not queued");
    }
  };

  return {
    id: "two-factor-everywhere",
    hooks: {
      before: [
        {
          // An ID token is a sign-in nobody made on this site's pages (no One-Tap client): refused.
          matcher: (ctx) => ctx.path === "/sign-in/social" || ctx.path === "/link-social",
          handler: createAuthMiddleware(async (ctx) => {
            if ((ctx.body as { idToken?: unknown } | undefined)?.idToken !== undefined) {
              throw new APIError("BAD_REQUEST", { code: "ID_TOKEN_NOT_SUPPORTED", message: "Sign in through the provider's page." });
            }
          }),
        },
        {
          // Who is turning it off (the endpoint's own session is not visible to after hooks).
          matcher: (ctx) => ctx.path === "/two-factor/disable",
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx).catch(() => null);
            if (!session) return; // Better Auth refuses it (401)
            // Off already: nothing to turn off. Better Auth would still replace the session, and for an
            // account without a password (which it asks for nothing) a new session is a fresh one: called
            // every 14 minutes, it kept the re-authentication window open for good.
            const user = await db.selectFrom("user").select("twoFactorEnabled").where("id", "=", session.user.id).executeTakeFirst();
            if (!user?.twoFactorEnabled) throw new APIError("BAD_REQUEST", { code: "TWO_FACTOR_NOT_ENABLED", message: "Two-factor authentication is not on." });
            (ctx.context as WithDisabling)[DISABLING] = { id: session.user.id, email: session.user.email, name: session.user.name };
          }),
        },
        {
          // A sign-in's code step (not a signed-in owner's setup): stopped after 100 wrong codes in a row.
          matcher: (ctx) => CODE_PATHS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const owner = await codeOwner(ctx);
            if (!owner || owner.signedIn) return;
            // Counted as it is tried (one atomic hit, so a burst of codes cannot slip past the count); a right
            // code clears the count again (the after hook).
            const decision = await limiter.consume(secondFactorFailureChecks(owner.id)).catch((error: unknown) => {
              log?.warn({ err: error }, "could not count a sign-in's code");
              return { allowed: true } as const;
            });
            if (!decision.allowed) {
              await noticeIfPaused(ctx, owner.id);
              throw new APIError(
                "TOO_MANY_REQUESTS",
                { code: "RATE_LIMITED", message: waitMessage(decision.retryAfterS) },
                { "Retry-After": String(decision.retryAfterS) },
              );
            }
            (ctx.context as WithChallenged)[CHALLENGED] = owner.id;
          }),
        },
        {
          // A backup code as typed from paper (any case, spaces or dashes) stands for the stored code it
          // matches; Better Auth then checks and spends that one exactly as stored.
          matcher: (ctx) => ctx.path === "/two-factor/verify-backup-code",
          handler: createAuthMiddleware(async (ctx) => {
            const body = (ctx.body ?? {}) as { code?: unknown };
            const typed = clientText(body.code);
            const owner = typed ? await codeOwner(ctx) : null;
            if (!owner) return; // Better Auth refuses it
            const stored = storedFormOf(typed, await storedBackupCodes(db, owner.id, ctx.context.secretConfig));
            if (stored && stored !== typed) return { context: { body: { ...body, code: stored } } };
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/two-factor/verify-totp",
          handler: createAuthMiddleware(async (ctx) => {
            const code = clientText((ctx.body as { code?: unknown } | undefined)?.code).trim();
            if (!/^\d{6}$/.test(code)) return;
            const owner = await codeOwner(ctx);
            if (!owner) return; // Better Auth refuses it (no session, no challenge)
            if (!(await claimCode(db, owner.id, code))) {
              throw new APIError("UNAUTHORIZED", { code: "CODE_ALREADY_USED", message: TWO_FACTOR_MESSAGES.codeReused });
            }
            (ctx.context as WithClaim)[CLAIM_KEY] = { userId: owner.id, code, owner };
          }),
        },
      ],
      after: [
        {
          // A connection from the security page whose session ended while the browser was at the provider:
          // the account hook refused it, and Better Auth's link path lets that out as a JSON 403. Back to the
          // page instead, as a Response of its own (an after hook cannot turn the endpoint's error into a
          // redirect otherwise).
          matcher: (ctx) => Boolean(ctx.path?.startsWith("/callback/")),
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (!ctx.request || !isAPIError(returned) || (returned.body as { code?: string } | undefined)?.code !== LINK_NEEDS_TWO_FACTOR) return;
            const provider = encodeURIComponent(String(ctx.params?.id ?? ""));
            return new Response(null, { status: 302, headers: { Location: `${appUrl}/profile/security?connect-error=${provider}` } });
          }),
        },
        {
          matcher: (ctx) => CODE_PATHS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const userId = (ctx.context as WithChallenged)[CHALLENGED];
            if (!userId) return;
            if (isAPIError(ctx.context.returned)) await noticeIfPaused(ctx, userId);
            else await forgiveWrongCodes(limiter, userId, log);
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/two-factor/verify-totp",
          handler: createAuthMiddleware(async (ctx) => {
            const claim = (ctx.context as WithClaim)[CLAIM_KEY];
            if (!claim) return;
            if (isAPIError(ctx.context.returned)) {
              await releaseCode(db, claim.userId, claim.code);
              return;
            }
            // The first code of a setup, from the signed-in owner: two-factor is on now.
            const signedIn = claim.owner.signedIn;
            if (signedIn && !signedIn.twoFactorEnabled) await notice(ctx, { id: claim.userId, ...signedIn }, true);
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/two-factor/disable",
          handler: createAuthMiddleware(async (ctx) => {
            const user = (ctx.context as WithDisabling)[DISABLING];
            if (user && !isAPIError(ctx.context.returned)) await notice(ctx, user, false);
          }),
        },
        {
          // Every first factor (Google, GitHub, a verification link, whatever is added): with two-factor on, a
          // challenge, not a session. After a password Better Auth's own plugin decides, the trusted browser's
          // cookie rotation included (its old identifier is already gone here, so this check would refuse it).
          matcher: (ctx) => ctx.path !== "/sign-in/email" && signInKind(ctx.path) === "first-factor",
          handler: createAuthMiddleware(async (ctx) => {
            const made = ctx.context.newSession as { session: { token: string }; user: { id: string; twoFactorEnabled?: boolean | null } } | null;
            if (!made?.user.twoFactorEnabled) return;
            if (await isTrustedDevice(ctx, made.user.id)) return;
            await challengeInsteadOfSession(ctx, made);
            const returned = ctx.context.returned;
            const location = isAPIError(returned) ? new Headers(returned.headers as HeadersInit).get("location") : null;
            // A redirect (the OAuth callback to /auth/complete, popup or same window) goes on to the code;
            // a JSON answer says a code is needed, as Better Auth's own plugin answers after a password.
            if (location) ctx.setHeader("location", withTwoFactorFlag(location, appUrl));
            else return ctx.json({ twoFactorRedirect: true });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

/**
 * The account hook, before a Google or GitHub account is connected to an account with two-factor on.
 * From the security page its signed-in owner connects it (the session is in the request). A first
 * sign-in with that provider would connect it too, before the challenge that then stands in for the
 * session, so that a sign-in which never gave the code still changed how the account signs in (and
 * mailed "GitHub was connected"): refused instead, with words that say what to do. Without a request
 * (our own code: a script, a fixture) nobody is signing in.
 */
export async function refuseConnectingBeforeTheCode(db: Kysely<Database>, userId: string, ctx: Parameters<typeof getSessionFromCtx>[0] | null | undefined) {
  if (!ctx) return;
  const owner = await db.selectFrom("user").select("twoFactorEnabled").where("id", "=", userId).executeTakeFirst();
  if (!owner?.twoFactorEnabled) return;
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session?.user.id === userId) return;
  throw new APIError("FORBIDDEN", {
    code: LINK_NEEDS_TWO_FACTOR,
    message: "Sign in the way you usually do and enter your code, then connect it on your security page.",
  });
}
