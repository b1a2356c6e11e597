/**
 * Outgoing mail. With SMTP_URL, nodemailer delivers it. Without, it goes to
 * the local outbox: logged (recipient, subject, links) and kept in the
 * `dev_mailbox` table, readable at /dev/mailbox (loopback servers only).
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
}

export interface Mailer {
  /** Resolves once the message is accepted (by the SMTP server or the outbox); rejects otherwise. */
  send(message: MailMessage): Promise<void>;
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
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      transport: "smtp",
      async send(message) {
        await transporter.sendMail({ from: env.mailFrom, ...message });
        log.info({ to: message.to, subject: message.subject }, "mail sent");
      },
      close: () => transporter.close(),
    };
  }

  return {
    transport: "outbox",
    async send(message) {
      const links = linksIn(message.text);
      await database.db
        .insertInto("dev_mailbox")
        .values({
          id: randomUUID(),
          to_address: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          links: JSON.stringify(links),
          created_at: new Date().toISOString(),
        })
        .execute();
      log.info({ to: message.to, subject: message.subject, links }, "mail kept in the local outbox (no SMTP_URL)");
    },
    close: () => {},
  };
}
