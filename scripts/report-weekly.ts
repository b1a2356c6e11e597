/**
 * `npm run report:weekly`: the weekly summary mail to every operator, now
 * (features/analytics/weekly-report.server.ts): the last seven UTC days
 * against the seven before, the numbers the console's 7-day view shows.
 * The running server also sends it by itself on Mondays; a second run in the
 * same week queues nothing more (one mail per operator and week).
 *
 * The mail goes through the durable outbox like every other; this command
 * then sends what it queued (SMTP_URL, or the local outbox at /dev/mailbox),
 * waiting up to a minute, and says how it went.
 *
 * Options: --now ISO (the week ending that day; default: today)
 */
import pino from "pino";
import { queueWeeklyReport } from "../app/features/analytics/weekly-report.server.ts";
import { createMailer } from "../app/infra/mail/mailer.server.ts";
import { MailOutbox } from "../app/infra/mail/outbox.server.ts";
import { commandArgs } from "./lib/command-args.ts";
import { fail, withDatabase } from "./lib/with-database.ts";

const values = commandArgs(
  `Usage: npm run report:weekly [-- --now 2026-11-23T09:00:00Z]

Queues the weekly summary mail to every operator (once per operator and week) and sends it. --now: the
week ending that day (default: today). Exits 1 when there is no operator to write to.`,
  { now: { type: "string" } },
);
const now = values.now ? new Date(values.now) : new Date();
if (Number.isNaN(now.getTime())) fail("npm run report:weekly: --now must be a date, like 2026-11-23T09:00:00Z", 2);

await withDatabase("report:weekly", async (env, database) => {
  const log = pino({ level: "warn" });
  const outbox = new MailOutbox(database, createMailer(env, database, log), log, {
    retryBaseMs: env.mailRetryBaseMs,
    messageIdDomain: new URL(env.appUrl).hostname,
  });
  const { queued, recipients, figures } = await queueWeeklyReport(
    { db: database.db, outbox, log, operatorEmails: env.operatorEmails, appUrl: env.appUrl },
    now,
  );
  process.stdout.write(`Week ${figures.from} to ${figures.to}: ${figures.pageViews} page views. ${recipients} operator(s), ${queued} mail(s) queued now.\n`);
  if (recipients === 0) {
    process.stderr.write("No operator to write to: name verified accounts in OPERATOR_EMAILS or `npm run operator -- grant EMAIL`.\n");
    return 1;
  }
  // Send what is due (this week's summaries among it) before leaving.
  const deadline = Date.now() + 60_000;
  for (;;) {
    await outbox.runOnce();
    const waiting = await database.db.selectFrom("mail_outbox").select("id").where("kind", "=", "weekly-summary").where("status", "=", "pending").execute();
    if (waiting.length === 0) break;
    if (Date.now() > deadline) {
      process.stderr.write(
        `${waiting.length} summary mail(s) not sent yet: the mail server did not take them; the server's outbox keeps trying for a day (/admin/mail).\n`,
      );
      return 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  process.stdout.write("Sent.\n");
});
