/**
 * The notification mail to the company for every stored message, with
 * retries that survive mail outages, restarts and several instances.
 *
 * A row is "held" while `notify_claimed_until` is in the future: the request
 * that stores a message holds it while it sends the mail itself; a retry pass
 * takes a row only with a conditional UPDATE that succeeds for one caller, so
 * two instances never send the same mail twice at once. After a failure the
 * same column says when the next attempt may start (backing off from 1 minute
 * to 1 hour); after MAX_NOTIFY_ATTEMPTS failures the row is left alone; it is
 * still in the database and `npm run messages` shows it as not notified.
 */
import type { Logger } from "pino";
import { site } from "~/config/site";
import type { DatabaseHandle } from "~/infra/db/database.server";
import type { Mailer } from "~/infra/mail/mailer.server";
import { formNotificationMail } from "~/infra/mail/templates";
import type { StoredMessage } from "./message-store.server";

export interface NotifyDeps {
  database: DatabaseHandle;
  mailer: Mailer;
  log: Logger;
}

/** How long a sender holds a row; longer than the mailer's own timeouts. */
export const CLAIM_MS = 2 * 60_000;
export const MAX_NOTIFY_ATTEMPTS = 10;
export const RETRY_INTERVAL_MS = 30_000;
const RETRY_BATCH = 20;
const ERROR_MAX = 500;

/** Wait before the next attempt after `failures` failed ones: 1, 2, 4 … minutes, at most an hour. */
export function retryDelayMs(failures: number): number {
  return Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, failures - 1));
}

/** The form's own notification address, else the company's. */
async function notificationAddress(db: NotifyDeps["database"]["db"], formKey: string): Promise<string> {
  const form = await db.selectFrom("form").select("notify_email").where("key", "=", formKey).executeTakeFirst();
  return form?.notify_email || site.contactEmail;
}

type Notifiable = Pick<StoredMessage, "id" | "kind" | "name" | "email" | "message" | "notify_attempts">;

/**
 * Sends the notification for a message the caller holds and records the
 * outcome. Never throws; true when the mail went out.
 */
export async function deliverNotification(deps: NotifyDeps, message: Notifiable, clock: () => Date = () => new Date()): Promise<boolean> {
  const db = deps.database.db;
  try {
    const mail = formNotificationMail(message.kind, { name: message.name, email: message.email }, message.message);
    await deps.mailer.send({ to: await notificationAddress(db, message.kind), replyTo: message.email, ...mail });
  } catch (error) {
    const failures = message.notify_attempts + 1;
    const text = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX) || "unknown error";
    const next = new Date(clock().getTime() + retryDelayMs(failures));
    const log = { err: error, messageId: message.id, attempts: failures };
    if (failures >= MAX_NOTIFY_ATTEMPTS) deps.log.error(log, "form notification failed for the last time; the message stays in the database (npm run messages)");
    else deps.log.warn({ ...log, nextAttempt: next.toISOString() }, "form notification failed; it will be retried");
    try {
      await db
        .updateTable("form_message")
        .set((eb) => ({ notify_attempts: eb("notify_attempts", "+", 1), notify_error: text, notify_claimed_until: next.toISOString() }))
        .where("id", "=", message.id)
        .execute();
    } catch (dbError) {
      // The claim expires by itself; the retry loop takes the row again then.
      deps.log.error({ err: dbError, messageId: message.id }, "could not record a failed form notification");
    }
    return false;
  }
  try {
    await db
      .updateTable("form_message")
      .set({ notified_at: clock().toISOString(), notify_claimed_until: null, notify_error: null })
      .where("id", "=", message.id)
      .execute();
  } catch (error) {
    // The mail went out; if the claim expires before this is fixed, it may go out once more.
    deps.log.error({ err: error, messageId: message.id }, "form notification sent but not recorded");
  }
  return true;
}

export interface RetryReport {
  sent: number;
  failed: number;
  /** Rows another sender claimed between our read and our claim. */
  skipped: number;
}

/** One retry pass: every message that is due, oldest first. Tests call it with a clock. */
export async function runNotificationRetries(
  deps: NotifyDeps,
  { now = new Date(), limit = RETRY_BATCH }: { now?: Date; limit?: number } = {},
): Promise<RetryReport> {
  const db = deps.database.db;
  const nowIso = now.toISOString();
  const due = await db
    .selectFrom("form_message")
    .select(["id", "kind", "name", "email", "message", "notify_attempts"])
    .where("notified_at", "is", null)
    .where("notify_attempts", "<", MAX_NOTIFY_ATTEMPTS)
    .where((eb) => eb.or([eb("notify_claimed_until", "is", null), eb("notify_claimed_until", "<=", nowIso)]))
    .orderBy("created_at")
    .limit(limit)
    .execute();

  const report: RetryReport = { sent: 0, failed: 0, skipped: 0 };
  const holdUntil = new Date(now.getTime() + CLAIM_MS).toISOString();
  for (const row of due) {
    const claim = await db
      .updateTable("form_message")
      .set({ notify_claimed_until: holdUntil })
      .where("id", "=", row.id)
      .where("notified_at", "is", null)
      .where("notify_attempts", "=", row.notify_attempts)
      .where((eb) => eb.or([eb("notify_claimed_until", "is", null), eb("notify_claimed_until", "<=", nowIso)]))
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) {
      report.skipped += 1;
      continue;
    }
    if (await deliverNotification(deps, row, () => now)) report.sent += 1;
    else report.failed += 1;
  }
  return report;
}

/** Starts the background retries (every 30 s, first after 5 s); the returned function stops them. */
export function startNotificationRetries(deps: NotifyDeps, intervalMs = RETRY_INTERVAL_MS): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = runNotificationRetries(deps)
      .then((report) => {
        if (report.sent || report.failed) deps.log.info(report, "form notification retries");
      })
      .catch((error: unknown) => deps.log.error({ err: error }, "form notification retry pass failed"))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(tick, Math.min(5_000, intervalMs));
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}

// Mails a request started but did not wait for: shutdown lets them finish.
const inFlight = new Set<Promise<unknown>>();

export function trackDelivery<T>(delivery: Promise<T>): Promise<T> {
  inFlight.add(delivery);
  void delivery.finally(() => inFlight.delete(delivery)).catch(() => {});
  return delivery;
}

/** Waits (at most `timeoutMs`) for notification mails still on their way. */
export async function drainNotifications(timeoutMs = 5_000): Promise<void> {
  if (inFlight.size === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled([...inFlight]),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    }),
  ]);
  clearTimeout(timer);
}
