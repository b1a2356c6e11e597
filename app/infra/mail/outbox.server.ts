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
 *     at once; a crashed sender's claim simply expires. The claim, the
 *     worker's loop and the back-off are the durable queue's, shared with
 *     the webhook deliveries (infra/queue/durable-queue.server.ts).
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
import { DurableQueue, errorText, failedAttempt, pendingColumns } from "~/infra/queue/durable-queue.server";
import type { MailMessage, Mailer } from "./mailer.server";

export { backoffMs, GIVE_UP_AFTER_MS, MAX_BACKOFF_MS } from "~/infra/queue/durable-queue.server";

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
  "codes-paused",
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
/** Sent rows are kept this long (for duplicate questions), then deleted. */
export const KEEP_SENT_MS = 7 * 24 * 60 * 60_000;
const BATCH = 25;
/** Mails sent at once by one worker. */
const SENDERS = 4;
const ERROR_MAX = 500;

/** A recipient as the logs name it: enough to correlate, not an address. */
export function recipientHash(address: string): string {
  return createHash("sha256").update(address.trim().toLowerCase()).digest("hex").slice(0, 12);
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

export class MailOutbox extends DurableQueue<"mail_outbox"> {
  private readonly hooks = new Map<MailKind, OutcomeHooks>();
  /** Since when sends have been failing (null: the last attempt worked). */
  private failingSince: number | null = null;
  private lastProbe = 0;
  /** Rows sent whose success the database did not take yet (it was down): recorded on the next passes. */
  private readonly unrecorded = new Map<string, { row: OutboxRow; sentAt: string; hookDone: boolean }>();

  constructor(
    database: DatabaseHandle,
    private readonly mailer: Mailer,
    log: Logger,
    private readonly options: OutboxOptions,
  ) {
    // Passes until nothing is due: a backlog after an outage drains at once.
    super(database, log, {
      table: "mail_outbox",
      name: "mail outbox",
      pollMs: options.pollMs ?? 10_000,
      claimMs: CLAIM_MS,
      batch: BATCH,
      senders: SENDERS,
      passes: 40,
      finished: ["sent", "superseded"],
      keepMs: KEEP_SENT_MS,
    });
  }

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
    {
      db = this.database.db,
      now = new Date(),
      wake = true,
      id = randomUUID(),
      notBefore = now,
    }: { db?: Db; now?: Date; wake?: boolean; id?: string; notBefore?: Date } = {},
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
        ...pendingColumns(now, notBefore),
        sent_at: null,
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
   * Deletes the copies of an account's mails that are done with (sent, superseded or given up), and of
   * the mails about its messages (`refs`: replies, autoreplies, notifications): an erased account
   * leaves no mail text behind. Mails still waiting are sent first, then go with the other sent rows
   * after KEEP_SENT_MS.
   */
  async forgetAccountMail(userId: string, refs: string[] = []): Promise<void> {
    const db = this.database.db;
    await db.deleteFrom("mail_outbox").where("user_id", "=", userId).where("status", "!=", "pending").execute();
    for (let i = 0; i < refs.length; i += 500) {
      await db
        .deleteFrom("mail_outbox")
        .where("ref", "in", refs.slice(i, i + 500))
        .where("status", "!=", "pending")
        .execute();
    }
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

  /** Mail left waiting by an earlier run: ask the mail server at once whether it answers, then send it. */
  protected override onStart(): void {
    this.failingSince = 0;
    this.lastProbe = 0;
  }

  /** Before the worker's passes: records what it could not, and asks a failing mail server whether it is back. */
  protected override async beforeRound(now: number): Promise<boolean> {
    if (this.unrecorded.size > 0) {
      await this.recordUnrecorded();
      // The database still does not answer: nothing else can be done meanwhile; try again in a second.
      if (this.unrecorded.size > 0) {
        this.schedule(1_000);
        return false;
      }
    }
    if (this.failingSince !== null && now - this.lastProbe >= this.options.retryBaseMs) {
      this.lastProbe = now;
      await this.probeMailServer();
    }
    return true;
  }

  /** The next question to a failing mail server. */
  protected override afterRound(): void {
    if (this.failingSince !== null) this.scheduleAt(this.lastProbe + this.options.retryBaseMs);
  }

  /** Successes still unrecorded get a last chance (else they are sent again, same Message-ID, after their claim). */
  protected override finish(): Promise<void> {
    return this.recordUnrecorded();
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
  async runOnce(options: { now?: Date; limit?: number } = {}): Promise<PassReport> {
    const { done, failed, skipped } = await this.pass(options);
    return { sent: done, failed, skipped };
  }

  /** Sends one claimed row and records the outcome. Never throws; true when it went out. */
  protected async deliver(row: OutboxRow, now: Date): Promise<boolean> {
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
      const text = errorText(error, ERROR_MAX);
      const { attempts, givingUp, next, columns } = failedAttempt(row, now, text, this.options.retryBaseMs);
      if (givingUp) this.log.error({ ...logFields, error: text }, "mail not delivered after 24 hours of retries; given up (see /admin/mail)");
      else this.log.warn({ ...logFields, error: text, nextAttempt: next.toISOString() }, "mail not delivered; it will be retried");
      this.failingSince ??= now.getTime();
      this.lastProbe = Math.max(this.lastProbe, now.getTime());
      try {
        await db.updateTable("mail_outbox").set(columns).where("id", "=", row.id).execute();
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
      this.log.warn({ mailId: row.id, error: errorText(error, ERROR_MAX) }, "mail sent; recording it once the database answers again");
      this.schedule(1_000);
    }
    if (wasFailing) await this.recovered().catch(() => {});
    return true;
  }

  /** Marks a sent row sent (unconditionally: the claim is still ours) and tells its kind's hook. */
  private async record(entry: { row: OutboxRow; sentAt: string; hookDone: boolean }): Promise<void> {
    const db = this.database.db;
    await db
      .updateTable("mail_outbox")
      .set({ status: "sent", sent_at: entry.sentAt, claimed_until: null, last_error: null })
      .where("id", "=", entry.row.id)
      .execute();
    if (!entry.hookDone) {
      await this.hooks.get(entry.row.kind as MailKind)?.sent?.(entry.row, db);
      entry.hookDone = true;
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
  retryNow(id: string, now = new Date()): Promise<boolean> {
    return this.requeue(id, now, ["pending", "failed"]);
  }
}
