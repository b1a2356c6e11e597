/**
 * The weekly summary mail (issue 21) over a database whose two weeks of
 * traffic this test wrote itself, so every figure is known in advance: the
 * page views and their change, the top pages and sources in order, the goals
 * and their change, each vital's p75 against last week; one mail per operator
 * and week however often the job runs; and the scheduler's Monday hour.
 */
import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadEnv } from "~/config/env.server";
import { authOptions } from "~/features/auth/auth.server";
import { openDatabase } from "~/infra/db/database.server";
import { migrateToLatest } from "~/infra/db/migrate.server";
import type { AnalyticsBucket } from "~/infra/db/schema";
import type { Mailer } from "~/infra/mail/mailer.server";
import { MailOutbox } from "~/infra/mail/outbox.server";
import { testDatabases } from "../../../tests/support/test-databases";
import { insertUser } from "../../../tests/support/user-rows";
import { BUCKET_COLUMNS, bucketIndex } from "./histogram";
import { queueWeeklyReport, scheduleWeeklyReport, weeklyFigures } from "./weekly-report.server";

/** Sunday 22 November 2026: this week is 16–22 November, last week 9–15. */
const NOW = new Date("2026-11-22T12:00:00Z");
const silent = pino({ level: "silent" });
const idleMailer: Mailer = { send: async () => {}, verify: async () => {}, transport: "smtp", close: () => {} };

describe.each(testDatabases())("the weekly summary on $name", (target) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    vi.useRealTimers();
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setup() {
    const created = await target.create();
    cleanups.push(created.drop);
    const env = loadEnv({ AUTH_SECRET: "w".repeat(40), DATABASE_URL: created.url });
    const database = openDatabase(created.config);
    cleanups.push(() => database.close());
    await migrateToLatest(database, authOptions({ env, database }));
    const db = database.db;
    const outbox = new MailOutbox(database, idleMailer, silent, { retryBaseMs: 30_000, messageIdDomain: "test" });
    cleanups.push(async () => outbox.stop());

    const views = async (day: string, route: string, count: number) =>
      db.insertInto("analytics_daily").values({ day, route, metric: "pageview", device: "mobile", connection: "4g", count }).execute();
    /** `values` of one vital on one day, bucketed as ingest does. */
    const vital = async (day: string, metric: "LCP" | "INP", values: number[]) => {
      const buckets: Partial<Record<AnalyticsBucket, number>> = {};
      for (const value of values) {
        const column = BUCKET_COLUMNS[bucketIndex(metric, value)]!;
        buckets[column] = (buckets[column] ?? 0) + 1;
      }
      await db
        .insertInto("analytics_daily")
        .values({ day, route: "/", metric, device: "mobile", connection: "4g", count: values.length, ...buckets })
        .execute();
    };
    const source = async (day: string, source: string, medium: string, visitors: number) =>
      db
        .insertInto("analytics_source_daily")
        .values({ day, source, medium, campaign: "", visitors, pageviews: visitors * 2 })
        .execute();
    const goal = async (day: string, goal: string, source: string, medium: string, count: number) =>
      db.insertInto("analytics_goal_daily").values({ day, goal, source, medium, campaign: "", count }).execute();

    // Last week: 20 views of /, two sign-ups, LCP around 3 s.
    await views("2026-11-10", "/", 20);
    await goal("2026-11-11", "signed-up", "direct", "", 2);
    await vital("2026-11-12", "LCP", Array(8).fill(3000));
    // This week: / 30 (two days), /pricing 12, /hi 7, /blog 5, /about 3, /team 1 (sixth: not in the top five).
    await views("2026-11-16", "/", 18);
    await views("2026-11-20", "/", 12);
    await views("2026-11-21", "/pricing", 12);
    await views("2026-11-22", "/hi", 7);
    await views("2026-11-19", "/blog", 5);
    await views("2026-11-18", "/about", 3);
    await views("2026-11-17", "/team", 1);
    // Outside both weeks: never counted.
    await views("2026-11-23", "/", 1000);
    await views("2026-11-01", "/", 1000);
    await source("2026-11-20", "google.com", "referral", 5);
    await source("2026-11-21", "newsletter", "email", 3);
    await goal("2026-11-21", "signed-up", "newsletter", "email", 2);
    await goal("2026-11-21", "email-verified", "newsletter", "email", 1);
    await goal("2026-11-22", "waitlist-joined", "google.com", "referral", 4);
    await vital("2026-11-20", "LCP", Array(8).fill(1500));
    return { env, db, outbox };
  }

  it("says what the console's seven days say: views and change, top pages and sources in order, goals, each vital's p75 against last week", async () => {
    const { db } = await setup();
    const f = await weeklyFigures(db, NOW);
    expect(f.from).toBe("2026-11-16");
    expect(f.to).toBe("2026-11-22");
    // 58 against 20: +190 %.
    expect(f.pageViewsCount).toBe(58);
    expect(f.pageViews).toBe("58 (+190 %)");
    expect(f.topPages).toEqual(["/: 30", "/pricing: 12", "/hi: 7", "/blog: 5", "/about: 3"]);
    expect(f.topSources).toEqual(["google.com (referral): 5 visitors, 0 sign-ups", "newsletter (email): 3 visitors, 2 sign-ups"]);
    expect(f.goals).toEqual(["Sign-ups: 2 (+0 %)", "Emails verified: 1 (new)", "Waitlist joins: 4 (new)", "Forms sent: 0"]);
    const lcp = f.vitals.find((line) => line.startsWith("LCP"))!;
    // 1.5 s this week, 3 s the week before (bucketed: the p75 is a bucket's bound near each).
    expect(lcp).toMatch(/^LCP p75: 1,[45]\d\d ms \(good\), last week [23],\d{3} ms$/);
    expect(f.vitals.find((line) => line.startsWith("INP"))).toBe("INP p75: no values this week");
    expect(f.unanswered).toEqual([]);
  });

  it("lists the questions Ask Tuesday could not answer this week by topic, and the redacted log where it is on", async () => {
    const { db } = await setup();
    const day = (d: string) => ({ topic: "other", metric: "none", source: "", count: 1, day: d });
    await db
      .insertInto("help_daily")
      .values([{ ...day("2026-11-20"), count: 3 }, { ...day("2026-11-21"), topic: "account", count: 2 }, day("2026-11-10")])
      .execute();
    await db
      .insertInto("help_unanswered")
      .values({ id: "q1", day: "2026-11-21", lang: "en", reason: "unknown", question: "what is your GST number" })
      .execute();
    const f = await weeklyFigures(db, NOW);
    expect(f.unanswered).toEqual(["other: 3", "account: 2", '2026-11-21: "what is your GST number"']);
  });

  it("goes once per operator and week, however often the job runs", async () => {
    const { env, db, outbox } = await setup();
    await insertUser(db, { id: "op-1", email: "op@example.test", role: "operator" });
    await insertUser(db, { id: "member-1", email: "member@example.test", role: "member" });
    const deps = { db, outbox, log: silent, operatorEmails: new Set<string>(), appUrl: env.appUrl };
    expect((await queueWeeklyReport(deps, NOW)).queued).toBe(1);
    expect((await queueWeeklyReport(deps, NOW)).queued).toBe(0);
    const mails = await db.selectFrom("mail_outbox").select(["to_address", "subject", "text"]).where("kind", "=", "weekly-summary").execute();
    expect(mails.map((m) => m.to_address)).toEqual(["op@example.test"]);
    expect(mails[0]!.subject).toContain("58 (+190 %) page views");
    expect(mails[0]!.text).toContain("• /pricing: 12");
    expect(mails[0]!.text).toContain("• newsletter (email): 3 visitors, 2 sign-ups");
  });

  it("is queued by the scheduler on Monday from 03:30 UTC, for the week that ended the day before, and not before", async () => {
    const { env, db, outbox } = await setup();
    const now = new Date().toISOString();
    await db
      .insertInto("user")
      .values({ id: "op-2", name: "op", email: "op2@example.test", emailVerified: 1, image: null, twoFactorEnabled: 0, createdAt: now, updatedAt: now })
      .execute();
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    let clock = new Date("2026-11-23T03:00:00Z");
    const stop = scheduleWeeklyReport({ db, outbox, log: silent, operatorEmails: new Set(["op2@example.test"]), appUrl: env.appUrl }, () => clock);
    const queued = async () => (await db.selectFrom("mail_outbox").select("subject").where("kind", "=", "weekly-summary").execute()).map((m) => m.subject);
    const hour = async () => {
      await vi.advanceTimersByTimeAsync(60 * 60_000);
      // The tick's queries run on real timers; give a too-early tick the time it would need to do anything.
      await new Promise((resolve) => setTimeout(resolve, 300));
    };
    await hour(); // Monday 03:00: too early
    expect(await queued()).toEqual([]);
    clock = new Date("2026-11-23T03:45:00Z");
    await hour();
    await expect.poll(queued, { timeout: 5000 }).toEqual([expect.stringContaining("2026-11-16 to 2026-11-22")]);
    clock = new Date("2026-11-23T04:45:00Z");
    await hour();
    expect(await queued()).toHaveLength(1);
    stop();
  });
});
