/**
 * The verification mail: when it may go (the hour's ceiling), a fresh link
 * queued within the spec's resend rules, and what the outbox tells us about
 * its delivery. Apart from the verification flow (verification-flow.server.ts)
 * because Better Auth's own sign-up mail (auth.server.ts) and the outbox's
 * hooks (services.server.ts) need it too, and neither needs the flow.
 */
import { createEmailVerificationToken } from "better-auth/api";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "~/infra/db/schema";
import { HOUR_MS, mailsOfKindSince } from "~/infra/mail/mail-ceilings.server";
import type { MailOutbox, OutcomeHooks } from "~/infra/mail/outbox.server";
import { verificationMail } from "./mails";
import { localizedPath } from "~/shared/i18n/locale";
import {
  claimVerificationAttempt,
  countDeliveredVerification,
  forgiveUndeliveredVerification,
  returnVerificationAttempt,
  type VerificationSubject,
} from "./account-store.server";
import { languageOf } from "./mail-language";

/**
 * Verification mails sent per hour in all, whoever asks (issue 38, finding 10): a flood of sign-ups to
 * strangers' addresses must not make the site a source of unwanted mail. Past it, a new link still
 * goes, but an hour later: a sign-up is never refused for it (a site-wide refusal would be a way for a
 * few addresses to stop everyone signing up), and "check your email" stays a promise kept.
 */
export const VERIFICATION_MAILS_PER_HOUR = 1000;

/** When a verification mail asked for now may go: now, or an hour on once the hour's ceiling is reached. */
export async function verificationSendTime(db: Kysely<Database>, now = new Date(), perHour = VERIFICATION_MAILS_PER_HOUR): Promise<Date> {
  const sent = await mailsOfKindSince(db, "verification", new Date(now.getTime() - HOUR_MS));
  return sent >= perHour ? new Date(now.getTime() + HOUR_MS) : now;
}

export interface VerificationMailDeps {
  db: Kysely<Database>;
  outbox?: MailOutbox;
  secret: string;
  appUrl: string;
  linkLifetimeS: number;
  log?: Logger;
}

/**
 * A fresh verification link by mail, within the spec's resend rules (5 mails,
 * 5 minutes apart): the attempt is claimed atomically on the profile (only one
 * of several racing requests, or instances, wins), then the mail is queued,
 * replacing any still waiting. "refused" when the rules or a racing request
 * said no; a mail that could not be queued gives its attempt back and throws.
 */
export async function queueVerificationMail(
  { db, outbox, secret, appUrl, linkLifetimeS, log }: VerificationMailDeps,
  row: VerificationSubject,
  now = Date.now(),
): Promise<"sent" | "refused"> {
  if (!(await claimVerificationAttempt(db, row.id, now))) return "refused";
  try {
    if (!outbox) throw new Error("mail is not configured");
    const token = await createEmailVerificationToken(secret, row.email, undefined, linkLifetimeS, { userId: row.id });
    // In the account's language, the link's page too (issue 20).
    const language = languageOf(row);
    const url = `${appUrl}/api/auth/verify-email?token=${token}&callbackURL=${encodeURIComponent(localizedPath("/home", language))}`;
    // The new link replaces any still waiting in the outbox (an outage): one mail arrives, not a pile.
    await outbox.supersedeWaiting("verification", row.id);
    await outbox.enqueue(
      { kind: "verification", to: row.email, userId: row.id, ...verificationMail(row.name, url, language) },
      { notBefore: await verificationSendTime(db) },
    );
    return "sent";
  } catch (error) {
    log?.error({ err: error }, "could not queue a verification email");
    // The attempt did not happen: give it back (if the database answers).
    await returnVerificationAttempt(db, row.id, row.verification_sent_at).catch(() => {});
    throw error;
  }
}

/**
 * The resend rules count mails that reached the mail server, not attempts
 * (issue 23): a verification mail's first failed attempt gives its attempt
 * back (and clears the 5-minute wait), so "Resend" is not refused because
 * the mail server was down; should a later attempt still deliver it, it
 * counts again.
 */
export const verificationMailHooks: OutcomeHooks = {
  async failed(row, db) {
    if (row.attempts !== 1 || !row.user_id) return;
    await forgiveUndeliveredVerification(db, row.user_id);
  },
  async sent(row, db) {
    if (row.attempts === 0 || !row.user_id) return;
    await countDeliveredVerification(db, row.user_id);
  },
};
