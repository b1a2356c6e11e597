/**
 * POST /api/auth/resend-verification (contract): sends another verification
 * email to the account pending verification in this browser, by the spec's
 * rules (5 attempts, 5 minutes apart), kept in the database so that every
 * instance agrees.
 *
 * "This browser's pending account" is the pending-verification cookie (set at
 * sign-up, or at a sign-in refused only for the unverified email) or a signed-in
 * session. Anyone else is told 'No user is currently signed in', whatever
 * address they send, so the endpoint reveals nothing about who has an account.
 */
import { createEmailVerificationToken } from "better-auth/api";
import type { Services } from "~/services.server";
import { toDate } from "~/infra/db/time";
import { verificationMail } from "~/infra/mail/templates";
import { RULES } from "~/infra/rate-limit/rules";
import { rateLimit } from "./auth-gateway.server";
import { LINK_LIFETIME_S } from "./auth.server";
import {
  decodePending,
  encodePending,
  PENDING_COOKIE,
  type PendingVerification,
  pendingCookieHeader,
  readCookie,
} from "./pending-verification.server";
import { normalizeEmail, readBody } from "./request-body.server";
import { decideResend, RESEND_INTERVAL_MS, RESEND_MESSAGES, type ResendDecision } from "./resend-verification";

/** Every "sent" answer takes at least this long, whether or not a mail really went out. */
const SENT_FLOOR_MS = 400;

function answer(status: number, message: string, init?: { retryAfterS?: number; cookie?: string }): Response {
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (init?.retryAfterS) headers.set("Retry-After", String(init.retryAfterS));
  if (init?.cookie) headers.append("Set-Cookie", init.cookie);
  return Response.json({ success: status === 200, message }, { status, headers });
}

function refuse(decision: Exclude<ResendDecision, { kind: "send" }>): Response {
  switch (decision.kind) {
    case "already-verified":
      return answer(400, RESEND_MESSAGES.alreadyVerified);
    case "max-attempts":
      return answer(429, RESEND_MESSAGES.maxAttempts);
    case "wait":
      return answer(429, RESEND_MESSAGES.wait(decision.minutes), { retryAfterS: decision.minutes * 60 });
  }
}

async function atLeast<T>(started: number, value: T): Promise<T> {
  const remaining = SENT_FLOOR_MS - (Date.now() - started);
  if (remaining > 0) await new Promise((r) => setTimeout(r, remaining));
  return value;
}

export async function resendVerification(s: Services, request: Request, ip: string): Promise<Response> {
  const started = Date.now();
  const body = await readBody(request);
  const asked = normalizeEmail(body.email);
  const pending = decodePending(readCookie(request, PENDING_COOKIE), s.env.authSecret);

  const limited = await rateLimit(s, RULES.resendVerification, ip, asked ?? pending?.email);
  if (limited) return limited;

  let subject: { userId: string; email: string } | null = null;
  if (pending && (!asked || asked === pending.email.toLowerCase())) subject = pending;
  if (!subject) {
    const session = await s.auth.api.getSession({ headers: request.headers }).catch(() => null);
    if (session && (!asked || asked === session.user.email.toLowerCase())) subject = { userId: session.user.id, email: session.user.email };
  }
  if (!subject) return answer(401, RESEND_MESSAGES.noUser);

  const db = s.database.db;
  const row = await db
    .selectFrom("user")
    .leftJoin("profile", "profile.user_id", "user.id")
    .select(["user.id", "user.name", "user.email", "user.emailVerified", "profile.verification_attempts", "profile.verification_sent_at"])
    .where("user.id", "=", subject.userId)
    .executeTakeFirst();

  if (!row) {
    // A look-alike sign-up (the address already had an account): behave like a real one.
    if (!pending) return answer(401, RESEND_MESSAGES.noUser);
    return simulate(s, pending, started);
  }

  const now = Date.now();
  const state = {
    emailVerified: Boolean(row.emailVerified),
    attempts: row.verification_attempts ?? 0,
    sentAt: row.verification_sent_at ? toDate(row.verification_sent_at).getTime() : null,
  };
  const decision = decideResend(state, now);
  if (decision.kind !== "send") return refuse(decision);

  // Claim the attempt atomically: only one of several racing requests (or instances) wins.
  const sentAt = new Date(now).toISOString();
  const cutoff = new Date(now - RESEND_INTERVAL_MS).toISOString();
  const claimed = await db
    .updateTable("profile")
    .set((eb) => ({ verification_attempts: eb("verification_attempts", "+", 1), verification_sent_at: sentAt }))
    .where("user_id", "=", row.id)
    .where("verification_attempts", "<", 5)
    .where((eb) => eb.or([eb("verification_sent_at", "is", null), eb("verification_sent_at", "<=", cutoff)]))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) {
    const retry = decideResend({ ...state, attempts: state.attempts + 1, sentAt: now }, now);
    return retry.kind === "send" ? answer(409, RESEND_MESSAGES.failed) : refuse(retry);
  }

  try {
    const token = await createEmailVerificationToken(s.env.authSecret, row.email, undefined, LINK_LIFETIME_S, { userId: row.id });
    const url = `${s.env.appUrl}/api/auth/verify-email?token=${token}&callbackURL=${encodeURIComponent("/auth?verified=1")}`;
    await s.mailer.send({ to: row.email, ...verificationMail(row.name, url) });
  } catch (error) {
    s.log.error({ err: error }, "could not send a verification email");
    // The attempt did not happen: give it back.
    await db
      .updateTable("profile")
      .set((eb) => ({ verification_attempts: eb("verification_attempts", "-", 1), verification_sent_at: row.verification_sent_at }))
      .where("user_id", "=", row.id)
      .execute();
    return answer(502, RESEND_MESSAGES.failed);
  }
  return atLeast(started, answer(200, RESEND_MESSAGES.sent));
}

async function simulate(s: Services, pending: PendingVerification, started: number): Promise<Response> {
  const now = Date.now();
  const decision = decideResend({ emailVerified: false, attempts: pending.attempts, sentAt: pending.sentAt || null }, now);
  if (decision.kind !== "send") return refuse(decision);
  const next = encodePending({ ...pending, attempts: pending.attempts + 1, sentAt: now }, s.env.authSecret);
  return atLeast(started, answer(200, RESEND_MESSAGES.sent, { cookie: pendingCookieHeader(next, s.env.appUrl.startsWith("https:")) }));
}
