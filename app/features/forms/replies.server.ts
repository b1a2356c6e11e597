/**
 * Operators' replies to form messages (issue 21): written in the console,
 * sent through the durable outbox (the reply and its mail are stored in one
 * transaction, so a kept reply always has its mail on the way), and kept
 * with the message they answer. A reply marks the message handled.
 */
import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import { site } from "~/config/site";
import type { Database, MessageReplyTable } from "~/infra/db/schema";
import { toDate } from "~/infra/db/time";
import type { MailOutbox } from "~/infra/mail/outbox.server";
import { operatorReplyMail } from "./mails";
import { asLocale } from "~/shared/i18n/locale";
import type { StoredMessage } from "./message-store.server";

type Db = Kysely<Database>;

export type StoredReply = Selectable<MessageReplyTable>;

/** A reply's text: at most this many characters. */
export const REPLY_MAX = 5000;

export async function sendReply(
  deps: { db: Db; outbox: MailOutbox },
  message: StoredMessage,
  operator: { id: string; email: string },
  body: string,
  now = new Date(),
): Promise<StoredReply> {
  const reply: StoredReply = {
    id: randomUUID(),
    message_id: message.id,
    operator_id: operator.id,
    operator_email: operator.email,
    body,
    mail_id: randomUUID(),
    created_at: now.toISOString(),
  };
  // In the language the message was written in (the page's it was sent from).
  const mail = operatorReplyMail(
    message.kind,
    { name: message.name, message: message.message, createdAt: toDate(message.created_at) },
    body,
    asLocale(message.language),
  );
  await deps.db.transaction().execute(async (trx) => {
    // Their answer goes to the company's address (the form notifications' too), not to the operator's own.
    await deps.outbox.enqueue(
      { kind: "operator-reply", to: message.email, replyTo: site.contactEmail, ref: message.id, ...mail },
      { db: trx, now, wake: false, id: reply.mail_id },
    );
    await trx.insertInto("message_reply").values(reply).execute();
    await trx
      .updateTable("form_message")
      .set({ status: "handled", handled_at: now.toISOString(), handled_by: operator.email })
      .where("id", "=", message.id)
      .where("status", "=", "open")
      .execute();
  });
  deps.outbox.wake();
  return reply;
}

/** The replies to these messages, oldest first, with each one's mail state. */
export async function repliesTo(db: Db, messageIds: string[]): Promise<Map<string, Array<StoredReply & { mail_status: string | null }>>> {
  const byMessage = new Map<string, Array<StoredReply & { mail_status: string | null }>>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .selectFrom("message_reply")
    .leftJoin("mail_outbox", "mail_outbox.id", "message_reply.mail_id")
    .selectAll("message_reply")
    .select("mail_outbox.status as mail_status")
    .where("message_reply.message_id", "in", messageIds)
    .orderBy("message_reply.created_at")
    .execute();
  for (const row of rows) {
    const list = byMessage.get(row.message_id) ?? [];
    list.push(row);
    byMessage.set(row.message_id, list);
  }
  return byMessage;
}
