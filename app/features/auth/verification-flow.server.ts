/**
 * From sign-up to a verified address, as a Better Auth plugin: which browser
 * is waiting for a verification mail, and asking for another one.
 *
 *   - the pending-verification cookie (pending-verification.server.ts): set
 *     by a sign-up, and by the right password for an unverified address;
 *     cleared by a sign-in that gets in
 *   - a sign-up's verification mail must be in the outbox, or the sign-up is
 *     undone and answered 503: "check your email" is a promise
 *   - POST /resend-verification: the spec's resend rules (5 mails, 5 minutes
 *     apart), for the browser's pending account or the signed-in one only
 *   - GET /pending-verification: what the check-your-email view shows
 *
 * The mail itself is verification-mail.server.ts; the link it carries,
 * verification-links.server.ts.
 */
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { z } from "zod";
import type { Database } from "~/infra/db/schema";
import { RETRY_AFTER_S, UNAVAILABLE_MESSAGE } from "~/infra/db/unavailable";
import type { MailOutbox } from "~/infra/mail/outbox.server";
import { fill } from "~/shared/i18n/messages";
import { hasQueuedVerification, verificationOf } from "./account-store.server";
import type { HookContext } from "./known-device.server";
import { clearPending, lookAlikeState, readPending, setPending } from "./pending-verification.server";
import { bodyAddress, normalizeEmail } from "./request-address";
import { decideResend, RESEND_INTERVAL_MS, RESEND_MESSAGES, type ResendDecision } from "./resend-verification";
import { queueVerificationMail } from "./verification-mail.server";

export interface VerificationFlowDeps {
  db: Kysely<Database>;
  outbox?: MailOutbox;
  log?: Logger;
  appUrl: string;
  /** How long verification links live (seconds). */
  linkLifetimeS: number;
}

/** Every "sent" answer of resend takes at least this long, whether or not a mail really went out. */
const SENT_FLOOR_MS = 400;

export function verificationFlow(deps: VerificationFlowDeps) {
  const { db, log } = deps;

  /**
   * "Check your email" is a promise: a new account's verification mail must be in the outbox (issue 38,
   * finding 17). Better Auth only logs a mail its sign-up could not queue (a full disk), so the sign-up is
   * undone here and answered 503, like the other writes the fault refuses; the person simply tries again.
   * A look-alike answer (the address had a verified account) names no real account: nothing to check.
   */
  async function requireQueuedVerification(ctx: HookContext, userId: string) {
    const user = await ctx.context.internalAdapter.findUserById(userId);
    if (!user || user.emailVerified) return;
    if (await hasQueuedVerification(db, userId)) return;
    log?.error({ userId }, "sign-up undone: its verification mail could not be queued");
    await ctx.context.internalAdapter
      .deleteUser(userId)
      .catch((error: unknown) => log?.warn({ err: error, userId }, "could not undo a sign-up without its mail; a new sign-up replaces it"));
    throw new APIError(
      "SERVICE_UNAVAILABLE",
      { success: false, code: "MAIL_NOT_QUEUED", message: UNAVAILABLE_MESSAGE },
      { "Retry-After": String(RETRY_AFTER_S) },
    );
  }

  const resendVerification = createAuthEndpoint(
    "/resend-verification",
    {
      method: "POST",
      body: z
        .object({ email: z.string().max(320).optional() })
        .passthrough()
        .optional(),
    },
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

      const found = await verificationOf(db, subject.userId);

      if (!found) {
        // A look-alike sign-up (the address already had an account): behave like a real one.
        if (!pending) return answer(401, RESEND_MESSAGES.noUser, undefined, "NO_USER");
        const decision = decideResend(lookAlikeState(pending), Date.now());
        if (decision.kind !== "send") return refuse(decision);
        await setPending(ctx, { ...pending, attempts: pending.attempts + 1, sentAt: Date.now() });
        return atLeast(answer(200, RESEND_MESSAGES.sent));
      }

      const now = Date.now();
      const { state } = found;
      const decision = decideResend(state, now);
      if (decision.kind !== "send") return refuse(decision);

      const sent = await queueVerificationMail(
        { db, outbox: deps.outbox, secret: ctx.context.secret, appUrl: deps.appUrl, linkLifetimeS: deps.linkLifetimeS, log },
        found.subject,
        now,
      );
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
    // This browser's address: no shared cache may keep it (the request carries no session cookie,
    // so the request context does not mark the answer private).
    ctx.setHeader("Cache-Control", "private, no-store");
    const pending = await readPending(ctx);
    if (!pending) return ctx.json({ pending: null });
    const state = (await verificationOf(db, pending.userId))?.state ?? lookAlikeState(pending);
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
    id: "verification-flow",
    endpoints: { resendVerification, pendingVerification },
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === "/sign-in/email",
          handler: createAuthMiddleware(async (ctx) => {
            const email = bodyAddress(ctx);
            if (!email) return;
            const returned = ctx.context.returned;
            if (isAPIError(returned)) {
              if ((returned.body as { code?: string } | undefined)?.code !== "EMAIL_NOT_VERIFIED") return;
              // Better Auth checks the password before the verified flag: this is the owner.
              const user = await ctx.context.internalAdapter.findUserByEmail(email);
              if (user) await setPending(ctx, { userId: user.user.id, email: user.user.email, attempts: 0, sentAt: 0 });
              return;
            }
            // The right password (a session, or a two-factor challenge next): nothing is pending any more.
            clearPending(ctx);
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
      ],
    },
  } satisfies BetterAuthPlugin;
}
