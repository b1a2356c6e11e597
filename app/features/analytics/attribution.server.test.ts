import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { loadEnv } from "~/config/env.server";
import { authOptions } from "~/features/auth/auth.server";
import { openDatabase } from "~/infra/db/database.server";
import { migrateToLatest } from "~/infra/db/migrate.server";
import { memoryTtlStore } from "~/infra/kv/ttl-store.server";
import { testDatabases } from "../../../tests/support/test-databases";
import { Attribution, SOURCES_PER_DAY } from "./attribution.server";
import { sourceKey, visitSource } from "./sources";

describe("a visit's source", () => {
  it("is the UTM source, else the referring host, else direct; our own pages are not a referrer", () => {
    const at = (search: string) => ({ search, hostname: "tuesday.example" });
    expect(sourceKey(visitSource(at("?utm_source=News Letter&utm_medium=Email&utm_campaign=Diwali 2026!"), "https://www.google.com/search?q=x"))).toEqual({
      source: "news-letter",
      medium: "email",
      campaign: "diwali-2026",
    });
    expect(sourceKey(visitSource(at(""), "https://www.google.com/search?q=private"))).toEqual({ source: "google.com", medium: "referral", campaign: "" });
    expect(sourceKey(visitSource(at(""), "https://tuesday.example/pricing"))).toEqual({ source: "direct", medium: "", campaign: "" });
    expect(visitSource(at("?utm_source=%00%01"), "javascript:alert(1)")).toBeUndefined();
  });
});

describe.each(testDatabases())("attribution on $name", (target) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setup() {
    const created = await target.create();
    cleanups.push(created.drop);
    const env = loadEnv({ AUTH_SECRET: "a".repeat(40), DATABASE_URL: created.url });
    const database = openDatabase(created.config);
    cleanups.push(() => database.close());
    await migrateToLatest(database, authOptions({ env, database }));
    const attribution = new Attribution(database.db, memoryTtlStore(), env.authSecret, pino({ level: "silent" }));
    const sources = () => database.db.selectFrom("analytics_source_daily").selectAll().orderBy("source").execute();
    const goals = () => database.db.selectFrom("analytics_goal_daily").selectAll().orderBy("goal").execute();
    return { attribution, sources, goals, db: database.db };
  }

  const asha = { ip: "203.0.113.7", userAgent: "Mozilla/5.0 Asha" };
  const ravi = { ip: "198.51.100.9", userAgent: "Mozilla/5.0 Ravi" };
  const now = new Date("2026-11-24T10:00:00Z");

  it("a visitor counts once a day under their landing's source; their goals follow it; nothing names them", async () => {
    const { attribution, sources, goals } = await setup();
    await attribution.pageView(asha, { utm_source: "newsletter", utm_medium: "email" }, now);
    await attribution.pageView(asha, undefined, new Date(now.getTime() + 60_000));
    await attribution.pageView(ravi, undefined, now);
    await attribution.record("signed-up", asha, new Date(now.getTime() + 120_000));
    await attribution.record("form-sent", { ip: "192.0.2.1", userAgent: "never seen" }, now);
    expect(
      (await sources()).map(({ source, medium, visitors, pageviews }) => ({ source, medium, visitors: Number(visitors), pageviews: Number(pageviews) })),
    ).toEqual([
      { source: "direct", medium: "", visitors: 1, pageviews: 1 },
      { source: "newsletter", medium: "email", visitors: 1, pageviews: 2 },
    ]);
    expect((await goals()).map(({ goal, source, count }) => ({ goal, source, count: Number(count) }))).toEqual([
      { goal: "form-sent", source: "direct", count: 1 },
      { goal: "signed-up", source: "newsletter", count: 1 },
    ]);
    // The next day the same person is a new visitor (the hash has the day in it).
    await attribution.pageView(asha, undefined, new Date("2026-11-25T08:00:00Z"));
    expect((await sources()).filter((r) => r.day === "2026-11-25")).toMatchObject([{ source: "direct", visitors: 1 }]);
  });

  it("past SOURCES_PER_DAY distinct sources a day, new ones count as (other)", async () => {
    const { attribution, db } = await setup();
    await db
      .insertInto("analytics_source_daily")
      .values(Array.from({ length: SOURCES_PER_DAY }, (_, i) => ({ day: "2026-11-24", source: `s${i}`, medium: "", campaign: "", visitors: 1, pageviews: 1 })))
      .execute();
    await attribution.pageView(asha, { utm_source: "one-more" }, now);
    await attribution.pageView(ravi, { utm_source: "s7" }, now);
    const rows = await db
      .selectFrom("analytics_source_daily")
      .select(["source", "visitors"])
      .where("source", "in", ["(other)", "one-more", "s7"])
      .orderBy("source")
      .execute();
    expect(rows.map((r) => [r.source, Number(r.visitors)])).toEqual([
      ["(other)", 1],
      ["s7", 2],
    ]);
  });
});
