/**
 * Ceilings per form that protect the company's mailbox and the database from
 * a flood no per-IP limit stops (issue 26, finding 4: 4,858 messages and as
 * many mails in minutes, from spoofed and rotating addresses).
 *
 *   - Messages per UTC day (`FORM_MESSAGES_PER_DAY`, default 1,000): past it,
 *     a post is refused with 429 and `Retry-After` until the next UTC midnight.
 *     Nothing is stored.
 *     One client (an IPv4 address, an IPv6 /64) may fill at most a tenth of
 *     that day: past its share, its own posts get the same 429 until
 *     midnight, and the form stays open to everyone else (a review found one
 *     client could close a form for the day in 100 minutes).
 *   - Notification mails per clock hour (`FORM_MAILS_PER_HOUR`, default 60):
 *     past it, messages are still stored (and in the inbox), but instead of a
 *     mail each, one digest mail per form and hour says how many more arrived;
 *     it is sent when the hour ends, rewritten by every message until then.
 *
 * Both counts are the form's own rows, read in the transaction that stores the
 * message. On PostgreSQL the transaction first takes an advisory lock per form,
 * so concurrent posts cannot both see room for one; on SQLite transactions
 * already run one at a time.
 */
import { createHash } from "node:crypto";
import { type Kysely, type Transaction, sql } from "kysely";
import type { Dialect } from "~/infra/db/database.server";
import type { Database } from "~/infra/db/schema";
import { mailsOfKindSince, mailsToMailboxSince } from "~/infra/mail/mail-ceilings.server";
import type { MailOutbox } from "~/infra/mail/outbox.server";
import { formDigestMail } from "./mails";
import type { StoredMessage } from "./message-store.server";
import { notificationAddress, notificationFor } from "./notifications.server";

type Trx = Transaction<Database>;

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

export interface Ceilings {
  mailsPerHour: number;
  messagesPerDay: number;
}

/** Serialises this form's ceiling checks with every other transaction doing the same (PostgreSQL only). */
export async function lockForm(trx: Trx, dialect: Dialect, formKey: string): Promise<void> {
  if (dialect === "postgres") await sql`select pg_advisory_xact_lock(hashtext(${`form-ceiling:${formKey}`}))`.execute(trx);
}

async function countSince(trx: Trx, formKey: string, since: Date, ipHash?: string): Promise<number> {
  let query = trx
    .selectFrom("form_message")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("kind", "=", formKey)
    .where("created_at", ">=", since.toISOString())
    // The spam folder has its own ceiling (spamHasRoom): caught spam neither fills the day nor takes a mail.
    .where("status", "!=", "spam");
  if (ipHash !== undefined) query = query.where("ip_hash", "=", ipHash);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The part of a form's day one client may fill: a tenth, so that one client cannot close the form for everyone. */
export const CLIENT_SHARE_OF_DAY = 10;

/** A client's share of the day: a tenth of the ceiling, and never less than the 50 messages a classroom behind one address sends. */
export function clientDayLimit(messagesPerDay: number): number {
  return Math.min(messagesPerDay, Math.max(50, Math.ceil(messagesPerDay / CLIENT_SHARE_OF_DAY)));
}

/** Spam kept per form in any 24 hours; past it, caught spam is dropped (and logged), so a flood cannot fill the database. */
export const SPAM_PER_DAY = 200;

export async function spamHasRoom(db: Kysely<Database>, formKey: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom("form_message")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("kind", "=", formKey)
    .where("status", "=", "spam")
    .where("created_at", ">=", new Date(now.getTime() - DAY_MS).toISOString())
    .executeTakeFirst();
  return Number(row?.n ?? 0) < SPAM_PER_DAY;
}

/** Autoresponder mails one mailbox may get in 24 hours (from every form together): a form is no way to flood a stranger's inbox. */
export const AUTOREPLIES_PER_ADDRESS = 3;
/** Autoresponder mails in all per hour (issue 38, finding 10): past it a message is stored and notified, not answered. */
export const AUTOREPLIES_PER_HOUR = 300;

export async function autoreplyHasRoom(trx: Trx, address: string, now: Date): Promise<boolean> {
  if ((await mailsToMailboxSince(trx, "form-autoreply", address, new Date(now.getTime() - DAY_MS))) >= AUTOREPLIES_PER_ADDRESS) return false;
  return (await mailsOfKindSince(trx, "form-autoreply", new Date(now.getTime() - HOUR_MS))) < AUTOREPLIES_PER_HOUR;
}

const utcDayStart = (now: Date) => new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
const hourStart = (now: Date) => new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);

/** Whose day is full (the form's, or this client's share of it) and the seconds until it lifts. */
export interface DayFullness {
  whose: "form" | "client";
  retryAfterS: number;
}

/** Whether today's messages have reached the form's ceiling, or this client's share of it; else null. */
export async function dayIsFull(trx: Trx, formKey: string, ceilings: Ceilings, now: Date, ipHash: string): Promise<DayFullness | null> {
  const start = utcDayStart(now);
  const whose =
    (await countSince(trx, formKey, start)) >= ceilings.messagesPerDay
      ? "form"
      : (await countSince(trx, formKey, start, ipHash)) >= clientDayLimit(ceilings.messagesPerDay)
        ? "client"
        : null;
  return whose && { whose, retryAfterS: Math.max(1, Math.ceil((start.getTime() + DAY_MS - now.getTime()) / 1000)) };
}

/**
 * The stored `message`'s mail: its own notification while the hour has room,
 * else its place in the hour's digest. Call after inserting it, in the same
 * transaction.
 */
export async function notifyWithinCeiling(
  trx: Trx,
  outbox: MailOutbox,
  message: StoredMessage,
  { ceilings, now, appUrl }: { ceilings: Ceilings; now: Date; appUrl: string },
): Promise<void> {
  const start = hourStart(now);
  const inHour = await countSince(trx, message.kind, start);
  if (inHour <= ceilings.mailsPerHour) {
    await outbox.enqueue(await notificationFor(trx, message), { db: trx, now, wake: false });
    return;
  }
  const end = new Date(start.getTime() + HOUR_MS);
  const inboxUrl = `${appUrl}/admin/messages?form=${encodeURIComponent(message.kind)}`;
  const digest = formDigestMail(message.kind, inHour - ceilings.mailsPerHour, { start, end }, inboxUrl);
  // One row per form and hour: its id is derived from both, so every message of the hour finds it
  // (and stays a valid Message-ID: letters, digits and dashes).
  const id = `form-digest-${createHash("sha256").update(`${message.kind}\n${start.toISOString()}`).digest("hex").slice(0, 32)}`;
  await outbox.upsertPending(id, { kind: "form-digest", to: await notificationAddress(trx, message.kind), ...digest }, { db: trx, now, notBefore: end });
}
