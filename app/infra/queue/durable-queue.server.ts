/**
 * The durable queue under the mail outbox (infra/mail/outbox.server.ts;
 * docs/decisions/0020-durable-mail-outbox.md) and the webhook deliveries
 * (infra/webhooks/webhook-queue.server.ts): rows of a table, written in the
 * request that promises them, and a worker in each instance that sends them.
 * What a row is and how it is sent stay with its owner; this is the part
 * both share.
 *
 *   - The worker claims a due row with a conditional UPDATE that only one
 *     caller can win (`claimed_until`, held `claimMs`), so instances never
 *     send one row twice at once; a crashed sender's claim simply expires,
 *     and a claim whose answer was lost is let go on the next pass.
 *   - It runs when woken, every `pollMs`, and when the next row falls due;
 *     a round runs passes until one finds less than a full batch (at most
 *     `passes`), so a backlog after an outage drains at once.
 *   - A failed attempt waits `retryBaseMs` × 2^(attempts−1), at most 30
 *     minutes, and the attempts go on for 24 hours; then the row is "failed".
 *   - Finished rows are deleted `keepMs` after they were written.
 */
import type { Kysely, Selectable } from "kysely";
import type { Logger } from "pino";
import type { DatabaseHandle } from "~/infra/db/database.server";
import type { Database, Timestamp } from "~/infra/db/schema";
import { toDate } from "~/infra/db/time";
import { detached } from "~/infra/dependency-scope";

/** Retries go on for this long after the row was written (or requeued). */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
export const MAX_BACKOFF_MS = 30 * 60_000;

/** The wait after `attempts` failed attempts. */
export function backoffMs(attempts: number, baseMs: number): number {
  return Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** An error as a row keeps it: its message, at most `max` characters. */
export function errorText(error: unknown, max: number): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, max) || "unknown error";
}

/** The columns every queue table has. */
export interface QueueColumns {
  id: string;
  status: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Timestamp;
  claimed_until: Timestamp | null;
  created_at: Timestamp;
  give_up_at: Timestamp;
}

/** The tables that have them (mail_outbox, webhook_delivery). */
export type QueueTable = { [K in keyof Database]: Database[K] extends QueueColumns ? K : never }[keyof Database];
export type QueueRow<T extends QueueTable> = Selectable<Database[T]>;

/** A new row's queue columns: pending, due at `notBefore`, retried for a day from then. */
export function pendingColumns(now: Date, notBefore = now) {
  return {
    status: "pending" as const,
    attempts: 0,
    last_error: null,
    next_attempt_at: notBefore.toISOString(),
    claimed_until: null,
    created_at: now.toISOString(),
    give_up_at: new Date(notBefore.getTime() + GIVE_UP_AFTER_MS).toISOString(),
  };
}

/** What a failed attempt at `row` leaves on it: its back-off, or, past its give-up time, "failed". */
export function failedAttempt(row: { attempts: number; give_up_at: Date | string }, now: Date, error: string, retryBaseMs: number) {
  const attempts = row.attempts + 1;
  const givingUp = now.getTime() >= toDate(row.give_up_at).getTime();
  const next = new Date(now.getTime() + backoffMs(attempts, retryBaseMs));
  const status = givingUp ? ("failed" as const) : ("pending" as const);
  return { attempts, givingUp, next, columns: { attempts, last_error: error, next_attempt_at: next.toISOString(), claimed_until: null, status } };
}

export interface QueuePassReport {
  /** Rows that went out. */
  done: number;
  failed: number;
  /** Rows another sender claimed between our read and our claim. */
  skipped: number;
}

/** What a queue is made of besides its rows. */
export interface QueueSettings<T extends QueueTable> {
  table: T;
  /** What the logs call it. */
  name: string;
  /** How often the worker looks for due rows besides being woken (crash leftovers, other instances' rows). */
  pollMs: number;
  /** How long a sender holds a row; longer than a send may take. */
  claimMs: number;
  /** Rows read by one pass. */
  batch: number;
  /** Rows sent at once by one worker. */
  senders: number;
  /** Passes one round runs at most while they find full batches. */
  passes: number;
  /** Rows in these statuses are deleted `keepMs` after they were written. */
  finished: readonly string[];
  keepMs: number;
}

/**
 * A queue's worker. An owner (the outbox, the webhook queue) says how a row
 * is sent (`deliver`) and may add to a round (`beforeRound`, `afterRound`),
 * to start() (`onStart`) and to stop() (`finish`).
 */
export abstract class DurableQueue<T extends QueueTable> {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerAt = 0;
  private poller: ReturnType<typeof setInterval> | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  /** Set by stop(): the pass under way finishes the rows it is sending and ends. */
  private stopping = false;
  private lastHousekeeping = 0;
  /** Claims whose answer the database did not give (the connection went mid-update): let go on the next pass. */
  private readonly uncertainClaims = new Map<string, string>();

  constructor(
    protected readonly database: DatabaseHandle,
    protected readonly log: Logger,
    private readonly queue: QueueSettings<T>,
  ) {}

  /** Sends one claimed row and records its outcome: true when it went out. */
  protected abstract deliver(row: QueueRow<T>, now: Date): Promise<boolean>;

  /** Before a round's passes (`now`: when it began); false: none this round. */
  protected async beforeRound(_now: number): Promise<boolean> {
    return true;
  }

  /** After a round's passes, once the next due row is scheduled. */
  protected afterRound(): void {}

  /** When the worker starts. */
  protected onStart(): void {}

  /** What stop() still waits for after the round under way (within the same limit). */
  protected async finish(): Promise<void> {}

  /**
   * The database as the queue sees it: one table of queue columns, named
   * `queue` for the compiler; `table` is its real name (mail_outbox, …).
   */
  private get queueDb(): Kysely<{ queue: QueueColumns }> {
    return this.database.db as unknown as Kysely<{ queue: QueueColumns }>;
  }

  private get table(): "queue" {
    return this.queue.table as string as "queue";
  }

  /** Asks for a pass soon (after the current one, if one runs). */
  wake(): void {
    if (!this.held()) this.schedule(0);
  }

  /** True when no round may start now: stopped, or one runs (then another follows it). */
  private held(): boolean {
    if (this.stopped) return true;
    if (this.running) this.again = true;
    return this.running !== null;
  }

  /** A round in `ms` (an earlier one already scheduled stays). */
  protected schedule(ms: number): void {
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

  /** A round at the time `at` (ms since the epoch), but within `pollMs` and not sooner than 50 ms. */
  protected scheduleAt(at: number): void {
    this.schedule(Math.min(this.queue.pollMs, Math.max(50, at - Date.now())));
  }

  /** Starts the worker: a round now, when woken, and every `pollMs`. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.stopping = false;
    this.onStart();
    this.poller = detached(() => setInterval(() => this.tick(), this.queue.pollMs));
    this.poller.unref();
    this.wake();
  }

  /** Stops the worker; waits (at most `timeoutMs`) for the round under way. A send cut short is retried later by whoever runs next. */
  async stop(timeoutMs = 5_000): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    clearInterval(this.poller);
    clearTimeout(this.timer);
    this.timer = undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    if (this.running) await Promise.race([this.running, limit]);
    await Promise.race([this.finish(), limit]);
    clearTimeout(timer);
  }

  private tick(): void {
    if (this.held()) return;
    this.running = this.round()
      .catch((error: unknown) => this.log.warn({ err: error }, `${this.queue.name} pass failed; it runs again shortly`))
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async round(): Promise<void> {
    const { table } = this;
    const { batch, passes, finished, keepMs } = this.queue;
    const now = Date.now();
    if (!(await this.beforeRound(now))) return;
    for (let i = 0; i < passes && !this.stopping; i++) {
      const report = await this.pass();
      if (report.done + report.failed + report.skipped < batch) break;
    }
    // The next row that falls due (a retry after its back-off).
    const next = await this.queueDb
      .selectFrom(table)
      .select((eb) => eb.fn.min("next_attempt_at").as("at"))
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (next?.at) this.scheduleAt(toDate(next.at).getTime());
    this.afterRound();
    if (now - this.lastHousekeeping >= 60 * 60_000) {
      this.lastHousekeeping = now;
      await this.queueDb
        .deleteFrom(table)
        .where("status", "in", finished)
        .where("created_at", "<", new Date(now - keepMs).toISOString())
        .execute();
    }
  }

  /** One pass over the rows due at `now`, oldest first, `senders` at a time. */
  protected async pass({ now = new Date(), limit = this.queue.batch }: { now?: Date; limit?: number } = {}): Promise<QueuePassReport> {
    const { table } = this;
    const { claimMs, senders } = this.queue;
    const db = this.queueDb;
    if (this.uncertainClaims.size > 0) await this.releaseUncertainClaims();
    const nowIso = now.toISOString();
    const due = await db
      .selectFrom(table)
      .selectAll()
      .where("status", "=", "pending")
      .where("next_attempt_at", "<=", nowIso)
      .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", nowIso)]))
      .orderBy("next_attempt_at")
      .limit(limit)
      .execute();

    const report: QueuePassReport = { done: 0, failed: 0, skipped: 0 };
    const holdUntil = new Date(now.getTime() + claimMs).toISOString();
    // A few at a time: a backlog after an outage drains several times faster than one by one.
    let next = 0;
    const sender = async () => {
      while (next < due.length && !this.stopping) {
        const row = due[next++]!;
        let claim;
        try {
          claim = await db
            .updateTable(table)
            .set({ claimed_until: holdUntil })
            .where("id", "=", row.id)
            .where("status", "=", "pending")
            .where("attempts", "=", row.attempts)
            .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", nowIso)]))
            .executeTakeFirst();
        } catch (error) {
          // The update may have happened with its answer lost: the row would sit claimed by nobody for claimMs.
          this.uncertainClaims.set(row.id, holdUntil);
          throw error;
        }
        if (Number(claim.numUpdatedRows) !== 1) {
          report.skipped += 1;
          continue;
        }
        if (await this.deliver(row as QueueRow<T>, now)) report.done += 1;
        else report.failed += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(senders, due.length) }, sender));
    return report;
  }

  /** Lets go of claims we may hold without knowing (only where the claim is still exactly ours). */
  private async releaseUncertainClaims(): Promise<void> {
    for (const [id, holdUntil] of this.uncertainClaims) {
      await this.queueDb
        .updateTable(this.table)
        .set({ claimed_until: null })
        .where("id", "=", id)
        .where("status", "=", "pending")
        .where("claimed_until", "=", holdUntil)
        .execute();
      this.uncertainClaims.delete(id);
    }
  }

  /**
   * An operator's "retry now": the row `id` is due at once, with a fresh day
   * of retries, unless a sender holds it (or its status is not one of
   * `from`). True when there was such a row; the worker is woken.
   */
  protected async requeue(id: string, now: Date, from?: readonly string[]): Promise<boolean> {
    const nowIso = now.toISOString();
    let update = this.queueDb
      .updateTable(this.table)
      .set({ status: "pending", next_attempt_at: nowIso, give_up_at: new Date(now.getTime() + GIVE_UP_AFTER_MS).toISOString() })
      .where("id", "=", id);
    if (from) update = update.where("status", "in", from);
    const result = await update.where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", nowIso)])).executeTakeFirst();
    const found = Number(result.numUpdatedRows) === 1;
    if (found) this.wake();
    return found;
  }
}
