/**
 * The account rules' database reads and writes, in one place: the rules
 * themselves (sign-in-limits, verification-flow, verification-mail,
 * account-notices) stay free of SQL, and the row → state projection the
 * resend rules read (resend-verification.ts) is written once.
 *
 * The outbox's table is read here (is a verification mail queued?) but only
 * ever written through the outbox (infra/mail/outbox.server.ts).
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "~/infra/db/schema";
import { toDate } from "~/infra/db/time";
import { DEFAULT_LOCALE, type Locale } from "~/shared/i18n/locale";
import { nameFromEmail } from "~/shared/lib/person-name";
import { RESEND_INTERVAL_MS, type VerificationState } from "./resend-verification";

type Db = Kysely<Database>;

/** The account a verification mail is for, as the mail needs it (its language too). */
export interface VerificationSubject {
  id: string;
  name: string;
  email: string;
  verification_sent_at: Date | string | null;
  language?: unknown;
}

/** An account's verification: who it is, and the state the resend rules decide on. */
export async function verificationOf(db: Db, userId: string): Promise<{ subject: VerificationSubject; state: VerificationState } | undefined> {
  const row = await db
    .selectFrom("user")
    .leftJoin("profile", "profile.user_id", "user.id")
    .select(["user.id", "user.name", "user.email", "user.emailVerified", "user.language", "profile.verification_attempts", "profile.verification_sent_at"])
    .where("user.id", "=", userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    subject: { id: row.id, name: row.name, email: row.email, language: row.language, verification_sent_at: row.verification_sent_at ?? null },
    state: {
      emailVerified: Boolean(row.emailVerified),
      attempts: row.verification_attempts ?? 0,
      sentAt: row.verification_sent_at ? toDate(row.verification_sent_at).getTime() : null,
    },
  };
}

/** Whether a verification mail for `userId` is in the outbox (a sign-up's promise kept). */
export async function hasQueuedVerification(db: Db, userId: string): Promise<boolean> {
  const queued = await db.selectFrom("mail_outbox").select("id").where("user_id", "=", userId).where("kind", "=", "verification").executeTakeFirst();
  return queued !== undefined;
}

/**
 * Claims a resend attempt at `now`, atomically (only one of several racing requests, or instances,
 * wins): fewer than five so far, the last one five minutes ago or more. False when refused.
 */
export async function claimVerificationAttempt(db: Db, userId: string, now: number): Promise<boolean> {
  const sentAt = new Date(now).toISOString();
  const cutoff = new Date(now - RESEND_INTERVAL_MS).toISOString();
  const claimed = await db
    .updateTable("profile")
    .set((eb) => ({ verification_attempts: eb("verification_attempts", "+", 1), verification_sent_at: sentAt }))
    .where("user_id", "=", userId)
    .where("verification_attempts", "<", 5)
    .where((eb) => eb.or([eb("verification_sent_at", "is", null), eb("verification_sent_at", "<=", cutoff)]))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) > 0;
}

/** Gives a claimed attempt back (its mail could not be queued): the count, and the time of the one before. */
export async function returnVerificationAttempt(db: Db, userId: string, previousSentAt: Date | string | null): Promise<void> {
  await db
    .updateTable("profile")
    .set((eb) => ({ verification_attempts: eb("verification_attempts", "-", 1), verification_sent_at: previousSentAt }))
    .where("user_id", "=", userId)
    .execute();
}

/** A verification mail's first attempt failed: its attempt does not count, nor does its 5-minute wait. */
export async function forgiveUndeliveredVerification(db: Db, userId: string): Promise<void> {
  await db
    .updateTable("profile")
    .set({ verification_attempts: sql<number>`case when verification_attempts > 0 then verification_attempts - 1 else 0 end`, verification_sent_at: null })
    .where("user_id", "=", userId)
    .execute();
}

/** A verification mail given back after a failure went out after all: it counts again, from now. */
export async function countDeliveredVerification(db: Db, userId: string): Promise<void> {
  await db
    .updateTable("profile")
    .set((eb) => ({ verification_attempts: eb("verification_attempts", "+", 1), verification_sent_at: new Date().toISOString() }))
    .where("user_id", "=", userId)
    .execute();
}

/**
 * A sign-up's address verified outside the browser that signed up
 * (verification-links.server.ts): its password goes, before the address
 * counts as verified, so that no reader ever finds the address verified with
 * a password nobody proved (a sign-in reads the account, spends a second on
 * hashing, then trusts the flag it read). An unverified account holds no
 * session (unverified-addresses.server.ts), so none could have added a
 * passkey or a second factor; any found goes too. What the sign-up typed
 * about the person goes with the password: the name (the address's local
 * part instead) and the picture, which an attacker's sign-up could have
 * chosen for the owner's security mails; the mails' language becomes that of
 * the page the owner lands on (`language`). Only while the address is
 * still unverified, checked in the same transaction (the write locks the
 * row on PostgreSQL; SQLite runs one at a time): another link of the same
 * mailbox, opened in the sign-up browser a moment before, keeps its account
 * whole. True when there was a password.
 */
export async function forgetUnprovenSignUp(db: Db, { id: userId, email }: { id: string; email: string }, language: Locale = DEFAULT_LOCALE): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const unverified = await trx
      .updateTable("user")
      .set({ name: nameFromEmail(email), image: null, language, updatedAt: new Date().toISOString() })
      .where("id", "=", userId)
      .where("emailVerified", "=", 0)
      .executeTakeFirst();
    if (Number(unverified.numUpdatedRows) === 0) return false;
    const dropped = await trx
      .updateTable("account")
      .set({ password: null, updatedAt: new Date().toISOString() })
      .where("userId", "=", userId)
      .where("providerId", "=", "credential")
      .where("password", "is not", null)
      .executeTakeFirst();
    await trx.deleteFrom("session").where("userId", "=", userId).execute();
    await trx.deleteFrom("passkey").where("user_id", "=", userId).execute();
    await trx.deleteFrom("twoFactor").where("userId", "=", userId).execute();
    return Number(dropped.numUpdatedRows) > 0;
  });
}

/**
 * When the account's password was last set (its credential row last
 * changed: a sign-up, a change, a reset, a drop), in milliseconds since 1970;
 * 0 without a password sign-in. By the account, or by its address.
 */
export async function passwordSetAt(db: Db, by: { userId: string } | { email: string }): Promise<number> {
  const credential = db
    .selectFrom("account")
    .innerJoin("user", "user.id", "account.userId")
    .select("account.updatedAt")
    .where("account.providerId", "=", "credential");
  const row = await (
    "userId" in by ? credential.where("user.id", "=", by.userId) : credential.where("user.email", "=", by.email.toLowerCase())
  ).executeTakeFirst();
  return row ? new Date(row.updatedAt).getTime() : 0;
}
