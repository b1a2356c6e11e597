/**
 * Our form service: what `POST /api/forms/:kind` and the /feedback and
 * /contact pages' actions (the no-JavaScript post) both run.
 *
 *   1. the body: 32 KB at most; JSON, urlencoded or multipart
 *   2. rate limit per IP (RULES.forms, a flood ceiling): every attempt counts
 *   3. the honeypot: a bot that fills it is told "ok", and its message goes
 *      to the spam folder (so does a post over the rate limit, which is
 *      still refused): an operator can move a false catch to the inbox.
 *      The spam folder has its own ceiling per form (SPAM_PER_DAY).
 *   4. validation with the form service's codes (form-schema.ts): the
 *      built-in forms' three fields, or any fields by a form's own rules
 *      (field-rules.ts)
 *   5. the idempotency key (a header, the form's hidden token, or else the
 *      content): a retry of a stored submission gets the same answer and
 *      stores nothing (infra/http/idempotency.server.ts)
 *   6. the form's ceilings (form-ceilings.server.ts): past the day's, 429
 *   7. the message, its notification mail in the durable outbox
 *      (notifications.server.ts; past the hour's ceiling, its place in the
 *      hour's digest), the form's autoresponder to the sender (at most
 *      AUTOREPLIES_PER_ADDRESS a day per address) and the key, in one
 *      transaction: only then can the answer be a success. The answer never
 *      waits for the mail.
 */
import type { GoalRecorder } from "~/features/analytics/index.server";
import type { Logger } from "pino";
import type { Env } from "~/config/env.server";
import type { DatabaseHandle } from "~/infra/db/database.server";
import { findUnavailable } from "~/infra/db/unavailable";
import { BODY_LIMITS } from "~/infra/http/body-limits";
import { limiterKey } from "~/infra/http/client-address.server";
import { readRequestBody } from "~/infra/http/body.server";
import {
  CLIENT_KEY_TTL_MS,
  CONTENT_KEY_TTL_MS,
  type IdempotencyScope,
  INVALID_KEY_MESSAGE,
  lookUp,
  readIdempotencyKey,
  REUSED_KEY_MESSAGE,
  sha256,
  storeDone,
} from "~/infra/http/idempotency.server";
import type { Refusal } from "~/infra/http/responses";
import type { MailOutbox } from "~/infra/mail/outbox.server";
import type { RateLimiter } from "~/infra/rate-limit/rate-limiter.server";
import type { WebhookQueue } from "~/infra/webhooks/webhook-queue.server";
import { checksFor, RULES } from "~/infra/rate-limit/rules";
import { formAutoreplyMail } from "./mails";
import type { Locale } from "~/shared/i18n/locale";
import { messagesFor } from "~/shared/i18n/messages.server";
import type { FieldRule } from "./field-rules";
import {
  ANY_FIELD_MAX_LENGTH,
  ANY_FIELDS_MAX,
  FIELDS,
  type FormError,
  FORM_MESSAGES,
  type FormValues,
  honeypotFilled,
  validateAnyFields,
  validateSubmission,
} from "./form-schema";
import { isEmail } from "~/shared/lib/field-errors";
import { autoreplyHasRoom, type DayFullness, dayIsFull, lockForm, notifyWithinCeiling, spamHasRoom } from "./form-ceilings.server";
import { hashIp, insertMessage, type StoredMessage } from "./message-store.server";

export interface FormDeps {
  env: Pick<Env, "authSecret" | "appUrl" | "formMailsPerHour" | "formMessagesPerDay">;
  log: Logger;
  database: DatabaseHandle;
  outbox: MailOutbox;
  limiter: RateLimiter;
  /** Each kept message POSTed to its form's webhook, if it has one (infra/webhooks). */
  webhooks?: WebhookQueue;
  /** Counts the "form sent" goal under the visit's source (features/analytics). */
  analytics?: GoalRecorder;
}

export interface Submission {
  /** The form's key: "feedback", "contact", or an operator's form (`/f/:key`). */
  kind: string;
  request: Request;
  /** The client's IP (clientIp()); only its hash is stored. */
  ip: string;
  /** The signed-in, verified user, whose record then lists the message. */
  userId: string | null;
  /**
   * Without a key, treat the same text from the same sender within 10 minutes
   * as one submission (the pages' no-JavaScript post, whose prerendered form
   * cannot carry a token of its own). API clients send Idempotency-Key instead.
   */
  keyByContent?: boolean;
  /**
   * A form of the form service (`/f/:key`): any fields, checked by its own
   * rules, and its autoresponder. Absent: a built-in form (name, email, message).
   */
  custom?: { rules: readonly FieldRule[]; autoreply: { subject: string; body: string } | null };
  /**
   * The language of the page the message was sent from (the pages' action
   * passes its path's): the answers' words, the message's `language` (an
   * operator's reply is written in it) and the autoresponder's. Absent: the
   * API, English.
   */
  locale?: Locale;
  now?: Date;
}

export type SubmitOutcome =
  /** `messageId` null: the honeypot was filled and nothing was kept. `repeated`: a retry of a stored submission, answered again. */
  | { kind: "accepted"; messageId: string | null; repeated?: boolean }
  /** The Idempotency-Key is malformed, or was used for another submission. */
  | { kind: "bad-key"; message: string }
  | { kind: "invalid"; errors: FormError[]; values: Partial<FormValues> }
  | { kind: "too-large" }
  /** A body that is not text we can read (not UTF-8, a NUL, bad JSON, a content type we do not take). */
  | { kind: "unreadable"; status: 400 | 415; message: string }
  /** `message`: what to tell the sender when it is not the usual "Too many attempts" (the form's day is full). */
  | { kind: "rate-limited"; limit: Refusal; values: Partial<FormValues>; message?: string }
  /** The database did not take the message: the sender must be told it failed. */
  | { kind: "unavailable"; values: Partial<FormValues> };

function echo(fields: Record<string, unknown>): Partial<FormValues> {
  const values: Partial<FormValues> = {};
  for (const field of FIELDS) {
    const value = fields[field];
    if (typeof value === "string") values[field] = value;
  }
  return values;
}

/** Thrown inside the transaction when another request stored the same key first: roll back, answer theirs. */
class StoredMeanwhile extends Error {}

/** Thrown inside the transaction when the form's day (or this client's share of it) is full: nothing is stored. */
class DayFull extends Error {
  constructor(readonly fullness: DayFullness) {
    super(fullness.whose === "form" ? "the form's daily ceiling is reached" : "this client's share of the form's day is used");
  }
}

export async function receiveSubmission(deps: FormDeps, submission: Submission): Promise<SubmitOutcome> {
  const { kind, request, ip } = submission;
  const locale = submission.locale ?? "en";
  const t = messagesFor(locale).forms;

  // Read first (at most 32 KB): a refused sender still gets their text back.
  const body = await readRequestBody(request, { limit: BODY_LIMITS.forms });
  const values = body.ok ? echo(body.fields) : {};

  try {
    // Every attempt counts, valid or not.
    const decision = await deps.limiter.consume(checksFor(RULES.forms, ip));
    if (!decision.allowed) {
      if (body.ok) await keepAsSpam(deps, submission, body.fields, "rate limit");
      return { kind: "rate-limited", limit: decision, values };
    }
  } catch (error) {
    // A message is worth more than a perfect limit: with the store down, let it through.
    deps.log.warn({ err: error }, "form rate limit unavailable; accepting the submission");
  }

  if (!body.ok) return body.status === 413 ? { kind: "too-large" } : { kind: "unreadable", status: body.status, message: body.message };

  if (honeypotFilled(body.fields)) {
    // The bot is told it worked; the message waits in the spam folder in case a person filled the trap.
    await keepAsSpam(deps, submission, body.fields, "honeypot");
    return { kind: "accepted", messageId: null };
  }

  // Formspree's `_replyto` names the sender's address when a form has no `email` field.
  const fields = body.fields.email === undefined && typeof body.fields._replyto === "string" ? { ...body.fields, email: body.fields._replyto } : body.fields;
  const validation = submission.custom ? validateAnyFields(fields, submission.custom.rules) : validateSubmission(fields, t);
  const errors = validation.ok ? [] : [...validation.errors];
  if (body.hasFiles) errors.unshift({ code: "NO_FILE_UPLOADS", message: locale === "en" ? FORM_MESSAGES.NO_FILE_UPLOADS : t.noFileUploads });
  if (!validation.ok || errors.length > 0) return { kind: "invalid", errors, values };
  const extra = "extra" in validation.value ? (validation.value.extra as Record<string, string>) : {};

  const now = submission.now ?? new Date();
  // One client is an IPv4 address or an IPv6 /64 (limiterKey), here as in the rate limits.
  const ipHash = hashIp(limiterKey(ip), deps.env.authSecret);
  const given = readIdempotencyKey(request, body.fields);
  if (given.kind === "invalid") return { kind: "bad-key", message: INVALID_KEY_MESSAGE };
  const { name, email, message } = validation.value;
  const extraText = JSON.stringify(extra);
  const idempotency: IdempotencyScope | null =
    given.kind === "key"
      ? { scope: `form:${kind}`, key: given.value, fingerprint: sha256(name, email, message, extraText), ttlMs: CLIENT_KEY_TTL_MS }
      : submission.keyByContent
        ? { scope: `form:${kind}:content`, key: sha256(ipHash, name, email, message, extraText), fingerprint: "content", ttlMs: CONTENT_KEY_TTL_MS }
        : null;

  let stored: StoredMessage;
  try {
    const earlier = idempotency ? await lookUp(deps.database.db, idempotency, now) : null;
    if (earlier?.kind === "mismatch") return { kind: "bad-key", message: REUSED_KEY_MESSAGE };
    if (earlier?.kind === "replay") return { kind: "accepted", messageId: earlier.answer.body || null, repeated: true };
    const ceilings = { mailsPerHour: deps.env.formMailsPerHour, messagesPerDay: deps.env.formMessagesPerDay };
    stored = await deps.database.db.transaction().execute(async (trx) => {
      await lockForm(trx, deps.database.dialect, kind);
      const full = await dayIsFull(trx, kind, ceilings, now, ipHash);
      if (full !== null) throw new DayFull(full);
      const row = await insertMessage(trx, {
        kind,
        values: { name, email, message },
        extra,
        userId: submission.userId,
        ipHash,
        userAgent: request.headers.get("user-agent") ?? "",
        language: locale,
        now,
      });
      await notifyWithinCeiling(trx, deps.outbox, row, { ceilings, now, appUrl: deps.env.appUrl });
      const hook = deps.webhooks ? await trx.selectFrom("form").select("webhook_url").where("key", "=", kind).executeTakeFirst() : undefined;
      if (deps.webhooks && hook?.webhook_url) {
        const payload = { form: kind, message: { id: row.id, name, email, message, fields: extra, created_at: now.toISOString() } };
        await deps.webhooks.enqueue({ formKey: kind, messageId: row.id, url: hook.webhook_url, event: "form.submission", payload }, { db: trx, now });
      }
      const autoreply = submission.custom?.autoreply;
      if (autoreply && email && (await autoreplyHasRoom(trx, email.toLowerCase(), now))) {
        await deps.outbox.enqueue(
          { kind: "form-autoreply", to: email.toLowerCase(), ref: row.id, ...formAutoreplyMail(autoreply.subject, autoreply.body, locale) },
          { db: trx, now, wake: false },
        );
      }
      if (idempotency && !(await storeDone(trx, idempotency, { status: 200, headers: {}, body: row.id }, now))) throw new StoredMeanwhile();
      return row;
    });
  } catch (error) {
    if (error instanceof DayFull) {
      const { whose, retryAfterS } = error.fullness;
      deps.log.warn({ kind, retryAfterS }, `form message refused: ${error.message}`);
      return { kind: "rate-limited", limit: { allowed: false, retryAfterS }, values, message: whose === "form" ? t.dayFull : t.clientDayFull };
    }
    if (error instanceof StoredMeanwhile && idempotency) {
      const earlier = await lookUp(deps.database.db, idempotency, now).catch(() => null);
      if (earlier?.kind === "replay") return { kind: "accepted", messageId: earlier.answer.body || null, repeated: true };
      if (earlier?.kind === "mismatch") return { kind: "bad-key", message: REUSED_KEY_MESSAGE };
    }
    const unavailable = findUnavailable(error);
    if (unavailable)
      deps.log.warn({ kind, dependency: unavailable.dependency, reason: unavailable.reason }, "form message not stored: the database is unavailable");
    else deps.log.error({ err: error, kind }, "could not store a form message");
    return { kind: "unavailable", values };
  }
  deps.outbox.wake();
  deps.webhooks?.wake();
  await deps.analytics?.record("form-sent", { ip, userAgent: request.headers.get("user-agent") ?? "" }, now);
  deps.log.info({ kind, messageId: stored.id, signedIn: Boolean(submission.userId) }, "form message stored");
  return { kind: "accepted", messageId: stored.id };
}

/** What a caught post left, as far as it can be read: the three columns and the other fields, cut to size. */
function spamValues(fields: Record<string, unknown>): { values: FormValues; extra: Record<string, string> } {
  const text = (value: unknown) =>
    typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? String(value).slice(0, ANY_FIELD_MAX_LENGTH) : "";
  // An address only when it is one address: an operator's reply goes to it, and a bot's "a@x, b@y, c@z"
  // must not make the console mail three strangers (issue 38, finding 11). Anything else stays readable below.
  const typed = text(fields.email ?? fields._replyto)
    .trim()
    .slice(0, 254);
  const values: FormValues = { name: text(fields.name).slice(0, 100), email: isEmail(typed) ? typed : "", message: text(fields.message) };
  const extra: Record<string, string> = Object.fromEntries(
    Object.entries(fields)
      .slice(0, ANY_FIELDS_MAX)
      .filter(([name]) => !(FIELDS as readonly string[]).includes(name) && name !== "_replyto" && name !== "_idempotency_key")
      .map(([name, value]) => [name.slice(0, 64), text(value)] as const)
      .filter(([, shown]) => shown !== ""),
  );
  if (typed && !values.email) extra["email (not one address)"] = typed;
  return { values, extra };
}

/**
 * A post the honeypot or a limit caught: kept in the spam folder with the
 * reason (issue 21), never mailed, answered by the caller as before. Within
 * the form's spam ceiling only; past it, or with the database away, dropped
 * and logged (a bot's post is not worth an error).
 */
async function keepAsSpam(deps: FormDeps, submission: Submission, fields: Record<string, unknown>, reason: string): Promise<void> {
  const now = submission.now ?? new Date();
  try {
    if (!(await spamHasRoom(deps.database.db, submission.kind, now))) {
      deps.log.info({ kind: submission.kind, reason }, "caught form post dropped: the spam folder's ceiling is reached");
      return;
    }
    const { values, extra } = spamValues(fields);
    const row = await insertMessage(deps.database.db, {
      kind: submission.kind,
      values,
      extra,
      spamReason: reason,
      userId: null,
      ipHash: hashIp(limiterKey(submission.ip), deps.env.authSecret),
      userAgent: submission.request.headers.get("user-agent") ?? "",
      language: submission.locale ?? "en",
      now,
    });
    deps.log.info({ kind: submission.kind, reason, messageId: row.id }, "form post caught: kept in the spam folder");
  } catch (error) {
    deps.log.warn({ err: error, kind: submission.kind, reason }, "caught form post not kept");
  }
}
