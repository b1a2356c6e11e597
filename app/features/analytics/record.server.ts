/**
 * Adds a beacon to the daily aggregates: one row per (day, route, metric,
 * device, connection), incremented in place. The whole beacon is one
 * statement, `INSERT … ON CONFLICT DO UPDATE SET col = col + excluded.col`,
 * which both SQLite and PostgreSQL run atomically per row: requests running
 * at once, in this process or in other instances, never lose an increment.
 */
import { type Insertable, type Kysely, type RawBuilder, sql } from "kysely";
import type { AnalyticsBucket, AnalyticsDailyTable, Database } from "~/infra/db/schema";
import type { Beacon } from "./beacon-schema";
import { BUCKET_COLUMNS, bucketIndex, emptyHistogram } from "./histogram";
import { DROPPED, PAGE_VIEW, type TrackedRoute } from "./metrics";

type Db = Kysely<Database>;

/** How long daily rows are kept: 13 months, enough to compare a month with the same month a year ago. */
export const RETENTION_DAYS = 400;

/** The UTC day of `now`, `YYYY-MM-DD`: the only time an analytics row knows. */
export function dayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

interface Row {
  day: string;
  route: string;
  metric: string;
  device: string;
  connection: string;
  count: number;
  buckets: number[];
}

/**
 * The beacon's events merged per (route, metric): one row each, as PostgreSQL
 * requires of one upsert. `dropped` names the routes of vitals left out as
 * implausible: counted under the metric DROPPED.
 */
export function rowsOf(beacon: Beacon, day: string, dropped: readonly TrackedRoute[] = []): Row[] {
  const rows = new Map<string, Row>();
  const rowFor = (route: string, metric: string) => {
    const key = `${route}\n${metric}`;
    let row = rows.get(key);
    if (!row) {
      row = { day, route, metric, device: beacon.device, connection: beacon.connection, count: 0, buckets: emptyHistogram() };
      rows.set(key, row);
    }
    return row;
  };
  for (const event of beacon.events) {
    const row = rowFor(event.route, event.metric);
    row.count += 1;
    if (event.metric !== PAGE_VIEW) row.buckets[bucketIndex(event.metric, event.value)]! += 1;
  }
  for (const route of dropped) rowFor(route, DROPPED).count += 1;
  return [...rows.values()];
}

const KEY = ["day", "route", "metric", "device", "connection"] as const;

/**
 * Every counter of the row, always all of them, so the statement's text
 * depends only on how many rows it inserts (prepared statements are reused).
 */
const increments = Object.fromEntries(
  (["count", ...BUCKET_COLUMNS] as const).map((column) => [column, sql<number>`${sql.ref(`analytics_daily.${column}`)} + ${sql.ref(`excluded.${column}`)}`]),
) as Record<"count" | AnalyticsBucket, RawBuilder<number>>;

export async function recordBeacon(db: Db, beacon: Beacon, now: Date, dropped: readonly TrackedRoute[] = []): Promise<void> {
  const rows = rowsOf(beacon, dayOf(now), dropped);
  if (rows.length === 0) return;
  await db
    .insertInto("analytics_daily")
    .values(
      rows.map(({ buckets, ...key }) => {
        const values: Insertable<AnalyticsDailyTable> = { ...key };
        BUCKET_COLUMNS.forEach((column, i) => {
          values[column] = buckets[i]!;
        });
        return values;
      }),
    )
    .onConflict((oc) => oc.columns([...KEY]).doUpdateSet(increments))
    .execute();
}

/** Forgets days older than the retention period. */
export async function pruneAnalytics(db: Db, now: Date, keepDays = RETENTION_DAYS): Promise<number> {
  const cutoff = dayOf(new Date(now.getTime() - keepDays * 86_400_000));
  const result = await db.deleteFrom("analytics_daily").where("day", "<", cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
