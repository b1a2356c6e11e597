/**
 * Our rules for accounts, as a Better Auth plugin: they run inside Better
 * Auth, for its HTTP endpoints (/api/auth/*) and for our route actions'
 * `auth.api.*` calls alike.
 *
 *   before an endpoint
 *     - rate limits per client IP and per address (rules.ts); a password
 *       reset's address budget spares the owner's own browser, and once it
 *       is used up the answer is Better Auth's usual one and nothing is sent
 *     - failed sign-ins: an address that too many wrong passwords were tried
 *       against, from this IP or (for unknown browsers) from everywhere,
 *       waits (rules.ts, SIGN_IN_FAILURES)
 *     - verification links work once
 *     - the account-deletion link needs the browser where its owner is signed in
 *   after an endpoint
 *     - sign-in: a wrong password counts against the address; a success clears
 *       its counters and marks this browser as a known device; a right password
 *       for an unverified address sets the pending-verification cookie
 *     - sign-up: the pending-verification cookie
 *     - the account-deletion link: a failure lands on a page, not on JSON
 *     - a password change: the "your password was changed" notice
 *   an endpoint of its own
 *     - POST /resend-verification: the spec's resend rules (5 mails, 5 minutes apart)
 *
 * The client's IP comes from the header our callers set (client-ip.ts).
 */
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, createAuthMiddleware, createEmailVerificationToken, getSessionFromCtx, isAPIError } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { jwtVerify } from "jose";
import { type Kysely, sql } from "kysely";
import type { Logger } from "pino";
import { z } from "zod";
import type { Database } from "~/infra/db/schema";
import { toDate } from "~/infra/db/time";
import { RETRY_AFTER_S, UNAVAILABLE_MESSAGE } from "~/infra/db/unavailable";
import { setFlashCookie } from "~/infra/http/flash.server";
import { HOUR_MS, mailsOfKindSince } from "~/infra/mail/mail-ceilings.server";
import { mailboxKey } from "~/shared/lib/mailbox";
import { waitMessage } from "~/infra/http/responses";
import type { MailOutbox, OutcomeHooks } from "~/infra/mail/outbox.server";
import { passwordChangedMail, verificationMail } from "~/infra/mail/templates";
import { ALLOWED, type Check, type Decision, type RateLimiter } from "~/infra/rate-limit/rate-limiter.server";
import { checksFor, type Rule, RULES, SIGN_IN_FAILURES, signInFailureKeys } from "~/infra/rate-limit/rules";
import { clientIpOf } from "./client-ip";
import { addressTag, type HookContext, knownAddresses } from "./known-device.server";
import { consumeOnce } from "./one-time-links.server";
import { decodePending, encodePending, PENDING_COOKIE, PENDING_MAX_AGE_S, type PendingVerification } from "./pending-verification.server";
import { decideResend, RESEND_INTERVAL_MS, RESEND_MESSAGES, type ResendDecision } from "./resend-verification";
import { clientText } from "~/shared/lib/client-text";
import { fill } from "~/shared/i18n/messages";
import { deviceIn, languageOf, pageLink } from "./mail-language";
import { localeOfPath, localizedPath } from "~/shared/i18n/locale";

export interface AccountRulesDeps {
  db: Kysely<Database>;
  limiter: RateLimiter;
  outbox?: MailOutbox;
  log?: Logger;
  appUrl: string;
  /** How long verification links live (seconds). */
  linkLifetimeS: number;
}

/**
 * Verification mails sent per hour in all, whoever asks (issue 38, finding 10): a flood of sign-ups to
 * strangers' addresses must not make the site a source of unwanted mail. Past it, a new link still
 * goes, but an hour later: a sign-up is never refused for it (a site-wide refusal would be a way for a
 * few addresses to stop everyone signing up), and "check your email" stays a promise kept.
 */
export const VERIFICATION_MAILS_PER_HOUR = 1000;

/** When a verification mail asked for now may go: now, or an hour on once the hour's ceiling is reached. */
export async function verificationSendTime(db: Kysely<Database>, now = new Date(), perHour = VERIFICATION_MAILS_PER_HOUR): Promise<Date> {
  const sent = await mailsOfKindSince(db, "verification", new Date(now.getTime() - HOUR_MS));
  return sent >= perHour ? new Date(now.getTime() + HOUR_MS) : now;
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
 * Better Auth's answer to /request-password-reset, whether or not the address
 * has an account: also what an exhausted address budget answers, so that a
 * stranger who used the budget up learns nothing (no 429 saying it worked).
 */
export const RESET_REQUESTED = { status: true, message: "If this email exists in our system, check your email for the reset link" } as const;

/** Every "sent" answer of resend takes at least this long, whether or not a mail really went out. */
const SENT_FLOOR_MS = 400;

/** A callback URL's path and query on this site, or /auth (never a 500 for a malformed one). */
function safePath(raw: string, appUrl: string): string {
  try {
    const target = new URL(raw || "/auth", appUrl);
    return target.origin === new URL(appUrl).origin ? `${target.pathname}${target.search}` : "/auth";
  } catch {
    return "/auth";
  }
}

/** The claims of the verification link this request carries, if this server signed it and it is still good. */
async function verifiedClaims(ctx: HookContext): Promise<{ email?: string; userId?: string } | null> {
  const token = typeof ctx.query?.token === "string" ? ctx.query.token : "";
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(ctx.context.secret), { algorithms: ["HS256"] });
    return payload as { email?: string; userId?: string };
  } catch {
    return null;
  }
}

export function normalizeEmail(value: unknown): string | undefined {
  return typeof value === "string" && value.includes("@") ? value.trim().toLowerCase() : undefined;
}

function rateLimited(decision: Extract<Decision, { allowed: false }>): APIError {
  return new APIError(
    "TOO_MANY_REQUESTS",
    { code: "RATE_LIMITED", message: waitMessage(decision.retryAfterS) },
    { "Retry-After": String(decision.retryAfterS) },
  );
}

export function accountRules(deps: AccountRulesDeps) {
  const { db, limiter, log } = deps;

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
   * The owner's own browser: it signed in to the address before (the
   * known-device cookie), or is signed in to it now.
   */
  async function isOwnersBrowser(ctx: HookContext, email: string): Promise<boolean> {
    if ((await knownAddresses(ctx)).includes(addressTag(email))) return true;
    const session = await getSessionFromCtx(ctx).catch(() => null);
    return session?.user.email.toLowerCase() === email;
  }

  /**
   * "Forgot Password?": the per-IP ceiling answers 429 as everywhere; the
   * per-address budget (5 an hour) does not apply to the owner's browser, and
   * for everyone else an exhausted budget answers exactly like a sent reset
   * and sends nothing. Anyone can still ask five times an hour for an
   * address, but no one can stop its owner from resetting.
   */
  async function limitPasswordReset(ctx: HookContext, rule: Rule) {
    const email = normalizeEmail((ctx.body as Record<string, unknown> | undefined)?.email);
    const [perIp, perAddress] = checksFor(rule, clientIpOf(ctx.headers), email && mailboxKey(email));
    const decision = await decide(() => limiter.consume([perIp!]));
    if (!decision.allowed) throw rateLimited(decision);
    if (!email || !perAddress || (await isOwnersBrowser(ctx, email))) return;
    const budget = await decide(() => limiter.consume([perAddress]));
    if (budget.allowed) return;
    log?.info({ address: addressTag(email) }, "password reset budget of an address used up; answered without sending");
    return ctx.json(RESET_REQUESTED);
  }

  /**
   * "Check your email" is a promise: a new account's verification mail must be in the outbox (issue 38,
   * finding 17). Better Auth only logs a mail its sign-up could not queue (a full disk), so the sign-up is
   * undone here and answered 503, like the other writes the fault refuses; the person simply tries again.
   * A look-alike answer (the address had a verified account) names no real account: nothing to check.
   */
  async function requireQueuedVerification(ctx: HookContext, userId: string) {
    const user = await ctx.context.internalAdapter.findUserById(userId);
    if (!user || user.emailVerified) return;
    const queued = await db.selectFrom("mail_outbox").select("id").where("user_id", "=", userId).where("kind", "=", "verification").executeTakeFirst();
    if (queued) return;
    log?.error({ userId }, "sign-up undone: its verification mail could not be queued");
    await ctx.context.internalAdapter.deleteUser(userId).catch((error: unknown) => log?.warn({ err: error, userId }, "could not undo a sign-up without its mail; a new sign-up replaces it"));
    throw new APIError("SERVICE_UNAVAILABLE", { success: false, code: "MAIL_NOT_QUEUED", message: UNAVAILABLE_MESSAGE }, { "Retry-After": String(RETRY_AFTER_S) });
  }

  async function sessionAddress(ctx: HookContext): Promise<string | undefined> {
    const session = await getSessionFromCtx(ctx).catch(() => null);
    return session ? session.user.email.toLowerCase() : undefined;
  }

  async function setPending(ctx: HookContext, value: PendingVerification) {
    const cookie = ctx.context.createAuthCookie(PENDING_COOKIE, { maxAge: PENDING_MAX_AGE_S });
    await ctx.setSignedCookie(cookie.name, encodePending(value), ctx.context.secret, { ...cookie.attributes, maxAge: PENDING_MAX_AGE_S });
  }

  async function readPending(ctx: HookContext): Promise<PendingVerification | null> {
    const cookie = ctx.context.createAuthCookie(PENDING_COOKIE);
    return decodePending(await ctx.getSignedCookie(cookie.name, ctx.context.secret));
  }

  function clearPending(ctx: HookContext) {
    const cookie = ctx.context.createAuthCookie(PENDING_COOKIE);
    ctx.setCookie(cookie.name, "", { ...cookie.attributes, maxAge: 0 });
  }

  const resendVerification = createAuthEndpoint(
    "/resend-verification",
    { method: "POST", body: z.object({ email: z.string().max(320).optional() }).passthrough().optional() },
    async (ctx) => {
      const started = Date.now();
      // Each refusal carries a code beside the spec's English words, so a page in another language can say it in its own.
      const answer = (status: number, message: string, headers?: Record<string, string>, code?: string) => {
        if (status === 200) return ctx.json({ success: true, message });
        throw new APIError(status as 400, { success: false, message, ...(code ? { code } : {}) }, headers);
      };
      const refuse = (decision: Exclude<ResendDecision, { kind: "send" }>) => {
        if (decision.kind === "already-verified") return answer(400, RESEND_MESSAGES.alreadyVerified, undefined, "ALREADY_VERIFIED");
        if (decision.kind === "max-attempts") return answer(429, RESEND_MESSAGES.maxAttempts, undefined, "MAX_ATTEMPTS");
        return answer(429, fill(RESEND_MESSAGES.wait, { minutes: decision.minutes }), { "Retry-After": String(decision.minutes * 60) }, "WAIT");
      };
      const atLeast = async <T>(value: T) => {
        const remaining = SENT_FLOOR_MS - (Date.now() - started);
        if (remaining > 0) await new Promise((r) => setTimeout(r, remaining));
        return value;
      };

      const asked = normalizeEmail(ctx.body?.email);
      const pending = await readPending(ctx);
      let subject: { userId: string; email: string } | null = null;
      if (pending && (!asked || asked === pending.email.toLowerCase())) subject = pending;
      if (!subject) {
        const session = await getSessionFromCtx(ctx).catch(() => null);
        if (session && (!asked || asked === session.user.email.toLowerCase())) subject = { userId: session.user.id, email: session.user.email };
      }
      if (!subject) return answer(401, RESEND_MESSAGES.noUser, undefined, "NO_USER");

      const row = await db
        .selectFrom("user")
        .leftJoin("profile", "profile.user_id", "user.id")
        .select(["user.id", "user.name", "user.email", "user.emailVerified", "user.language", "profile.verification_attempts", "profile.verification_sent_at"])
        .where("user.id", "=", subject.userId)
        .executeTakeFirst();

      if (!row) {
        // A look-alike sign-up (the address already had an account): behave like a real one.
        if (!pending) return answer(401, RESEND_MESSAGES.noUser, undefined, "NO_USER");
        const decision = decideResend({ emailVerified: false, attempts: pending.attempts, sentAt: pending.sentAt || null }, Date.now());
        if (decision.kind !== "send") return refuse(decision);
        await setPending(ctx, { ...pending, attempts: pending.attempts + 1, sentAt: Date.now() });
        return atLeast(answer(200, RESEND_MESSAGES.sent));
      }

      const now = Date.now();
      const state = {
        emailVerified: Boolean(row.emailVerified),
        attempts: row.verification_attempts ?? 0,
        sentAt: row.verification_sent_at ? toDate(row.verification_sent_at).getTime() : null,
      };
      const decision = decideResend(state, now);
      if (decision.kind !== "send") return refuse(decision);

      const sent = await queueVerificationMail({ db, outbox: deps.outbox, secret: ctx.context.secret, appUrl: deps.appUrl, linkLifetimeS: deps.linkLifetimeS, log }, row, now);
      if (sent === "refused") {
        const retry = decideResend({ ...state, attempts: state.attempts + 1, sentAt: now }, now);
        return retry.kind === "send" ? answer(409, RESEND_MESSAGES.failed, undefined, "SEND_FAILED") : refuse(retry);
      }
      return atLeast(answer(200, RESEND_MESSAGES.sent));
    },
  );

  /**
   * GET /pending-verification: the account this browser is waiting to verify,
   * and when it may ask for another mail (for the check-your-email view).
   */
  const pendingVerification = createAuthEndpoint("/pending-verification", { method: "GET" }, async (ctx) => {
    const pending = await readPending(ctx);
    if (!pending) return ctx.json({ pending: null });
    const row = await db
      .selectFrom("user")
      .leftJoin("profile", "profile.user_id", "user.id")
      .select(["user.emailVerified", "profile.verification_attempts", "profile.verification_sent_at"])
      .where("user.id", "=", pending.userId)
      .executeTakeFirst();
    const state = row
      ? {
          emailVerified: Boolean(row.emailVerified),
          attempts: row.verification_attempts ?? 0,
          sentAt: row.verification_sent_at ? toDate(row.verification_sent_at).getTime() : null,
        }
      : { emailVerified: false, attempts: pending.attempts, sentAt: pending.sentAt || null };
    const now = Date.now();
    const decision = decideResend(state, now);
    return ctx.json({
      pending: {
        email: pending.email,
        verified: decision.kind === "already-verified",
        attemptsLeft: decision.kind === "max-attempts" ? 0 : Math.max(0, 5 - state.attempts),
        waitS: decision.kind === "wait" && state.sentAt !== null ? Math.max(1, Math.ceil((state.sentAt + RESEND_INTERVAL_MS - now) / 1000)) : 0,
        /** The spec's message for the wait, when there is one. */
        waitMessage: decision.kind === "wait" ? fill(RESEND_MESSAGES.wait, { minutes: decision.minutes }) : null,
      },
    });
  });

  return {
    id: "account-rules",
    endpoints: { resendVerification, pendingVerification },
    hooks: {
      before: [
        {
          matcher: (ctx) => RULE_BY_PATH[ctx.path ?? ""] !== undefined,
          handler: createAuthMiddleware(async (ctx) => {
            const rule = RULE_BY_PATH[ctx.path]!;
            if (rule === RULES.passwordReset) return limitPasswordReset(ctx, rule);
            const body = ctx.body as Record<string, unknown> | undefined;
            // A password change names no address: it is the session's (finding 5: the rule never applied).
            // An address named by the request counts as its mailbox: `+tags` are one inbox (finding 10).
            const named = normalizeEmail(body?.email);
            const account = rule === RULES.changePassword ? await sessionAddress(ctx) : named && mailboxKey(named);
            const decision = await decide(() => limiter.consume(checksFor(rule, clientIpOf(ctx.headers), account)));
            if (!decision.allowed) throw rateLimited(decision);
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/sign-in/email",
          handler: createAuthMiddleware(async (ctx) => {
            const email = normalizeEmail((ctx.body as Record<string, unknown> | undefined)?.email);
            if (!email) return;
            const keys = signInFailureKeys(email, clientIpOf(ctx.headers));
            const checks: Check[] = [{ key: keys.perAddressAndIp, limit: SIGN_IN_FAILURES.perAddressAndIp }];
            if (!(await knownAddresses(ctx)).includes(addressTag(email))) checks.push({ key: keys.perAddress, limit: SIGN_IN_FAILURES.perAddress });
            const decision = await decide(() => limiter.exhausted(checks));
            if (!decision.allowed) throw rateLimited(decision);
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/verify-email",
          handler: createAuthMiddleware(async (ctx) => {
            // Only a link this server signed is remembered as used (Better Auth answers any other itself).
            const token = typeof ctx.query?.token === "string" ? ctx.query.token : undefined;
            if (!token || !(await verifiedClaims(ctx)) || (await consumeOnce(db, token))) return;
            const raw = typeof ctx.query?.callbackURL === "string" ? ctx.query.callbackURL : "/auth";
            const target = new URL(safePath(raw, deps.appUrl), deps.appUrl);
            target.searchParams.set("error", "LINK_USED");
            throw ctx.redirect(target.toString());
          }),
        },
        {
          // The link in the account-deletion mail: it only works where its owner is signed in.
          matcher: (ctx) => ctx.path === "/delete-user/callback",
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx).catch(() => null);
            if (!session) throw ctx.redirect(`${deps.appUrl}/auth?error=DELETE_SIGN_IN`);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === "/sign-in/email",
          handler: createAuthMiddleware(async (ctx) => {
            const email = normalizeEmail((ctx.body as Record<string, unknown> | undefined)?.email);
            if (!email) return;
            const keys = signInFailureKeys(email, clientIpOf(ctx.headers));
            const returned = ctx.context.returned;
            if (isAPIError(returned)) {
              const code = (returned.body as { code?: string } | undefined)?.code;
              if (code === "INVALID_EMAIL_OR_PASSWORD") {
                await decide(async () => {
                  await limiter.record([
                    { key: keys.perAddressAndIp, limit: SIGN_IN_FAILURES.perAddressAndIp },
                    { key: keys.perAddress, limit: SIGN_IN_FAILURES.perAddress },
                  ]);
                  return ALLOWED;
                });
              } else if (code === "EMAIL_NOT_VERIFIED") {
                // Better Auth checks the password before the verified flag: this is the owner.
                const user = await ctx.context.internalAdapter.findUserByEmail(email);
                if (user) await setPending(ctx, { userId: user.user.id, email: user.user.email, attempts: 0, sentAt: 0 });
              }
              return;
            }
            // The right password (a session, or a two-factor challenge next): the guesses are forgiven.
            // (The known-device cookie is set once the sign-in completes: sign-in-events.server.ts.)
            await decide(async () => {
              await limiter.reset([keys.perAddressAndIp, keys.perAddress]);
              return ALLOWED;
            });
            clearPending(ctx);
          }),
        },
        {
          // Two sign-ups for one new address at once: both found no account, and one insert lost to the
          // unique index. The loser answers as a sign-up for a taken address does (Better Auth's look-alike,
          // the owner told by mail), not 422 "Failed to create user", which would say an account was just made.
          matcher: (ctx) => ctx.path === "/sign-up/email",
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (!isAPIError(returned) || (returned.body as { code?: string } | undefined)?.code !== "FAILED_TO_CREATE_USER") return;
            const body = ctx.body as Record<string, unknown> | undefined;
            const email = normalizeEmail(body?.email);
            const existing = email ? await ctx.context.internalAdapter.findUserByEmail(email) : null;
            if (!existing) return;
            const onExisting = ctx.context.options.emailAndPassword?.onExistingUserSignUp;
            if (onExisting) await onExisting({ user: existing.user }, ctx.request);
            const now = new Date();
            const user = { id: ctx.context.generateId({ model: "user" }) || crypto.randomUUID(), name: clientText(body?.name), email, emailVerified: false, image: null, createdAt: now, updatedAt: now };
            // Over HTTP, a Response of its own: an after hook cannot change the failed endpoint's 422 otherwise
            // (its cookies still join it). To our own server-side calls, the object, as a sign-up answers.
            if (!ctx.request) return ctx.json({ token: null, user });
            return new Response(JSON.stringify({ token: null, user }), { status: 200, headers: { "Content-Type": "application/json" } });
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/sign-up/email",
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned as { user?: { id?: string; email?: string } } | undefined;
            if (isAPIError(returned) || !returned?.user?.id || !returned.user.email) return;
            await requireQueuedVerification(ctx, returned.user.id);
            await setPending(ctx, { userId: returned.user.id, email: returned.user.email, attempts: 1, sentAt: Date.now() });
          }),
        },
        {
          // The verification link signs in only the browser that signed up (its pending-verification cookie
          // names the account): opened anywhere else it verifies the address, but a password nobody proved
          // does not survive it (issue 38, findings 1 and 8). In another browser nothing tells whether the
          // person at the mailbox chose that password: an attacker may have signed up again just after its
          // owner did, so that the owner's mailbox holds the attacker's link. There the password is
          // dropped and its owner chooses one by the reset link (a mail to the same mailbox). Better
          // Auth's own auto sign-in is off (auth.server.ts).
          matcher: (ctx) => ctx.path === "/verify-email",
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            const location = isAPIError(returned) && returned.statusCode === 302 ? new Headers(returned.headers as HeadersInit).get("location") : null;
            if (!location || new URL(location, deps.appUrl).searchParams.has("error")) return;
            const claims = await verifiedClaims(ctx);
            if (!claims?.userId) return;
            const user = await ctx.context.internalAdapter.findUserById(claims.userId);
            if (!user?.emailVerified) return;
            const pending = await readPending(ctx);
            if (pending?.userId === claims.userId && !(user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled) {
              const session = await ctx.context.internalAdapter.createSession(user.id);
              if (session) {
                await setSessionCookie(ctx, { session, user });
                clearPending(ctx);
                return;
              }
            }
            const callback = typeof ctx.query?.callbackURL === "string" ? ctx.query.callbackURL : "";
            const locale = localeOfPath(safePath(callback, deps.appUrl));
            // Verified elsewhere: the password set at sign-up goes (a sign-up, unverified a moment ago, has
            // nothing else to lose), and the page asks for a reset link to choose one.
            const dropped = await db
              .updateTable("account")
              .set({ password: null, updatedAt: new Date().toISOString() })
              .where("userId", "=", user.id)
              .where("providerId", "=", "credential")
              .where("password", "is not", null)
              .executeTakeFirst();
            const passwordDropped = Number(dropped.numUpdatedRows) > 0;
            if (passwordDropped) log?.info({ userId: user.id, pendingFor: pending ? "another account" : "none" }, "verified outside the sign-up browser: its password dropped");
            ctx.setHeader("location", `${deps.appUrl}${localizedPath(passwordDropped ? "/auth?mode=reset&verified=choose-password" : "/auth?verified=1", locale)}`);
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/change-password",
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned as { user?: { id?: string; email?: string; name?: string; language?: string } } | undefined;
            if (isAPIError(returned) || !returned?.user?.email || !deps.outbox) return;
            // A security notice: its failure must not turn a done change into an error.
            await deps.outbox
              .enqueue({
                kind: "password-changed",
                to: returned.user.email,
                userId: returned.user.id ?? null,
                ...passwordChangedMail(
                  returned.user.name ?? "",
                  new Date(),
                  pageLink(deps.appUrl, "/auth?mode=reset", languageOf(returned.user)),
                  deviceIn(ctx.headers, languageOf(returned.user)),
                  languageOf(returned.user),
                ),
              })
              .catch((error: unknown) => log?.error({ err: error }, "password-changed notice not queued"));
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/delete-user/callback",
          handler: createAuthMiddleware(async (ctx) => {
            // Success is itself a redirect (an APIError with a 302): only a real failure lands on the error page.
            const returned = ctx.context.returned;
            if (isAPIError(returned) && returned.statusCode >= 400) {
              // Back to the profile in the language the link was made in (its callback names the page).
              const callback = typeof ctx.query?.callbackURL === "string" ? ctx.query.callbackURL : "";
              throw ctx.redirect(`${deps.appUrl}${localizedPath("/profile?error=DELETE_LINK", localeOfPath(callback))}`);
            }
            // Deleted: the page it leads to says so (shared/lib/flash.ts).
            setFlashCookie(ctx, ctx.context.secret, { kind: "account-deleted" }, deps.appUrl.startsWith("https:"));
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

interface VerificationMailDeps {
  db: Kysely<Database>;
  outbox?: MailOutbox;
  secret: string;
  appUrl: string;
  linkLifetimeS: number;
  log?: Logger;
}

/**
 * A fresh verification link by mail, within the spec's resend rules (5 mails,
 * 5 minutes apart): the attempt is claimed atomically on the profile (only one
 * of several racing requests, or instances, wins), then the mail is queued,
 * replacing any still waiting. "refused" when the rules or a racing request
 * said no; a mail that could not be queued gives its attempt back and throws.
 */
export async function queueVerificationMail(
  { db, outbox, secret, appUrl, linkLifetimeS, log }: VerificationMailDeps,
  row: { id: string; name: string; email: string; verification_sent_at: Date | string | null; language?: unknown },
  now = Date.now(),
): Promise<"sent" | "refused"> {
  const sentAt = new Date(now).toISOString();
  const cutoff = new Date(now - RESEND_INTERVAL_MS).toISOString();
  const claimed = await db
    .updateTable("profile")
    .set((eb) => ({ verification_attempts: eb("verification_attempts", "+", 1), verification_sent_at: sentAt }))
    .where("user_id", "=", row.id)
    .where("verification_attempts", "<", 5)
    .where((eb) => eb.or([eb("verification_sent_at", "is", null), eb("verification_sent_at", "<=", cutoff)]))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return "refused";
  try {
    if (!outbox) throw new Error("mail is not configured");
    const token = await createEmailVerificationToken(secret, row.email, undefined, linkLifetimeS, { userId: row.id });
    // In the account's language, the link's page too (issue 20).
    const language = languageOf(row);
    const url = `${appUrl}/api/auth/verify-email?token=${token}&callbackURL=${encodeURIComponent(localizedPath("/home", language))}`;
    // The new link replaces any still waiting in the outbox (an outage): one mail arrives, not a pile.
    await outbox.supersedeWaiting("verification", row.id);
    await outbox.enqueue({ kind: "verification", to: row.email, userId: row.id, ...verificationMail(row.name, url, language) }, { notBefore: await verificationSendTime(db) });
    return "sent";
  } catch (error) {
    log?.error({ err: error }, "could not queue a verification email");
    // The attempt did not happen: give it back (if the database answers).
    await db
      .updateTable("profile")
      .set((eb) => ({ verification_attempts: eb("verification_attempts", "-", 1), verification_sent_at: row.verification_sent_at }))
      .where("user_id", "=", row.id)
      .execute()
      .catch(() => {});
    throw error;
  }
}

/**
 * The resend rules count mails that reached the mail server, not attempts
 * (issue 23): a verification mail's first failed attempt gives its attempt
 * back (and clears the 5-minute wait), so "Resend" is not refused because
 * the mail server was down; should a later attempt still deliver it, it
 * counts again.
 */
export const verificationMailHooks: OutcomeHooks = {
  async failed(row, db) {
    if (row.attempts !== 1 || !row.user_id) return;
    await db
      .updateTable("profile")
      .set({ verification_attempts: sql<number>`case when verification_attempts > 0 then verification_attempts - 1 else 0 end`, verification_sent_at: null })
      .where("user_id", "=", row.user_id)
      .execute();
  },
  async sent(row, db) {
    if (row.attempts === 0 || !row.user_id) return;
    await db
      .updateTable("profile")
      .set((eb) => ({ verification_attempts: eb("verification_attempts", "+", 1), verification_sent_at: new Date().toISOString() }))
      .where("user_id", "=", row.user_id)
      .execute();
  },
};

/** Clears an address's failed-sign-in counters everywhere (after a password reset). */
export async function forgiveFailedSignIns(limiter: RateLimiter, email: string, log?: Logger): Promise<void> {
  try {
    await limiter.reset([signInFailureKeys(email.toLowerCase(), "").perAddress]);
  } catch (error) {
    log?.warn({ err: error }, "could not clear failed sign-in counters");
  }
}
