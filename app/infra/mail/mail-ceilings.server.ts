/**
 * Counts of what the outbox holds, for the ceilings that keep the site from
 * becoming a source of unwanted mail (issue 38, finding 10): per recipient's
 * mailbox (a `+tag` or Gmail's dots are the same inbox: shared/lib/mailbox.ts)
 * and per kind in all. Every mail is a row of the outbox from the moment it is
 * promised, so these count what was promised, sent or not.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/infra/db/schema";
import { mailboxKey } from "~/shared/lib/mailbox";

type Db = Kysely<Database>;

/** Mails of `kind` to `address`'s mailbox since `since`. */
export async function mailsToMailboxSince(db: Db, kind: string, address: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom("mail_outbox")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("to_mailbox", "=", mailboxKey(address))
    .where("kind", "=", kind)
    .where("created_at", ">=", since.toISOString())
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Mails of `kind` to anyone since `since`. */
export async function mailsOfKindSince(db: Db, kind: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom("mail_outbox")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("kind", "=", kind)
    .where("created_at", ">=", since.toISOString())
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export const HOUR_MS = 60 * 60_000;
export const DAY_MS = 24 * HOUR_MS;
