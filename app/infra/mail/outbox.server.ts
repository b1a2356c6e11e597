/**
 * The durable mail outbox (docs/decisions/0020-durable-mail-outbox.md): every
 * mail the app sends is a row in `mail_outbox`, written in the request that
 * promises it, and a worker in each instance sends it.
 *
 *   - A request never waits for the mail server: `enqueue()` is one insert
 *     (inside the caller's transaction when it passes one), then the worker
 *     is woken.
 *   - The worker claims a due row with a conditional UPDATE that only one
 *     caller can win (`claimed_until`), so instances never send one row twice
 *     at once; a crashed sender's claim simply expires.
 *   - A success the database did not take (it went away between the send
 *     and the record) is kept in memory and recorded as soon as it answers
 *     again, while the row is still claimed: the mail is not sent twice.
 *     Only a process that dies in that window leaves the row to be sent again
 *     when its claim expires, and then with the same Message-ID
 *     (`<row id@APP_URL's host>`), so receivers recognise the repeat.
 *   - A failed attempt waits `retryBaseMs` × 2^(attempts−1), at most 30
 *     minutes, and the attempts go on for 24 hours; then the row is "failed"
 *     and stays visible to operators (/admin/mail) with its last error.
 *   - While mail is failing, the worker asks the mail server every
 *     `retryBaseMs` whether it answers again (SMTP: a connection and NOOP);
 *     the moment it does, every waiting row is due at once instead of at
 *     the end of its back-off.
 *   - Features hear about outcomes through hooks per kind (a sent form
 *     notification marks its message notified; a failed verification mail
 *     gives its resend attempt back).
 */
import { mailboxKey } from "~/shared/lib/mailbox";
import { createHash, randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Logger } from "pino";
import type { DatabaseHandle } from "~/infra/db/database.server";
import type { Database, MailOutboxTable } from "~/infra/db/schema";
import { toDate } from "~/infra/db/time";
import { detached } from "~/infra/dependency-scope";
import type { MailMessage, Mailer } from "./mailer.server";

/** What a mail is for: the console lists it, the logs name it, hooks are registered per kind. */
export const MAIL_KINDS = [
  "verification",
  "password-reset",
  "existing-account",
  "delete-account",
  "password-changed",
  "email-verified",
  "account-deleted",
  "form-notification",
  "form-digest",
  "new-sign-in",
  "two-factor-changed",
  "passkey-changed",
  "connection-changed",
  "waitlist-confirm",
  "form-autoreply",
  "operator-reply",
  "weekly-summary",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export type OutboxRow = Selectable<MailOutboxTable>;
type Db = Kysely<Database>;

export interface NewMail extends MailMessage {
  kind: MailKind;
  /** The account the mail is about (verification counters); not a reference: deletion notices outlive the user. */
  userId?: string | null;
  /** What the mail is about, e.g. the form message it announces. */
  ref?: string | null;
}

export interface OutcomeHooks {
  /** The mail went out. `afterFailures`: earlier attempts had failed. */
  sent?(row: OutboxRow, db: Db): Promise<void>;
  /** An attempt failed (`row.attempts` already counts it). */
  failed?(row: OutboxRow, db: Db, error: string): Promise<void>;
}

export interface OutboxOptions {
  /** The first retry's wait; also how often a failing mail server is asked whether it is back. */
  retryBaseMs: number;
  /** How often the worker looks for due rows besides being woken (crash leftovers, other instances' rows). */
  pollMs?: number;
  /** Message-IDs are `<id@domain>`. */
  messageIdDomain: string;
}

/** The longest one send may take before it counts as failed (nodemailer's own timeouts are shorter). */
export const SEND_TIMEOUT_MS = 60_000;
/** A sender holds a row this long; longer than a send may take. */
export const CLAIM_MS = 2 * SEND_TIMEOUT_MS;
/** Retries go on for this long after the mail was written. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
export const MAX_BACKOFF_MS = 30 * 60_000;
/** Sent rows are kept this long (for duplicate questions), then deleted. */
export const KEEP_SENT_MS = 7 * 24 * 60 * 60_000;
const BATCH = 25;
/** Mails sent at once by one worker. */
const SENDERS = 4;
const ERROR_MAX = 500;

/** The wait after `attempts` failed attempts. */
export function backoffMs(attempts: number, baseMs: number): number {
  return Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** A recipient as the logs name it: enough to correlate, not an address. */
export function recipientHash(address: string): string {
  return createHash("sha256").update(address.trim().toLowerCase()).digest("hex").slice(0, 12);
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX) || "unknown error";
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the mail server within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface PassReport {
  sent: number;
  failed: number;
  /** Rows another sender claimed between our read and our claim. */
  skipped: number;
}

export class MailOutbox {
  private readonly hooks = new Map<MailKind, OutcomeHooks>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerAt = 0;
  private poller: ReturnType<typeof setInterval> | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  /** Set by stop(): the pass under way finishes the row it is sending and ends. */
  private stopping = false;
  /** Since when sends have been failing (null: the last attempt worked). */
  private failingSince: number | null = null;
  private lastProbe = 0;
  private lastHousekeeping = 0;
  /** Claims whose answer the database did not give (the connection went mid-update): let go on the next pass. */
  private readonly uncertainClaims = new Map<string, string>();
  /** Rows sent whose success the database did not take yet (it was down): recorded on the next passes. */
  private readonly unrecorded = new Map<string, { row: OutboxRow; sentAt: string; hookDone: boolean }>();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly mailer: Mailer,
    private readonly log: Logger,
    private readonly options: OutboxOptions,
  ) {}

  /** Registers what a feature wants to hear about mails of `kind`. */
  on(kind: MailKind, hooks: OutcomeHooks): void {
    this.hooks.set(kind, hooks);
  }

  /**
   * Writes the mail to the outbox, in `db` (a transaction of the caller's, so
   * that the mail and what it announces are stored together) or on its own.
   * The worker is woken; pass `wake: false` inside a transaction and call
   * `wake()` after the commit.
   */
  async enqueue(
    mail: NewMail,
    { db = this.database.db, now = new Date(), wake = true, id = randomUUID(), notBefore = now }: { db?: Db; now?: Date; wake?: boolean; id?: string; notBefore?: Date } = {},
  ): Promise<string> {
    await db
      .insertInto("mail_outbox")
      .values({
        id,
        kind: mail.kind,
        to_address: mail.to,
        to_mailbox: mailboxKey(mail.to),
        reply_to: mail.replyTo ?? null,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        user_id: mail.userId ?? null,
        ref: mail.ref ?? null,
        status: "pending",
        attempts: 0,
        last_error: null,
        next_attempt_at: notBefore.toISOString(),
        claimed_until: null,
        created_at: now.toISOString(),
        sent_at: null,
        give_up_at: new Date(notBefore.getTime() + GIVE_UP_AFTER_MS).toISOString(),
        list_unsubscribe: mail.listUnsubscribe ?? null,
      })
      .execute();
    if (wake) this.wake();
    return id;
  }

  /**
   * Mails of `kind` about `userId` still waiting (not being sent right now) give way to a new one:
   * they are marked superseded and never sent. For a mail whose newest copy alone matters (a
   * verification link after an outage: one mail arrives, not a pile).
   */
  async supersedeWaiting(kind: MailKind, userId: string, now = new Date()): Promise<void> {
    await this.database.db
      .updateTable("mail_outbox")
      .set({ status: "superseded" })
      .where("user_id", "=", userId)
      .where("kind", "=", kind)
      .where("status", "=", "pending")
      .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", now.toISOString())]))
      .execute();
  }

  /**
   * The mail `id` with new content, or, when there is no such row yet, a new
   * one (`mail`, due at `notBefore`). A mail already being sent or sent keeps
   * its content. For a mail that sums up what happened until it is due (the
   * forms' hourly digest): each event rewrites it, the worker sends the last.
   */
  async upsertPending(id: string, mail: NewMail, { db, now, notBefore }: { db: Db; now: Date; notBefore: Date }): Promise<void> {
    const revised = await db
      .updateTable("mail_outbox")
      .set({ subject: mail.subject, text: mail.text, html: mail.html })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .where("attempts", "=", 0)
      .where("claimed_until", "is", null)
      .executeTakeFirst();
    if (Number(revised.numUpdatedRows) > 0) return;
    const exists = await db.selectFrom("mail_outbox").select("id").where("id", "=", id).executeTakeFirst();
    if (!exists) await this.enqueue(mail, { db, now, notBefore, id, wake: false });
  }

  /** Asks for a pass soon (after the current one, if one runs). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  /** A pass in `ms` (an earlier one already scheduled stays). */
  private schedule(ms: number): void {
    if (this.stopped) return;
    const at = Date.now() + ms;
    if (this.timer && this.timerAt <= at) return;
    clearTimeout(this.timer);
    this.timerAt = at;
    // Started from a request (enqueue wakes the worker), the timer must not run in that request's scope.
    this.timer = detached(() =>
      setTimeout(() => {
        this.timer = undefined;
        this.tick();
      }, ms),
    );
    this.timer.unref?.();
  }

  /** Starts the worker: a pass now, when woken, and every `pollMs`. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.stopping = false;
    // Mail left waiting by an earlier run: ask the mail server at once whether it answers, then send it.
    this.failingSince = 0;
    this.lastProbe = 0;
    this.poller = detached(() => setInterval(() => this.tick(), this.options.pollMs ?? 10_000));
    this.poller.unref();
    this.wake();
  }

  /** Stops the worker; waits (at most `timeoutMs`) for the pass under way. A send cut short is retried later by whoever runs next. */
  async stop(timeoutMs = 5_000): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    clearInterval(this.poller);
    clearTimeout(this.timer);
    this.timer = undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    if (this.running) await Promise.race([this.running, limit]);
    // Successes still unrecorded get a last chance (else they are sent again, same Message-ID, after their claim).
    if (this.unrecorded.size > 0) await Promise.race([this.recordUnrecorded(), limit]);
    clearTimeout(timer);
  }

  private tick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.work()
      .catch((error: unknown) => this.log.warn({ err: error }, "mail outbox pass failed; it runs again shortly"))
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async work(): Promise<void> {
    const now = Date.now();
    if (this.unrecorded.size > 0) {
      await this.recordUnrecorded();
      // The database still does not answer: nothing else can be done meanwhile; try again in a second.
      if (this.unrecorded.size > 0) {
        this.schedule(1_000);
        return;
      }
    }
    if (this.uncertainClaims.size > 0) await this.releaseUncertainClaims();
    if (this.failingSince !== null && now - this.lastProbe >= this.options.retryBaseMs) {
      this.lastProbe = now;
      await this.probeMailServer();
    }
    // Passes until nothing is due: a backlog after an outage drains at once.
    for (let i = 0; i < 40 && !this.stopping; i++) {
      const report = await this.runOnce();
      if (report.sent + report.failed + report.skipped < BATCH) break;
    }
    // The next row that falls due (a retry after its back-off), and the next question to a failing mail server.
    const next = await this.database.db
      .selectFrom("mail_outbox")
      .select((eb) => eb.fn.min("next_attempt_at").as("at"))
      .where("status", "=", "pending")
      .executeTakeFirst();
    const pollMs = this.options.pollMs ?? 10_000;
    if (next?.at) this.schedule(Math.min(pollMs, Math.max(50, toDate(next.at).getTime() - Date.now())));
    if (this.failingSince !== null) this.schedule(Math.min(pollMs, Math.max(50, this.lastProbe + this.options.retryBaseMs - Date.now())));
    if (now - this.lastHousekeeping >= 60 * 60_000) {
      this.lastHousekeeping = now;
      await this.database.db.deleteFrom("mail_outbox").where("status", "in", ["sent", "superseded"]).where("created_at", "<", new Date(now - KEEP_SENT_MS).toISOString()).execute();
    }
  }

  /** While sending fails: is the mail server back? Then every waiting row is due now. */
  private async probeMailServer(): Promise<void> {
    try {
      await within(this.mailer.verify(), 10_000);
    } catch {
      return;
    }
    await this.recovered();
  }

  private async recovered(): Promise<void> {
    this.failingSince = null;
    const result = await this.database.db
      .updateTable("mail_outbox")
      .set({ next_attempt_at: new Date().toISOString() })
      .where("status", "=", "pending")
      .where("attempts", ">", 0)
      .where("next_attempt_at", ">", new Date().toISOString())
      .executeTakeFirst();
    const waiting = Number(result.numUpdatedRows);
    if (waiting > 0) this.log.info({ mails: waiting }, "the mail server answers again: sending the waiting mail now");
  }

  /** One pass over the rows due at `now`, oldest first. Tests call it with a clock. */
  async runOnce({ now = new Date(), limit = BATCH }: { now?: Date; limit?: number } = {}): Promise<PassReport> {
    const db = this.database.db;
    const nowIso = now.toISOString();
    const due = await db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("status", "=", "pending")
      .where("next_attempt_at", "<=", nowIso)
      .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", nowIso)]))
      .orderBy("next_attempt_at")
      .limit(limit)
      .execute();

    const report: PassReport = { sent: 0, failed: 0, skipped: 0 };
    const holdUntil = new Date(now.getTime() + CLAIM_MS).toISOString();
    // A few at a time: a backlog after an outage drains several times faster than one by one.
    let next = 0;
    const sender = async () => {
      while (next < due.length && !this.stopping) {
        const row = due[next++]!;
        let claim;
        try {
          claim = await db
            .updateTable("mail_outbox")
            .set({ claimed_until: holdUntil })
            .where("id", "=", row.id)
            .where("status", "=", "pending")
            .where("attempts", "=", row.attempts)
            .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", nowIso)]))
            .executeTakeFirst();
        } catch (error) {
          // The update may have happened with its answer lost: the row would sit claimed by nobody for CLAIM_MS.
          this.uncertainClaims.set(row.id, holdUntil);
          throw error;
        }
        if (Number(claim.numUpdatedRows) !== 1) {
          report.skipped += 1;
          continue;
        }
        if (await this.deliver(row, now)) report.sent += 1;
        else report.failed += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(SENDERS, due.length) }, sender));
    return report;
  }

  /** Sends one claimed row and records the outcome. Never throws; true when it went out. */
  private async deliver(row: OutboxRow, now: Date): Promise<boolean> {
    const db = this.database.db;
    const logFields = { mailId: row.id, kind: row.kind, recipient: recipientHash(row.to_address), attempt: row.attempts + 1 };
    try {
      await within(
        this.mailer.send({
          to: row.to_address,
          subject: row.subject,
          text: row.text,
          html: row.html,
          replyTo: row.reply_to ?? undefined,
          messageId: `<${row.id}@${this.options.messageIdDomain}>`,
          listUnsubscribe: row.list_unsubscribe ?? undefined,
        }),
        SEND_TIMEOUT_MS,
      );
    } catch (error) {
      const text = errorText(error);
      const attempts = row.attempts + 1;
      const givingUp = now.getTime() >= toDate(row.give_up_at).getTime();
      const next = new Date(now.getTime() + backoffMs(attempts, this.options.retryBaseMs));
      if (givingUp) this.log.error({ ...logFields, error: text }, "mail not delivered after 24 hours of retries; given up (see /admin/mail)");
      else this.log.warn({ ...logFields, error: text, nextAttempt: next.toISOString() }, "mail not delivered; it will be retried");
      this.failingSince ??= now.getTime();
      this.lastProbe = Math.max(this.lastProbe, now.getTime());
      try {
        await db
          .updateTable("mail_outbox")
          .set({ attempts, last_error: text, next_attempt_at: next.toISOString(), claimed_until: null, status: givingUp ? "failed" : "pending" })
          .where("id", "=", row.id)
          .execute();
        await this.hooks.get(row.kind as MailKind)?.failed?.({ ...row, attempts, last_error: text }, db, text);
      } catch (dbError) {
        // The claim expires by itself; the row is retried then.
        this.log.error({ err: dbError, mailId: row.id }, "could not record a failed mail attempt");
      }
      return false;
    }
    const wasFailing = this.failingSince !== null;
    this.log.info({ ...logFields }, "mail sent");
    const entry = { row, sentAt: new Date().toISOString(), hookDone: false };
    try {
      await this.record(entry);
    } catch (error) {
      // The database went away between the send and the record: remember it, record it when it is back.
      this.unrecorded.set(row.id, entry);
      this.log.warn({ mailId: row.id, error: errorText(error) }, "mail sent; recording it once the database answers again");
      this.schedule(1_000);
    }
    if (wasFailing) await this.recovered().catch(() => {});
    return true;
  }

  /** Marks a sent row sent (unconditionally: the claim is still ours) and tells its kind's hook. */
  private async record(entry: { row: OutboxRow; sentAt: string; hookDone: boolean }): Promise<void> {
    const db = this.database.db;
    await db.updateTable("mail_outbox").set({ status: "sent", sent_at: entry.sentAt, claimed_until: null, last_error: null }).where("id", "=", entry.row.id).execute();
    if (!entry.hookDone) {
      await this.hooks.get(entry.row.kind as MailKind)?.sent?.(entry.row, db);
      entry.hookDone = true;
    }
  }

  /** Lets go of claims we may hold without knowing (only where the claim is still exactly ours). */
  private async releaseUncertainClaims(): Promise<void> {
    for (const [id, holdUntil] of this.uncertainClaims) {
      await this.database.db.updateTable("mail_outbox").set({ claimed_until: null }).where("id", "=", id).where("status", "=", "pending").where("claimed_until", "=", holdUntil).execute();
      this.uncertainClaims.delete(id);
    }
  }

  private async recordUnrecorded(): Promise<void> {
    for (const [id, entry] of this.unrecorded) {
      try {
        await this.record(entry);
        this.unrecorded.delete(id);
        this.log.info({ mailId: id }, "mail sent earlier is now recorded");
      } catch {
        return;
      }
    }
  }

  /** An operator's "retry now": a waiting or given-up row is due at once. True when there was such a row. */
  async retryNow(id: string, now = new Date()): Promise<boolean> {
    const result = await this.database.db
      .updateTable("mail_outbox")
      .set({ status: "pending", next_attempt_at: now.toISOString(), give_up_at: new Date(now.getTime() + GIVE_UP_AFTER_MS).toISOString() })
      .where("id", "=", id)
      .where("status", "in", ["pending", "failed"])
      .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", now.toISOString())]))
      .executeTakeFirst();
    const found = Number(result.numUpdatedRows) === 1;
    if (found) this.wake();
    return found;
  }
}
