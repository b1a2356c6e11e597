/**
 * Outgoing mail's transport. With SMTP_URL, nodemailer delivers it. Without,
 * it goes to the local outbox: logged (recipient, subject, links) and kept in
 * the `dev_mailbox` table, readable at /dev/mailbox (loopback servers only).
 *
 * Nothing in a request calls this: mail is written to the durable outbox
 * (outbox.server.ts) and its worker calls `send()`.
 */
import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { Env } from "~/config/env.server";
import type { DatabaseHandle } from "~/infra/db/database.server";
import { loadNodemailer } from "~/infra/optional-modules.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** `<id@host>`, the same on every attempt of one outbox row (receivers recognise a repeat). */
  messageId?: string;
  /**
   * A mail to a list (the waitlist): the address that takes the reader off it. Sent as
   * List-Unsubscribe with List-Unsubscribe-Post (RFC 8058), so mail apps offer one-click removal.
   */
  listUnsubscribe?: string;
}

export interface Mailer {
  /** Resolves once the message is accepted (by the SMTP server or the outbox); rejects otherwise. */
  send(message: MailMessage): Promise<void>;
  /** Resolves when the transport would take mail now (SMTP: connects and says NOOP). */
  verify(): Promise<void>;
  readonly transport: "smtp" | "outbox";
  close(): void;
}

/** The http(s) links in a text, for the outbox log. */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s"'<>)]+/g) ?? [])];
}

export function createMailer(env: Env, database: DatabaseHandle, log: Logger): Mailer {
  if (env.smtpUrl) {
    const url = new URL(env.smtpUrl);
    const transporter = loadNodemailer().createTransport({
      host: url.hostname,
      port: Number(url.port || (url.protocol === "smtps:" ? 465 : 587)),
      secure: url.protocol === "smtps:",
      auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
      // A few connections kept open for the outbox's senders (outbox.server.ts), instead of one per mail.
      pool: true,
      maxConnections: 4,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      transport: "smtp",
      async send({ listUnsubscribe, ...message }) {
        const headers = listUnsubscribe ? { "List-Unsubscribe": `<${listUnsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : undefined;
        await transporter.sendMail({ from: env.mailFrom, ...message, ...(headers ? { headers } : {}) });
      },
      async verify() {
        await transporter.verify();
      },
      close: () => transporter.close(),
    };
  }

  return {
    transport: "outbox",
    async send(message) {
      const links = linksIn(message.text);
      // Keyed by the Message-ID: a repeated attempt of one outbox row is kept once.
      const id = message.messageId?.replace(/^<|@.*$/g, "") || randomUUID();
      await database.db
        .insertInto("dev_mailbox")
        .values({
          id,
          to_address: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          links: JSON.stringify(links),
          created_at: new Date().toISOString(),
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
      log.info({ to: message.to, subject: message.subject, links }, "mail kept in the local outbox (no SMTP_URL)");
    },
    async verify() {
      await database.ping();
    },
    close: () => {},
  };
}
