/**
 * Where visits come from, and whether they reach a goal (issue 21), without
 * cookies, storage, IP addresses or user ids in anything kept (Plausible's
 * method, docs/decisions/0031-analytics-sources-goals.md):
 *
 *   - A visitor of the day is a keyed hash: HMAC(AUTH_SECRET, day, the
 *     client's address as the limiter keys it (an IPv6 client's /64), its
 *     user agent). It lives in memory or Redis until the day is over
 *     (ttl-store.server.ts), holding only the visit's source; the next day
 *     the same person is a new, unlinkable hash.
 *   - The landing page view carries its source (sources.ts): the first one
 *     of the day is the visitor's; `visitors` counts it once, `pageviews`
 *     every page view of theirs, both per (day, source, medium, campaign).
 *   - A goal (a sign-up, a verification, a waitlist join, a form sent) is
 *     counted on the server, where it happens, under the source its request's
 *     visitor hash holds, else "direct".
 *
 * A day keeps at most SOURCES_PER_DAY distinct sources; past that, new ones
 * count as "(other)", so nobody can grow the table with made-up campaigns.
 * One client address brings at most NEW_SOURCES_PER_CLIENT new sources a day
 * (issue 38, finding 12): a new User-Agent is a new visitor, so without it one
 * client filled the day's sources, and every real new source that day was
 * "(other)" while junk host names reached the weekly mail.
 */
import { createHmac } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { Logger } from "pino";
import type { Database } from "~/infra/db/schema";
import { limiterKey } from "~/infra/http/client-address.server";
import type { TtlStore } from "~/infra/kv/ttl-store.server";
import { memoryStore, RateLimiter } from "~/infra/rate-limit/rate-limiter.server";
import { dayOf } from "./record.server";
import { type Goal, sourceKey, type VisitSource } from "./sources";

type Db = Kysely<Database>;
type SourceKey = ReturnType<typeof sourceKey>;

export const SOURCES_PER_DAY = 1000;
/** New sources one client address (an IPv6 /64) may bring in a day; past it, its visits count as "(other)". */
export const NEW_SOURCES_PER_CLIENT = 5;
const OTHER: SourceKey = { source: "(other)", medium: "", campaign: "" };
const DIRECT = sourceKey(undefined);

/** Who is asking: the client's address and user agent, as the request context knows them (never stored). */
export interface Visitor {
  ip: string;
  userAgent: string;
}

export interface GoalRecorder {
  /** Counts a goal for the request's visitor; never throws (a count is not worth a failed sign-up). */
  record(goal: Goal, visitor: Visitor, now?: Date): Promise<void>;
}

export class Attribution implements GoalRecorder {
  constructor(
    private readonly db: Db,
    private readonly visitors: TtlStore,
    private readonly secret: string,
    private readonly log: Logger,
    private readonly limiter: RateLimiter = new RateLimiter(memoryStore()),
  ) {}

  private visitorKey(visitor: Visitor, day: string): string {
    return createHmac("sha256", this.secret)
      .update(`tuesday:analytics-visitor:${day}:${limiterKey(visitor.ip)}:${visitor.userAgent}`)
      .digest("base64url")
      .slice(0, 27);
  }

  /** Until the end of the UTC day (a visitor is a visitor of one day). */
  private static ttlMs(now: Date): number {
    const end = Date.parse(`${dayOf(now)}T00:00:00Z`) + 86_400_000;
    return Math.max(1_000, end - now.getTime());
  }

  private async storedSource(key: string): Promise<SourceKey | null> {
    const raw = await this.visitors.get(key);
    if (!raw) return null;
    try {
      const parsed = JSON.parse(raw) as SourceKey;
      return typeof parsed.source === "string" && typeof parsed.medium === "string" && typeof parsed.campaign === "string" ? parsed : null;
    } catch {
      return null;
    }
  }

  /** A counted page view (ingest.server.ts): the visitor's first of the day decides their source. */
  async pageView(visitor: Visitor, source: VisitSource | undefined, now = new Date()): Promise<void> {
    const day = dayOf(now);
    const key = this.visitorKey(visitor, day);
    let counted = await this.storedSource(key);
    let newVisitor = false;
    if (!counted) {
      counted = await this.withinCap(day, sourceKey(source), visitor);
      newVisitor = await this.visitors.setIfAbsent(key, JSON.stringify(counted), Attribution.ttlMs(now));
      // Another instance stored this visitor a moment ago: count under theirs.
      if (!newVisitor) counted = (await this.storedSource(key)) ?? counted;
    }
    await this.db
      .insertInto("analytics_source_daily")
      .values({ day, ...counted, visitors: newVisitor ? 1 : 0, pageviews: 1 })
      .onConflict((oc) =>
        oc.columns(["day", "source", "medium", "campaign"]).doUpdateSet({
          visitors: sql<number>`${sql.ref("analytics_source_daily.visitors")} + ${sql.ref("excluded.visitors")}`,
          pageviews: sql<number>`${sql.ref("analytics_source_daily.pageviews")} + 1`,
        }),
      )
      .execute();
  }

  async record(goal: Goal, visitor: Visitor, now = new Date()): Promise<void> {
    try {
      const day = dayOf(now);
      const counted = (await this.storedSource(this.visitorKey(visitor, day))) ?? DIRECT;
      await this.db
        .insertInto("analytics_goal_daily")
        .values({ day, goal, ...counted, count: 1 })
        .onConflict((oc) =>
          oc.columns(["day", "goal", "source", "medium", "campaign"]).doUpdateSet({ count: sql<number>`${sql.ref("analytics_goal_daily.count")} + 1` }),
        )
        .execute();
    } catch (error) {
      this.log.warn({ err: error, goal }, "analytics goal not counted");
    }
  }

  /** The source, or "(other)" once the day has SOURCES_PER_DAY others or this client brought its NEW_SOURCES_PER_CLIENT. */
  private async withinCap(day: string, key: SourceKey, visitor: Visitor): Promise<SourceKey> {
    if (key.source === DIRECT.source && key.medium === "" && key.campaign === "") return key;
    const known = await this.db
      .selectFrom("analytics_source_daily")
      .select("day")
      .where("day", "=", day)
      .where("source", "=", key.source)
      .where("medium", "=", key.medium)
      .where("campaign", "=", key.campaign)
      .executeTakeFirst();
    if (known) return key;
    const row = await this.db
      .selectFrom("analytics_source_daily")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("day", "=", day)
      .executeTakeFirst();
    if (Number(row?.n ?? 0) >= SOURCES_PER_DAY) return OTHER;
    const budget = await this.limiter
      .consume([{ key: `analytics-new-source:${day}:${limiterKey(visitor.ip)}`, limit: { max: NEW_SOURCES_PER_CLIENT, windowMs: 86_400_000 } }])
      .catch(() => ({ allowed: true }) as const);
    return budget.allowed ? key : OTHER;
  }
}
