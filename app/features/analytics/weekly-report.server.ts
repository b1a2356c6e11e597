/**
 * The weekly summary mail to operators (issue 21): the last seven UTC days
 * against the seven before, read with the same query the console's 7-day
 * view uses (summary.server.ts), so its numbers are the console's: page
 * views, top pages and sources, goals, and each Core Web Vital's p75.
 *
 * Queued through the mail outbox under an id made of the week and the
 * recipient, so running the job twice (cron and the in-process scheduler,
 * two instances) queues one mail per operator and week.
 */
import { createHash } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { Logger } from "pino";
import { site } from "~/config/site";
import type { Database } from "~/infra/db/schema";
import type { MailOutbox } from "~/infra/mail/outbox.server";
import { weeklySummaryMail, type WeeklyFigures } from "./weekly-mail";
import { unansweredLines } from "~/features/help/index.server";
import { formatVital } from "./format";
import { VITALS } from "./metrics";
import { GOAL_LABELS, GOALS } from "./sources";
import { analyticsSummary } from "./summary.server";

type Db = Kysely<Database>;

/** Verified accounts that are operators (OPERATOR_EMAILS, or the role). */
export async function operatorAddresses(db: Db, operatorEmails: ReadonlySet<string>): Promise<string[]> {
  const listed = [...operatorEmails];
  const rows = await db
    .selectFrom("user")
    .leftJoin("profile", "profile.user_id", "user.id")
    .select("user.email")
    // As the accounts page counts verified accounts (accounts.server.ts).
    .where("user.emailVerified", "=", 1)
    .where((eb) => eb.or([eb("profile.role", "=", "operator"), ...(listed.length ? [eb(sql<string>`lower(${sql.ref("user.email")})`, "in", listed)] : [])]))
    .orderBy("user.email")
    .execute();
  return [...new Set(rows.map((r) => r.email.toLowerCase()))];
}

const change = (now: number, before: number) =>
  before === 0 ? (now === 0 ? "" : " (new)") : ` (${now >= before ? "+" : "−"}${Math.round((Math.abs(now - before) / before) * 100)} %)`;
const count = (n: number) => n.toLocaleString("en-IN");

/** The figures of the week ending with `now`'s UTC day, beside the week before. */
export async function weeklyFigures(db: Db, now: Date): Promise<WeeklyFigures> {
  const [week, previous, unanswered] = await Promise.all([
    analyticsSummary(db, { days: 7, now }),
    analyticsSummary(db, { days: 7, now: new Date(now.getTime() - 7 * 86_400_000) }),
    unansweredLines(db, now),
  ]);
  return {
    from: week.from,
    to: week.to,
    pageViews: `${count(week.totalPageViews)}${change(week.totalPageViews, previous.totalPageViews)}`,
    pageViewsCount: week.totalPageViews,
    topPages: week.pageViews.slice(0, 5).map((p) => `${p.route}: ${count(p.count)}`),
    topSources: week.sources
      .slice(0, 5)
      .map((s) => `${s.source}${s.medium ? ` (${s.medium})` : ""}: ${count(s.visitors)} visitors, ${count(s.goals["signed-up"])} sign-ups`),
    goals: GOALS.map((g) => `${GOAL_LABELS[g]}: ${count(week.goals[g])}${change(week.goals[g], previous.goals[g])}`),
    unanswered,
    vitals: VITALS.map((v) => {
      const now75 = week.overall[v];
      const before = previous.overall[v];
      if (!now75) return `${v} p75: no values this week`;
      return `${v} p75: ${formatVital(v, now75.p75, now75.p75AtLeast)} (${now75.rating})${before ? `, last week ${formatVital(v, before.p75, before.p75AtLeast)}` : ""}`;
    }),
  };
}

/** A UUID-shaped id that is the same for one week and recipient (the outbox's primary key makes the job idempotent). */
function weeklyMailId(to: string, week: string): string {
  const hex = createHash("sha256").update(`weekly-summary:${week}:${to}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface WeeklyReportDeps {
  db: Db;
  outbox: MailOutbox;
  log: Logger;
  operatorEmails: ReadonlySet<string>;
  appUrl: string;
}

/** Queues this week's summary to every operator who has not had it; returns how many were queued now. */
export async function queueWeeklyReport(deps: WeeklyReportDeps, now = new Date()): Promise<{ queued: number; recipients: number; figures: WeeklyFigures }> {
  const figures = await weeklyFigures(deps.db, now);
  const recipients = await operatorAddresses(deps.db, deps.operatorEmails);
  const mail = weeklySummaryMail(figures, `${deps.appUrl}/admin/analytics?days=7`);
  let queued = 0;
  for (const to of recipients) {
    const id = weeklyMailId(to, figures.to);
    const exists = await deps.db.selectFrom("mail_outbox").select("id").where("id", "=", id).executeTakeFirst();
    if (exists) continue;
    try {
      await deps.outbox.enqueue({ kind: "weekly-summary", to, ...mail }, { id, now });
      queued += 1;
    } catch (error) {
      // Another instance queued it between the look and the insert: the primary key kept it to one.
      deps.log.info({ err: error }, "weekly summary already queued");
    }
  }
  deps.log.info({ queued, recipients: recipients.length, week: `${figures.from}..${figures.to}`, product: site.productName }, "weekly summary queued");
  return { queued, recipients: recipients.length, figures };
}

/**
 * The in-process scheduler: on Mondays from 03:30 UTC (09:00 in India), each
 * instance looks once an hour whether this week's summary is queued; the
 * mail ids keep it to one mail per operator whichever instance is first.
 */
export function scheduleWeeklyReport(deps: WeeklyReportDeps, now: () => Date = () => new Date()): () => void {
  const tick = () => {
    const t = now();
    if (t.getUTCDay() !== 1 || t.getUTCHours() * 60 + t.getUTCMinutes() < 3 * 60 + 30) return;
    // The week that ended yesterday (Monday to Sunday).
    queueWeeklyReport(deps, new Date(t.getTime() - 86_400_000)).catch((error: unknown) =>
      deps.log.warn({ err: error }, "weekly summary not queued; tried again in an hour"),
    );
  };
  const timer = setInterval(tick, 60 * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
