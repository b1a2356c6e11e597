/**
 * A real SMTP server for the browser tests: the app delivers mail to it over
 * SMTP (SMTP_URL), and tests read what arrived through a small HTTP API:
 *   GET  /messages?to=address   → [{ to, subject, text, html, links, date }]
 *   POST /fail?count=n          → refuse the next n deliveries (mail outage)
 *   POST /fail?count=n&match=t  → refuse the next n deliveries whose subject or
 *                                 text contains t (an outage for one test only,
 *                                 while other tests keep mailing); count=0 ends it
 *   POST /down, POST /up        → stop the SMTP listener (connections refused,
 *                                 open ones cut) and start it again on the same port
 *
 * `commandDelayMs` makes it a slow mail server: the greeting and the answers to
 * MAIL FROM, RCPT TO and the message each come that much later (a provider far
 * away; the security suite times answers against it).
 */
import { createServer, type Server } from "node:http";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface SunkMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  date: string;
  /** The Message-ID header: a repeated attempt of one outbox row repeats it. */
  messageId: string;
  /** List-Unsubscribe and List-Unsubscribe-Post (RFC 8058), as sent; "" when absent. */
  listUnsubscribe: string;
  listUnsubscribePost: string;
}

/** A header's value as sent (unfolded), or "". */
function headerValue(lines: ReadonlyArray<{ key: string; line: string }>, key: string): string {
  const line = lines.find((l) => l.key === key)?.line ?? "";
  return line
    .slice(line.indexOf(":") + 1)
    .replace(/\r?\n[ \t]+/g, " ")
    .trim();
}

export interface SmtpSink {
  smtpUrl: string;
  apiUrl: string;
  /** Every mail received so far. */
  mails(): SunkMail[];
  /** The SMTP server goes away (refused connections) until `up()`. */
  down(): Promise<void>;
  up(): Promise<void>;
  stop(): Promise<void>;
}

export async function startSmtpSink(smtpPort: number, apiPort: number, { commandDelayMs = 0 } = {}): Promise<SmtpSink> {
  const later = (callback: () => void) => (commandDelayMs > 0 ? void setTimeout(callback, commandDelayMs) : callback());
  const mails: SunkMail[] = [];
  let failNext = 0;
  const targetedFailures: Array<{ match: string; remaining: number }> = [];

  /** Whether this delivery is one the test asked to refuse (and counts it). */
  function refuse(subject: string, text: string): boolean {
    const targeted = targetedFailures.find((f) => f.remaining > 0 && (subject.includes(f.match) || text.includes(f.match)));
    if (targeted) {
      targeted.remaining -= 1;
      return true;
    }
    if (failNext > 0) {
      failNext -= 1;
      return true;
    }
    return false;
  }

  const makeSmtp = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onConnect: (_session, callback) => later(() => callback()),
      onMailFrom: (_address, _session, callback) => later(() => callback()),
      onRcptTo: (_address, _session, callback) => later(() => callback()),
      onData(stream, session, done) {
        const callback = (error?: Error) => later(() => done(error));
        simpleParser(stream)
          .then((parsed) => {
            const text = parsed.text ?? "";
            const html = typeof parsed.html === "string" ? parsed.html : "";
            if (refuse(parsed.subject ?? "", text)) {
              callback(Object.assign(new Error("Mailbox unavailable (test outage)"), { responseCode: 451 }));
              return;
            }
            mails.push({
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              subject: parsed.subject ?? "",
              text,
              html,
              links: [...new Set(`${text}\n${html}`.match(/https?:\/\/[^\s"'<>)]+/g) ?? [])].map((l) => l.replace(/&amp;/g, "&")),
              date: new Date().toISOString(),
              messageId: parsed.messageId ?? "",
              // mailparser folds List-* headers into one structure; the raw lines say exactly what was sent.
              listUnsubscribe: headerValue(parsed.headerLines, "list-unsubscribe"),
              listUnsubscribePost: headerValue(parsed.headerLines, "list-unsubscribe-post"),
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
  let smtp: SMTPServer | null = null;
  const up = async () => {
    if (smtp) return;
    const server = makeSmtp();
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(smtpPort, "127.0.0.1", () => resolve());
    });
    // A sender that goes away mid-mail (an instance killed by a test) is the sender's failure, not the
    // sink's: smtp-server reports it as the server's "error", which would otherwise be uncaught.
    server.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") console.error("SMTP sink:", error);
    });
    smtp = server;
  };
  const down = async () => {
    const server = smtp;
    smtp = null;
    if (!server) return;
    // Open connections are cut too (a crashed mail server), not only the listener.
    const closed = new Promise<void>((r) => server.close(() => r()));
    for (const connection of (server as unknown as { connections?: Set<{ _socket?: { destroy(): void } }> }).connections ?? []) connection._socket?.destroy();
    await closed;
  };
  await up();

  const api: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (req.method === "GET" && url.pathname === "/messages") {
      const to = url.searchParams.get("to")?.toLowerCase();
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(to ? mails.filter((m) => m.to.includes(to)) : mails));
      return;
    }
    if (req.method === "POST" && (url.pathname === "/down" || url.pathname === "/up")) {
      (url.pathname === "/down" ? down() : up()).then(
        () => res.end("ok"),
        (error: Error) => {
          res.statusCode = 500;
          res.end(error.message);
        },
      );
      return;
    }
    if (req.method === "POST" && url.pathname === "/fail") {
      const count = Number(url.searchParams.get("count") ?? 1);
      const match = url.searchParams.get("match");
      if (match && count === 0) {
        for (const f of targetedFailures) if (f.match === match) f.remaining = 0;
      } else if (match) targetedFailures.push({ match, remaining: count });
      else failNext = count;
      res.end("ok");
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => api.listen(apiPort, "127.0.0.1", () => resolve()));

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    mails: () => mails,
    down,
    up,
    stop: async () => {
      await down();
      await new Promise<void>((r) => api.close(() => r()));
    },
  };
}
