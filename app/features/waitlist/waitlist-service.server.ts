/**
 * Joining the launch waitlist (issue 21), what the `/waitlist` action runs for
 * a plain post and for the page's fetcher alike:
 *
 *   1. the body (urlencoded or multipart, small), then the rate limit: every
 *      attempt counts per IP, and per address (RULES.waitlist)
 *   2. the honeypot: a bot that fills it is told "check your inbox", nothing is kept
 *   3. the shared check (waitlist-check.ts): each field's error in its slot
 *   4. one row per address. A new address gets a pending row and the
 *      confirmation mail (double opt-in) in one transaction, through the
 *      durable outbox; an address that is confirmed, or pending with a link
 *      mailed within the hour, gets no second mail, and the answer is the
 *      same, so the form does not tell a stranger who is on the list. At most
 *      WAITLIST_MAILS_PER_HOUR confirmations go out per hour in all.
 *   5. the signed-in owner of the address (its verified email) joins at once,
 *      and may change the plan: no mail is needed to prove the address.
 */
import { mailboxKey } from "~/shared/lib/mailbox";
import { DAY_MS, mailsToMailboxSince } from "~/infra/mail/mail-ceilings.server";
import type { GoalRecorder } from "~/features/analytics/index.server";
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { Logger } from "pino";
import type { Env } from "~/config/env.server";
import { honeypotFilled } from "~/features/forms";
import type { DatabaseHandle } from "~/infra/db/database.server";
import { findUnavailable } from "~/infra/db/unavailable";
import { readRequestBody } from "~/infra/http/body.server";
import type { Refusal } from "~/infra/http/responses";
import type { MailOutbox } from "~/infra/mail/outbox.server";
import { waitlistConfirmMail } from "./mails";
import type { RateLimiter } from "~/infra/rate-limit/rate-limiter.server";
import { checksFor, RULES } from "~/infra/rate-limit/rules";
import { type Locale, localizedPath } from "~/shared/i18n/locale";
import { messagesFor } from "~/shared/i18n/messages.server";
import type { FieldErrors } from "~/shared/lib/field-errors";
import { interestLabelIn } from "./interests.server";
import { checkWaitlistJoin, type WaitlistField } from "./waitlist-check";
import {
  confirmationSentAt,
  confirmationsMailedSince,
  confirmOwnEntry,
  findByEmail,
  insertEntry,
  prunePending,
  renewConfirmation,
  tokenHash,
} from "./waitlist-store.server";

/** A pending address gets another link at most this often (a lost mail; a stranger's earlier join). */
export const RESEND_AFTER_MS = 60 * 60_000;
/** Confirmation mails the waitlist sends per hour at most, whoever asks (ADR 0028). */
export const WAITLIST_MAILS_PER_HOUR = 300;
/** Confirmation links one mailbox gets per day at most, whatever `+tag` or dots its addresses carry (issue 38). */
export const WAITLIST_MAILS_PER_MAILBOX_PER_DAY = 3;

class CeilingReached extends Error {}

export { mailboxKey };

export interface WaitlistDeps {
  env: Pick<Env, "authSecret" | "appUrl">;
  log: Logger;
  database: DatabaseHandle;
  outbox: MailOutbox;
  limiter: RateLimiter;
  /** Counts the "waitlist joined" goal under the visit's source (features/analytics). */
  analytics?: GoalRecorder;
}

/** The pages that carry the form; the only places a plain post is sent back to. */
export const WAITLIST_SOURCES = ["/coming-soon", "/pricing", "/product", "/waitlist"] as const;
export type WaitlistSource = (typeof WAITLIST_SOURCES)[number];

export function sourceOf(value: unknown): WaitlistSource {
  return WAITLIST_SOURCES.find((s) => s === value) ?? "/waitlist";
}

export interface JoinValues {
  email: string;
  interest: string;
}

export type JoinOutcome =
  /** A confirmation link is on its way, or the address was on the list already (the answer does not say which). */
  | { kind: "check-inbox"; email: string; source: WaitlistSource }
  /** The signed-in owner of the address: on the list now. */
  | { kind: "joined"; email: string; interest: string; source: WaitlistSource; leave: string }
  | { kind: "invalid"; fieldErrors: FieldErrors<WaitlistField>; values: JoinValues; source: WaitlistSource }
  | { kind: "unreadable"; status: 400 | 413 | 415; message: string }
  | { kind: "rate-limited"; limit: Refusal; values: JoinValues; source: WaitlistSource }
  | { kind: "unavailable"; values: JoinValues; source: WaitlistSource };

/** The signed unsubscribe link of an entry: no row holds it, so it works as long as the entry exists. */
export function unsubscribeToken(secret: string, id: string): string {
  return createHmac("sha256", secret).update(`waitlist-unsubscribe:${id}`).digest("base64url");
}

/** The unsubscribe page of an entry, as a path, in the person's language (/hi/waitlist/unsubscribe for a Hindi joiner). */
export function unsubscribePath(secret: string, id: string, locale: Locale = "en"): string {
  return `${localizedPath("/waitlist/unsubscribe", locale)}?id=${encodeURIComponent(id)}&token=${unsubscribeToken(secret, id)}`;
}

/** The unsubscribe link of a mail: the page above on the site's address. */
export function unsubscribeUrl(env: Pick<Env, "authSecret" | "appUrl">, id: string, locale: Locale = "en"): string {
  return `${env.appUrl}${unsubscribePath(env.authSecret, id, locale)}`;
}

/** The confirmation link's page in the person's language. */
export function confirmUrl(env: Pick<Env, "appUrl">, token: string, locale: Locale = "en"): string {
  return `${env.appUrl}${localizedPath("/waitlist/confirm", locale)}?token=${token}`;
}

export function unsubscribeTokenValid(secret: string, id: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, id));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * `locale`: the language of the page the form was on (the action's path's:
 * a Hindi page's form posts to /hi/waitlist). The field errors are in it, the
 * row keeps it, and the confirmation mail and its links are in it.
 */
export async function joinWaitlist(
  deps: WaitlistDeps,
  { request, ip, viewerEmail, locale = "en", now = new Date() }: { request: Request; ip: string; viewerEmail: string | null; locale?: Locale; now?: Date },
): Promise<JoinOutcome> {
  const body = await readRequestBody(request, { accept: ["urlencoded", "multipart"], limit: 4096 });
  const fields = body.ok ? body.fields : {};
  const text = (name: string) => (typeof fields[name] === "string" ? (fields[name] as string) : "");
  const values: JoinValues = { email: text("email").trim().slice(0, 254), interest: text("interest").slice(0, 80) };
  const source = sourceOf(text("source"));
  const email = values.email.toLowerCase();

  try {
    const decision = await deps.limiter.consume(checksFor(RULES.waitlist, ip, email ? mailboxKey(email) : undefined));
    if (!decision.allowed) return { kind: "rate-limited", limit: decision, values, source };
  } catch (error) {
    deps.log.warn({ err: error }, "waitlist rate limit unavailable; accepting the request");
  }
  if (!body.ok) return { kind: "unreadable", status: body.status === 413 ? 413 : body.status, message: body.message };

  if (honeypotFilled(fields)) {
    deps.log.info({ form: "waitlist" }, "waitlist join dropped: the honeypot was filled");
    return { kind: "check-inbox", email: values.email, source };
  }
  const fieldErrors = checkWaitlistJoin(fields, messagesFor(locale).waitlist);
  if (Object.keys(fieldErrors).length > 0) return { kind: "invalid", fieldErrors, values, source };

  const own = viewerEmail !== null && viewerEmail.toLowerCase() === email;
  // The signed-in owner's place: no mail is sent to them, so the answer carries its way off the list.
  let ownId = null as string | null;
  try {
    let mailed = false;
    let added = false;
    await deps.database.db.transaction().execute(async (trx) => {
      let existing = await findByEmail(trx, email);
      if (own) {
        const id = randomUUID();
        if (!existing && (await insertEntry(trx, { id, email, interest: values.interest, source, confirmed: true, tokenHash: null, language: locale, now }))) {
          added = true;
          ownId = id;
          return;
        }
        // There already, or a stranger's pending row won the race: the owner's press confirms it.
        existing ??= await findByEmail(trx, email);
        if (existing) {
          await confirmOwnEntry(trx, existing.id, values.interest, locale, now);
          ownId = existing.id;
        }
        return;
      }
      // Confirmed, or a link mailed within the hour: nothing to send (joining twice sends no second mail).
      if (existing?.status === "confirmed") return;
      const sentAt = existing ? await confirmationSentAt(trx, existing.id) : null;
      if (existing && sentAt && now.getTime() - new Date(sentAt).getTime() < RESEND_AFTER_MS) return;
      // The waitlist's own ceiling: a flood of addresses must not make us a source of unwanted mail.
      if ((await confirmationsMailedSince(trx, new Date(now.getTime() - 60 * 60_000))) >= WAITLIST_MAILS_PER_HOUR) throw new CeilingReached();
      // And one inbox, however its address is written (`+tags`), gets a few links a day at most (finding 10).
      if ((await mailsToMailboxSince(trx, "waitlist-confirm", email, new Date(now.getTime() - DAY_MS))) >= WAITLIST_MAILS_PER_MAILBOX_PER_DAY) return;
      const token = randomBytes(32).toString("base64url");
      let id: string;
      let interest = values.interest;
      if (existing) {
        // A fresh link for the place as first asked for (the plan chosen then; the mail says which).
        if (!(await renewConfirmation(trx, existing.id, tokenHash(token), sentAt, locale, now))) return;
        ({ id, interest } = existing);
      } else {
        id = randomUUID();
        // Another request for the same address won the race: it sends the mail, this one does not.
        if (!(await insertEntry(trx, { id, email, interest, source, confirmed: false, tokenHash: tokenHash(token), language: locale, now }))) return;
        added = true;
        await prunePending(trx, now);
      }
      // In the language of the page this join came from (the row now says the same), its links to that language's pages.
      const leave = unsubscribeUrl(deps.env, id, locale);
      const mail = waitlistConfirmMail(confirmUrl(deps.env, token, locale), leave, interest ? interestLabelIn(locale, interest) : null, locale);
      await deps.outbox.enqueue({ kind: "waitlist-confirm", to: email, ref: id, listUnsubscribe: leave, ...mail }, { db: trx, now, wake: false });
      mailed = true;
    });
    if (mailed) deps.outbox.wake();
    // A new address on the list (a repeat of a known one is not a second join).
    if (added) await deps.analytics?.record("waitlist-joined", { ip, userAgent: request.headers.get("user-agent") ?? "" }, now);
    deps.log.info({ form: "waitlist", own, mailed }, "waitlist join");
  } catch (error) {
    if (error instanceof CeilingReached) {
      deps.log.warn({ form: "waitlist", perHour: WAITLIST_MAILS_PER_HOUR }, "waitlist join refused: the hour's confirmation mails are used up");
      return { kind: "rate-limited", limit: { allowed: false, retryAfterS: 15 * 60 }, values, source };
    }
    const unavailable = findUnavailable(error);
    if (unavailable) deps.log.warn({ dependency: unavailable.dependency, reason: unavailable.reason }, "waitlist join not stored: the database is unavailable");
    else deps.log.error({ err: error }, "could not store a waitlist join");
    return { kind: "unavailable", values, source };
  }
  return own && ownId
    ? { kind: "joined", email, interest: values.interest, source, leave: unsubscribePath(deps.env.authSecret, ownId, locale) }
    : { kind: "check-inbox", email: values.email, source };
}
