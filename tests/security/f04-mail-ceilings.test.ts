/**
 * Finding 4: no ceiling on form messages and notification mails beyond the
 * per-IP limits: during the scans 4,858 messages were stored and 4,858 mails
 * sent to the company's address in minutes. Now, per form, at most
 * FORM_MAILS_PER_HOUR notification mails (60) an hour and one digest for the
 * rest, and at most FORM_MESSAGES_PER_DAY messages (here 1,500 of 2,000) a
 * UTC day, the rest 429.
 *
 * 2,000 posts (600 in the reduced run, ceiling 500), each from its own
 * spoofed address through the trusted proxy, 8 at a time: concurrent posts
 * must not slip past a ceiling either. Own server per database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createDb, pool, type Server, startServer, type TestDb } from "../reliability/lib/harness.ts";
import { openDb, PORTS, reduced, type Target } from "./lib/suite.ts";
import { site } from "../../app/config/site";

const POSTS = reduced ? 600 : 2_000;
const PER_DAY = reduced ? 500 : 1_500;
const PER_HOUR = 60;
const kinds = reduced || !(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL) ? (["sqlite"] as const) : (["sqlite", "postgres"] as const);

const hourOf = (iso: string) => iso.slice(0, 13);
const dayOf = (iso: string) => iso.slice(0, 10);
const iso = (value: unknown) => new Date(value as string).toISOString();

describe.each(kinds.map((kind, index) => ({ kind, index })))("finding 4 on $kind: ceilings that protect the company's mailbox", ({ kind, index }) => {
  // After finding 1's ports (own … own+7).
  const port = PORTS.own + 8 + index;
  let db: TestDb;
  let server: Server;

  beforeAll(async () => {
    db = await createDb(kind, `security-f04-${kind}`);
    server = await startServer(`security-f04-${kind}`, port, db, {
      FORM_MAILS_PER_HOUR: String(PER_HOUR),
      FORM_MESSAGES_PER_DAY: String(PER_DAY),
      ...(kind === "postgres" ? { REDIS_URL: process.env.TEST_REDIS_URL! } : {}),
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it(`${POSTS} posts from ${POSTS} addresses: every message stored up to the day's ceiling, the rest 429; at most ${PER_HOUR} mails an hour and one digest`, async () => {
    const statuses = await pool(8, POSTS, async (i) => {
      const res = await call(server, "POST", "/api/forms/feedback", {
        name: `Flood ${i}`,
        email: `flood-${i}@example.com`,
        message: `Message number ${i} of a flood.`,
      });
      await res.arrayBuffer();
      return res.status;
    });
    const ok = statuses.filter((s) => s === 200).length;
    const refused = statuses.filter((s) => s === 429).length;
    expect(ok + refused).toBe(POSTS);

    let oneDay: boolean;
    const handle = openDb({ kind, databaseUrl: db.url } as Target);
    try {
      const stored = await handle.selectFrom("form_message").select("created_at").where("kind", "=", "feedback").execute();
      expect(stored).toHaveLength(ok);
      const perDay = new Map<string, number>();
      for (const row of stored) perDay.set(dayOf(iso(row.created_at)), (perDay.get(dayOf(iso(row.created_at))) ?? 0) + 1);
      for (const count of perDay.values()) expect(count).toBeLessThanOrEqual(PER_DAY);
      // Unless the run crossed midnight UTC, exactly the ceiling was stored.
      oneDay = perDay.size === 1;
      if (oneDay) expect(ok).toBe(PER_DAY);

      const mails = await handle
        .selectFrom("mail_outbox")
        .select(["kind", "created_at", "next_attempt_at", "text"])
        .where("to_address", "=", site.contactEmail)
        .execute();
      const notifications = mails.filter((m) => m.kind === "form-notification");
      const digests = mails.filter((m) => m.kind === "form-digest");
      const messagesPerHour = new Map<string, number>();
      for (const row of stored) messagesPerHour.set(hourOf(iso(row.created_at)), (messagesPerHour.get(hourOf(iso(row.created_at))) ?? 0) + 1);
      for (const [hour, count] of messagesPerHour) {
        const mailed = notifications.filter((m) => hourOf(iso(m.created_at)) === hour).length;
        expect(mailed, hour).toBe(Math.min(count, PER_HOUR));
        const digest = digests.filter((m) => hourOf(iso(m.created_at)) === hour);
        if (count <= PER_HOUR) {
          expect(digest, hour).toHaveLength(0);
          continue;
        }
        // One digest for the hour, saying how many more arrived, due when the hour ends.
        expect(digest, hour).toHaveLength(1);
        expect(digest[0]!.text).toContain(`${(count - PER_HOUR).toLocaleString("en-GB")} more message`);
        expect(iso(digest[0]!.next_attempt_at)).toBe(new Date(new Date(`${hour}:00:00.000Z`).getTime() + 3_600_000).toISOString());
      }
      expect(notifications.length + digests.length).toBeLessThanOrEqual(PER_HOUR * messagesPerHour.size + messagesPerHour.size);
    } finally {
      await handle.destroy();
    }

    // A post past the ceiling is refused and says when to come back (the next UTC midnight).
    if (oneDay) {
      const more = await call(server, "POST", "/api/forms/feedback", { name: "One more", email: "one-more@example.com", message: "After the ceiling." });
      expect(more.status).toBe(429);
      expect(await more.text()).toContain("too many messages today");
      expect(Number(more.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(Number(more.headers.get("retry-after"))).toBeLessThanOrEqual(86_400);
    }
  }, 300_000);
});
