/**
 * A real SMTP server for the browser tests: the app delivers mail to it over
 * SMTP (SMTP_URL), and tests read what arrived through a small HTTP API:
 *   GET  /messages?to=address   → [{ to, subject, text, html, links, date }]
 *   POST /fail?count=n          → refuse the next n deliveries (mail outage)
 *   POST /fail?count=n&match=t  → refuse the next n deliveries whose subject or
 *                                 text contains t (an outage for one test only,
 *                                 while other tests keep mailing)
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
}

export interface SmtpSink {
  smtpUrl: string;
  apiUrl: string;
  stop(): Promise<void>;
}

export async function startSmtpSink(smtpPort: number, apiPort: number): Promise<SmtpSink> {
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

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
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
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once("error", reject);
    smtp.listen(smtpPort, "127.0.0.1", () => resolve());
  });

  const api: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (req.method === "GET" && url.pathname === "/messages") {
      const to = url.searchParams.get("to")?.toLowerCase();
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(to ? mails.filter((m) => m.to.includes(to)) : mails));
      return;
    }
    if (req.method === "POST" && url.pathname === "/fail") {
      const count = Number(url.searchParams.get("count") ?? 1);
      const match = url.searchParams.get("match");
      if (match) targetedFailures.push({ match, remaining: count });
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
    stop: async () => {
      await new Promise<void>((r) => smtp.close(() => r()));
      await new Promise<void>((r) => api.close(() => r()));
    },
  };
}
