/**
 * The notification mail to the company for every stored message. It goes
 * through the durable mail outbox (infra/mail/outbox.server.ts), written in
 * the same transaction as the message, so a stored message always has its
 * mail on the way, and the outbox's worker sends it with retries for a day.
 *
 * The message row mirrors the mail's fate for `npm run messages`:
 * `notified_at` once it went out, `notify_attempts` / `notify_error` while
 * it fails.
 */
import type { Kysely, Transaction } from "kysely";
import { site } from "~/config/site";
import type { Database } from "~/infra/db/schema";
import type { NewMail, OutcomeHooks } from "~/infra/mail/outbox.server";
import { formNotificationMail } from "./mails";
import { extraFields, type StoredMessage } from "./message-store.server";

type Db = Kysely<Database> | Transaction<Database>;

/** The form's own notification address, else the company's. */
export async function notificationAddress(db: Db, formKey: string): Promise<string> {
  const form = await db.selectFrom("form").select("notify_email").where("key", "=", formKey).executeTakeFirst();
  return form?.notify_email || site.contactEmail;
}

/** The mail announcing `message` (reply-to: the sender). */
export async function notificationFor(db: Db, message: Pick<StoredMessage, "id" | "kind" | "name" | "email" | "message" | "fields">): Promise<NewMail> {
  const mail = formNotificationMail(message.kind, { name: message.name, email: message.email }, message.message, extraFields(message));
  return { kind: "form-notification", to: await notificationAddress(db, message.kind), replyTo: message.email || undefined, ref: message.id, ...mail };
}

/** What the outbox tells the message row. */
export const notificationHooks: OutcomeHooks = {
  async sent(row, db) {
    if (!row.ref) return;
    await db
      .updateTable("form_message")
      .set({ notified_at: new Date().toISOString(), notify_error: null, notify_claimed_until: null })
      .where("id", "=", row.ref)
      .execute();
  },
  async failed(row, db, error) {
    if (!row.ref) return;
    await db
      .updateTable("form_message")
      .set((eb) => ({ notify_attempts: eb("notify_attempts", "+", 1), notify_error: error }))
      .where("id", "=", row.ref)
      .execute();
  },
};
