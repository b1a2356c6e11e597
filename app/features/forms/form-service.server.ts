/**
 * Our form service: what `POST /api/forms/:kind` and the /feedback and
 * /contact pages' actions (the no-JavaScript post) both run.
 *
 *   1. the body: 32 KB at most; JSON, urlencoded or multipart
 *   2. rate limit per IP (RULES.forms): every attempt counts
 *   3. the honeypot: a bot that fills it is told "ok", and nothing is kept
 *   4. validation with the form service's codes (form-schema.ts)
 *   5. the message is stored: only then can the answer be a success
 *   6. the notification mail to the company, waited for briefly; if it is
 *      slow or fails, the stored row is retried (notifications.server.ts)
 */
import type { Logger } from "pino";
import type { Env } from "~/config/env.server";
import type { DatabaseHandle } from "~/infra/db/database.server";
import { BODY_LIMITS } from "~/infra/http/body-limits";
import { readRequestBody } from "~/infra/http/body.server";
import type { Refusal } from "~/infra/http/responses";
import type { Mailer } from "~/infra/mail/mailer.server";
import type { RateLimiter } from "~/infra/rate-limit/rate-limiter.server";
import { checksFor, RULES } from "~/infra/rate-limit/rules";
import {
  FIELDS,
  type FormError,
  FORM_MESSAGES,
  type FormValues,
  honeypotFilled,
  validateSubmission,
} from "./form-schema";
import { hashIp, insertMessage } from "./message-store.server";
import { CLAIM_MS, deliverNotification, trackDelivery } from "./notifications.server";

export interface FormDeps {
  env: Pick<Env, "authSecret">;
  log: Logger;
  database: DatabaseHandle;
  mailer: Mailer;
  limiter: RateLimiter;
  /** Told when a signed-in sender's record gains a message (their profile lists it). */
  sessionCache?: { userChanged(userId: string): void };
}

export interface Submission {
  /** The form's key: "feedback", "contact", or an operator's form (`/f/:key`). */
  kind: string;
  request: Request;
  /** The client's IP (clientIp()); only its hash is stored. */
  ip: string;
  /** The signed-in, verified user, whose record then lists the message. */
  userId: string | null;
  now?: Date;
}

export type SubmitOutcome =
  /** `messageId` null: the honeypot was filled and nothing was kept. `notified`: null while the mail is still on its way. */
  | { kind: "accepted"; messageId: string | null; notified: boolean | null }
  | { kind: "invalid"; errors: FormError[]; values: Partial<FormValues> }
  | { kind: "too-large" }
  /** A body that is not text we can read (not UTF-8, a NUL, bad JSON, a content type we do not take). */
  | { kind: "unreadable"; status: 400 | 415; message: string }
  | { kind: "rate-limited"; limit: Refusal; values: Partial<FormValues> }
  /** The database did not take the message: the sender must be told it failed. */
  | { kind: "unavailable"; values: Partial<FormValues> };

/** How long the answer waits for the notification mail before leaving it to finish (or be retried) on its own. */
export const NOTIFY_WAIT_MS = 2_500;

function echo(fields: Record<string, unknown>): Partial<FormValues> {
  const values: Partial<FormValues> = {};
  for (const field of FIELDS) {
    const value = fields[field];
    if (typeof value === "string") values[field] = value;
  }
  return values;
}

function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function receiveSubmission(deps: FormDeps, submission: Submission): Promise<SubmitOutcome> {
  const { kind, request, ip } = submission;

  // Read first (at most 32 KB): a refused sender still gets their text back.
  const body = await readRequestBody(request, { limit: BODY_LIMITS.forms });
  const values = body.ok ? echo(body.fields) : {};

  try {
    // Every attempt counts, valid or not.
    const decision = await deps.limiter.consume(checksFor(RULES.forms, ip));
    if (!decision.allowed) return { kind: "rate-limited", limit: decision, values };
  } catch (error) {
    // A message is worth more than a perfect limit: with the store down, let it through.
    deps.log.warn({ err: error }, "form rate limit unavailable; accepting the submission");
  }

  if (!body.ok) return body.status === 413 ? { kind: "too-large" } : { kind: "unreadable", status: body.status, message: body.message };

  if (honeypotFilled(body.fields)) {
    deps.log.info({ kind, form: "honeypot" }, "form submission dropped: the honeypot was filled");
    return { kind: "accepted", messageId: null, notified: null };
  }

  // Formspree's `_replyto` names the sender's address when a form has no `email` field.
  const fields = body.fields.email === undefined && typeof body.fields._replyto === "string" ? { ...body.fields, email: body.fields._replyto } : body.fields;
  const validation = validateSubmission(fields);
  const errors = validation.ok ? [] : [...validation.errors];
  if (body.hasFiles) errors.unshift({ code: "NO_FILE_UPLOADS", message: FORM_MESSAGES.NO_FILE_UPLOADS });
  if (!validation.ok || errors.length > 0) return { kind: "invalid", errors, values };

  const now = submission.now ?? new Date();
  let stored;
  try {
    stored = await insertMessage(deps.database.db, {
      kind,
      values: validation.value,
      userId: submission.userId,
      ipHash: hashIp(ip, deps.env.authSecret),
      userAgent: request.headers.get("user-agent") ?? "",
      now,
      claimedUntil: new Date(now.getTime() + CLAIM_MS),
    });
  } catch (error) {
    deps.log.error({ err: error, kind }, "could not store a form message");
    return { kind: "unavailable", values };
  }
  deps.log.info({ kind, messageId: stored.id, signedIn: Boolean(submission.userId) }, "form message stored");
  if (submission.userId) deps.sessionCache?.userChanged(submission.userId);

  const delivery = trackDelivery(deliverNotification(deps, stored));
  const notified = await within(delivery, NOTIFY_WAIT_MS);
  return { kind: "accepted", messageId: stored.id, notified };
}
