/**
 * What /admin/analytics shows, read from the daily aggregates: page views per
 * route, the p50/p75/p95 of each Core Web Vital per route (from the summed
 * histograms, see histogram.ts), and a per-day series for the charts.
 */
import { type Kysely, sql } from "kysely";
import type { AnalyticsBucket, Database } from "~/infra/db/schema";
import { addInto, BUCKET_COLUMNS, emptyHistogram, percentile } from "./histogram";
import { type DeviceClass, DROPPED, PAGE_VIEW, rate, type Vital, VITALS } from "./metrics";
import { dayOf } from "./record.server";
import { type Goal, GOALS } from "./sources";
import type { AnalyticsSummary, SourceRow, SummaryDays, VitalStats, VitalsOf } from "./summary-types";

export type { AnalyticsSummary, SummaryDays, VitalStats, VitalsOf } from "./summary-types";

type Db = Kysely<Database>;

export interface SummaryOptions {
  days: SummaryDays;
  now: Date;
}

const DAY_MS = 86_400_000;

/** The days of the window, oldest first. */
export function windowDays(days: SummaryDays, now: Date): string[] {
  const today = Date.parse(`${dayOf(now)}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => dayOf(new Date(today - (days - 1 - i) * DAY_MS)));
}

/** PostgreSQL answers sum() of integers as bigint, which pg hands back as a string. */
function n(value: unknown): number {
  const number = Number(value ?? 0);
  return Number.isFinite(number) ? number : 0;
}

/** The summed counters of a group of rows. */
function sums() {
  return [sql<string>`sum(${sql.ref("count")})`.as("count"), ...BUCKET_COLUMNS.map((column) => sql<string>`sum(${sql.ref(column)})`.as(column))];
}

function histogramOf(row: Record<string, unknown>): number[] {
  return BUCKET_COLUMNS.map((column: AnalyticsBucket) => n(row[column]));
}

function isVital(metric: string): metric is Vital {
  return (VITALS as readonly string[]).includes(metric);
}

export function vitalStats(vital: Vital, histogram: readonly number[]): VitalStats | null {
  const p50 = percentile(vital, histogram, 0.5);
  const p75 = percentile(vital, histogram, 0.75);
  const p95 = percentile(vital, histogram, 0.95);
  if (!p50 || !p75 || !p95) return null;
  const count = histogram.reduce((a, b) => a + b, 0);
  return { count, p50: p50.value, p75: p75.value, p95: p95.value, p75AtLeast: p75.atLeast, rating: rate(vital, p75.value) };
}

export async function analyticsSummary(db: Db, { days, now }: SummaryOptions): Promise<AnalyticsSummary> {
  const dayList = windowDays(days, now);
  const from = dayList[0]!;
  const to = dayList[dayList.length - 1]!;
  const inWindow = db.selectFrom("analytics_daily").where("day", ">=", from).where("day", "<=", to);

  const [byRoute, byDay, byDevice, byConnection, bySource, byGoal] = await Promise.all([
    inWindow.select(["route", "metric"]).select(sums()).groupBy(["route", "metric"]).execute(),
    inWindow.select(["day", "metric"]).select(sums()).groupBy(["day", "metric"]).execute(),
    inWindow
      .where("metric", "=", PAGE_VIEW)
      .select("device")
      .select(sql<string>`sum(${sql.ref("count")})`.as("count"))
      .groupBy("device")
      .execute(),
    inWindow
      .where("metric", "=", PAGE_VIEW)
      .select("connection")
      .select(sql<string>`sum(${sql.ref("count")})`.as("count"))
      .groupBy("connection")
      .execute(),
    db
      .selectFrom("analytics_source_daily")
      .where("day", ">=", from)
      .where("day", "<=", to)
      .select([
        "source",
        "medium",
        "campaign",
        sql<string>`sum(${sql.ref("visitors")})`.as("visitors"),
        sql<string>`sum(${sql.ref("pageviews")})`.as("pageviews"),
      ])
      .groupBy(["source", "medium", "campaign"])
      .execute(),
    db
      .selectFrom("analytics_goal_daily")
      .where("day", ">=", from)
      .where("day", "<=", to)
      .select(["goal", "source", "medium", "campaign", sql<string>`sum(${sql.ref("count")})`.as("count")])
      .groupBy(["goal", "source", "medium", "campaign"])
      .execute(),
  ]);
  const { sources, goals } = sourcesAndGoals(bySource, byGoal);

  const pageViews: { route: string; count: number }[] = [];
  let dropped = 0;
  const perRoute = new Map<string, Partial<Record<Vital, number[]>>>();
  const overallHistograms: Partial<Record<Vital, number[]>> = {};
  for (const row of byRoute) {
    if (row.metric === PAGE_VIEW) {
      pageViews.push({ route: row.route, count: n(row.count) });
      continue;
    }
    if (row.metric === DROPPED) {
      dropped += n(row.count);
      continue;
    }
    if (!isVital(row.metric)) continue;
    const histogram = histogramOf(row);
    const metrics = perRoute.get(row.route) ?? {};
    metrics[row.metric] = addInto(metrics[row.metric] ?? emptyHistogram(), histogram);
    perRoute.set(row.route, metrics);
    overallHistograms[row.metric] = addInto(overallHistograms[row.metric] ?? emptyHistogram(), histogram);
  }
  pageViews.sort((a, b) => b.count - a.count || a.route.localeCompare(b.route));

  const statsOf = (histograms: Partial<Record<Vital, number[]>>): VitalsOf => {
    const out: VitalsOf = {};
    for (const vital of VITALS) {
      const histogram = histograms[vital];
      const stats = histogram && vitalStats(vital, histogram);
      if (stats) out[vital] = stats;
    }
    return out;
  };

  const order = new Map(pageViews.map((p, i) => [p.route, i]));
  const vitals = [...perRoute.entries()]
    .map(([route, histograms]) => ({ route, metrics: statsOf(histograms) }))
    .sort((a, b) => (order.get(a.route) ?? Infinity) - (order.get(b.route) ?? Infinity) || a.route.localeCompare(b.route));

  const index = new Map(dayList.map((day, i) => [day, i]));
  const dailyViews = dayList.map(() => 0);
  const dailyHistograms = Object.fromEntries(VITALS.map((v) => [v, dayList.map(() => emptyHistogram())])) as Record<Vital, number[][]>;
  for (const row of byDay) {
    const i = index.get(row.day);
    if (i === undefined) continue;
    if (row.metric === PAGE_VIEW) dailyViews[i]! += n(row.count);
    else if (isVital(row.metric)) addInto(dailyHistograms[row.metric][i]!, histogramOf(row));
  }
  const p75 = Object.fromEntries(
    VITALS.map((vital) => [vital, dailyHistograms[vital].map((histogram) => percentile(vital, histogram, 0.75)?.value ?? null)]),
  ) as Record<Vital, (number | null)[]>;
  const samples = Object.fromEntries(VITALS.map((vital) => [vital, dailyHistograms[vital].map((histogram) => histogram.reduce((a, b) => a + b, 0))])) as Record<
    Vital,
    number[]
  >;

  const byCount = <T extends { count: number }>(a: T, b: T) => b.count - a.count;
  return {
    days,
    from,
    to,
    totalPageViews: pageViews.reduce((total, p) => total + p.count, 0),
    dropped,
    pageViews,
    vitals,
    overall: statsOf(overallHistograms),
    devices: byDevice.map((r) => ({ device: r.device as DeviceClass, count: n(r.count) })).sort(byCount),
    connections: byConnection.map((r) => ({ connection: r.connection, count: n(r.count) })).sort(byCount),
    sources,
    goals,
    daily: { days: dayList, pageViews: dailyViews, p75, samples },
  };
}

const noGoals = (): Record<Goal, number> => Object.fromEntries(GOALS.map((g) => [g, 0])) as Record<Goal, number>;

/** The sources table: each source's visitors and page views beside the goals counted under it (a goal whose source had no counted visit still shows). */
export function sourcesAndGoals(
  bySource: { source: string; medium: string; campaign: string; visitors: unknown; pageviews: unknown }[],
  byGoal: { goal: string; source: string; medium: string; campaign: string; count: unknown }[],
): { sources: SourceRow[]; goals: Record<Goal, number> } {
  const rows = new Map<string, SourceRow>();
  const rowFor = (source: string, medium: string, campaign: string) => {
    const key = `${source}\n${medium}\n${campaign}`;
    let row = rows.get(key);
    if (!row) {
      row = { source, medium, campaign, visitors: 0, pageviews: 0, goals: noGoals(), conversion: null };
      rows.set(key, row);
    }
    return row;
  };
  for (const r of bySource) {
    const row = rowFor(r.source, r.medium, r.campaign);
    row.visitors += n(r.visitors);
    row.pageviews += n(r.pageviews);
  }
  const goals = noGoals();
  for (const r of byGoal) {
    if (!(GOALS as readonly string[]).includes(r.goal)) continue;
    const goal = r.goal as Goal;
    rowFor(r.source, r.medium, r.campaign).goals[goal] += n(r.count);
    goals[goal] += n(r.count);
  }
  const sources = [...rows.values()]
    .map((row) => ({ ...row, conversion: row.visitors > 0 ? row.goals["signed-up"] / row.visitors : null }))
    .sort((a, b) => b.visitors - a.visitors || b.goals["signed-up"] - a.goals["signed-up"] || a.source.localeCompare(b.source));
  return { sources, goals };
}
