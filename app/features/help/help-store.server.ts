/**
 * What Ask Tuesday keeps (issue 41): daily counters, never questions. Per day:
 * answered and not answered by topic, thumbs up and down by source page. Where
 * the operator switched it on (HELP_LOG_UNANSWERED), the questions it could not
 * answer, with emails and numbers redacted, for 30 days.
 */
import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { DatabaseHandle } from "~/infra/db/database.server";
import type { Database } from "~/infra/db/schema";
import { UNANSWERED_LOG_DAYS } from "./limits";

export type HelpMetric = "answered" | "none" | "up" | "down";

function today(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export async function countHelp(database: DatabaseHandle, entry: { topic: string; metric: HelpMetric; source?: string }, now = new Date()): Promise<void> {
  await database.db
    .insertInto("help_daily")
    .values({ day: today(now), topic: entry.topic, metric: entry.metric, source: entry.source ?? "", count: 1 })
    .onConflict((oc) => oc.columns(["day", "topic", "metric", "source"]).doUpdateSet({ count: sql<number>`help_daily.count + 1` }))
    .execute();
}

/** Emails and anything that looks like a phone, card or account number leave before a question is kept. */
export function redact(question: string): string {
  return question
    .replace(/[^\s@]+@[^\s@]+/g, "[email]")
    .replace(/\+?\d[\d\s-]{3,}\d/g, "[number]")
    .slice(0, 500);
}

export async function logUnanswered(database: DatabaseHandle, entry: { question: string; lang: string; reason: string }, now = new Date()): Promise<void> {
  const cutoff = today(new Date(now.getTime() - UNANSWERED_LOG_DAYS * 86_400_000));
  await database.db.deleteFrom("help_unanswered").where("day", "<", cutoff).execute();
  await database.db
    .insertInto("help_unanswered")
    .values({ id: randomUUID(), day: today(now), lang: entry.lang, reason: entry.reason, question: redact(entry.question) })
    .execute();
}

export interface HelpSummary {
  days: { day: string; answered: number; none: number; up: number; down: number }[];
  topics: { topic: string; answered: number; none: number }[];
  sources: { source: string; up: number; down: number }[];
  unanswered: { day: string; lang: string; reason: string; question: string }[];
}

/** The console's view of the last `days` days. */
export async function helpSummary(database: DatabaseHandle, days = 14, now = new Date()): Promise<HelpSummary> {
  const since = today(new Date(now.getTime() - (days - 1) * 86_400_000));
  const rows = await database.db.selectFrom("help_daily").select(["day", "topic", "metric", "source", "count"]).where("day", ">=", since).execute();
  const byDay = new Map<string, HelpSummary["days"][number]>();
  const byTopic = new Map<string, HelpSummary["topics"][number]>();
  const bySource = new Map<string, HelpSummary["sources"][number]>();
  for (const row of rows) {
    const count = Number(row.count);
    const metric = row.metric as HelpMetric;
    const day = byDay.get(row.day) ?? { day: row.day, answered: 0, none: 0, up: 0, down: 0 };
    day[metric] += count;
    byDay.set(row.day, day);
    if (metric === "answered" || metric === "none") {
      const topic = byTopic.get(row.topic) ?? { topic: row.topic, answered: 0, none: 0 };
      topic[metric] += count;
      byTopic.set(row.topic, topic);
    } else if (row.source) {
      const source = bySource.get(row.source) ?? { source: row.source, up: 0, down: 0 };
      source[metric] += count;
      bySource.set(row.source, source);
    }
  }
  const unanswered = await database.db
    .selectFrom("help_unanswered")
    .select(["day", "lang", "reason", "question"])
    .where("day", ">=", since)
    .orderBy("day", "desc")
    .limit(200)
    .execute();
  return {
    days: [...byDay.values()].sort((a, b) => b.day.localeCompare(a.day)),
    topics: [...byTopic.values()].sort((a, b) => b.answered + b.none - (a.answered + a.none)),
    sources: [...bySource.values()].sort((a, b) => b.up + b.down - (a.up + a.down)),
    unanswered,
  };
}

/**
 * The weekly summary's lines (features/analytics weekly-report): the questions
 * not answered in the seven days up to `now`, by topic, and, where the log is
 * on, the redacted questions themselves (at most 20).
 */
export async function unansweredLines(db: Kysely<Database>, now = new Date()): Promise<string[]> {
  const since = today(new Date(now.getTime() - 6 * 86_400_000));
  const rows = await db
    .selectFrom("help_daily")
    .select(["topic", sql<number>`sum(count)`.as("count")])
    .where("metric", "=", "none")
    .where("day", ">=", since)
    .groupBy("topic")
    .orderBy("count", "desc")
    .execute();
  const logged = await db.selectFrom("help_unanswered").select(["day", "question"]).where("day", ">=", since).orderBy("day", "desc").limit(20).execute();
  return [...rows.map((r) => `${r.topic}: ${Number(r.count)}`), ...logged.map((l) => `${l.day}: "${l.question}"`)];
}
