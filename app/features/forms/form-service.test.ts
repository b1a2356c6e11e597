import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { loadEnv } from "~/config/env.server";
import { site } from "~/config/site";
import { authOptions } from "~/features/auth/auth.server";
import { listMessages } from "~/features/profile/user-record.server";
import { type DatabaseHandle, openDatabase } from "~/infra/db/database.server";
import { migrateToLatest } from "~/infra/db/migrate.server";
import { toIso } from "~/infra/db/time";
import type { MailMessage, Mailer } from "~/infra/mail/mailer.server";
import { backoffMs, GIVE_UP_AFTER_MS, MailOutbox } from "~/infra/mail/outbox.server";
import { memoryStore, RateLimiter } from "~/infra/rate-limit/rate-limiter.server";
import { testDatabases } from "../../../tests/support/test-databases";
import { RULES } from "~/infra/rate-limit/rules";
import { SPAM_PER_DAY } from "./form-ceilings.server";
import { HONEYPOT_FIELD } from "./form-schema";
import { type FormDeps, receiveSubmission, type Submission } from "./form-service.server";
import { notificationFor, notificationHooks } from "./notifications.server";
import { hashIp, insertMessage } from "./message-store.server";

const SECRET = "integration-secret-integration-secret";
const IP = "203.0.113.42";
const minutes = (n: number) => n * 60_000;

/** A mailer that records what it sends, can refuse the next N, and can be held until released. */
function fakeMailer() {
  const sent: MailMessage[] = [];
  let failures = 0;
  let gate: Promise<void> | null = null;
  let delayMs = 0;
  const mailer: Mailer & {
    sent: MailMessage[];
    failNext(n: number): void;
    hold(): () => void;
    slow(ms: number): void;
  } = {
    transport: "smtp",
    sent,
    failNext(n) {
      failures = n;
    },
    hold() {
      let release!: () => void;
      gate = new Promise((resolve) => {
        release = resolve;
      });
      return () => {
        gate = null;
        release();
      };
    },
    slow(ms) {
      delayMs = ms;
    },
    async send(message) {
      if (gate) await gate;
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      if (failures > 0) {
        failures -= 1;
        throw new Error("451 Mailbox unavailable (test outage)");
      }
      sent.push(message);
    },
    async verify() {},
    close() {},
  };
  return mailer;
}

function jsonRequest(body: unknown, headers: Record<string, string> = {}) {
  return new Request("http://localhost/api/forms/feedback", {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": "IntegrationTest/1.0", ...headers },
    body: JSON.stringify(body),
  });
}

const valid = { name: "  Asha Rao ", email: "asha@example.com", message: "The pricing page is lovely.\n\nMore please." };

describe.each(testDatabases())("the form service on $name", (target) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setup(extraEnv: Record<string, string> = {}) {
    const created = await target.create();
    cleanups.push(created.drop);
    const env = loadEnv({ AUTH_SECRET: SECRET, DATABASE_URL: created.url, ...extraEnv });
    const handles: DatabaseHandle[] = [];
    const open = () => {
      const handle = openDatabase(created.config);
      handles.push(handle);
      return handle;
    };
    cleanups.push(async () => {
      await Promise.all(handles.map((h) => h.close().catch(() => {})));
    });
    const database = open();
    await migrateToLatest(database, authOptions({ env, database }));
    const mailer = fakeMailer();
    const log = pino({ level: "silent" });
    const outboxOn = (handle: DatabaseHandle) => {
      const outbox = new MailOutbox(handle, mailer, log, { retryBaseMs: 30_000, messageIdDomain: "test.example" });
      outbox.on("form-notification", notificationHooks);
      cleanups.push(() => outbox.stop());
      return outbox;
    };
    const outbox = outboxOn(database);
    const deps: FormDeps = { env, database, outbox, log, limiter: new RateLimiter(memoryStore()) };
    const db = database.db;
    const submit = (request: Request, extra: Partial<Submission> = {}) =>
      receiveSubmission(deps, { kind: "feedback", request, ip: IP, userId: null, ...extra });
    const rows = () => db.selectFrom("form_message").selectAll().orderBy("created_at").execute();
    const outboxRows = () => db.selectFrom("mail_outbox").selectAll().orderBy("created_at").execute();
    return { env, deps, db, database, mailer, outbox, outboxOn, submit, rows, outboxRows, open };
  }

  it("ceilings per form: past the hour's mails one digest says how many more (sent when the hour ends); past the day's messages 429 until midnight UTC", async () => {
    const { db, outbox, mailer, submit, rows } = await setup({ FORM_MAILS_PER_HOUR: "3", FORM_MESSAGES_PER_DAY: "6" });
    const at = (iso: string) => new Date(iso);
    // Each post from its own address: the per-IP limit is not what stops them.
    const post = (i: number, now: Date, kind = "feedback") =>
      submit(jsonRequest({ ...valid, message: `Flood ${i}` }), { ip: `198.51.100.${i + 1}`, now, kind });
    for (let i = 0; i < 5; i++) expect(await post(i, at(`2026-11-23T10:0${i}:00Z`))).toMatchObject({ kind: "accepted" });
    // Another form has ceilings of its own.
    expect(await post(50, at("2026-11-23T10:05:00Z"), "contact")).toMatchObject({ kind: "accepted" });

    const mails = () => db.selectFrom("mail_outbox").selectAll().where("to_address", "=", site.contactEmail).orderBy("created_at").execute();
    const feedbackMails = async () => (await mails()).filter((m) => m.kind === "form-digest" || /feedback/i.test(m.subject));
    let queued = await feedbackMails();
    expect(queued.filter((m) => m.kind === "form-notification")).toHaveLength(3);
    let digests = queued.filter((m) => m.kind === "form-digest");
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toContain("2 more messages on the feedback form");
    expect(digests[0]!.text).toContain("/admin/messages?form=feedback");
    expect(toIso(digests[0]!.next_attempt_at)).toBe("2026-11-23T11:00:00.000Z");

    // The next hour: its own three mails (one message here), and the old digest untouched.
    expect(await post(5, at("2026-11-23T11:10:00Z"))).toMatchObject({ kind: "accepted" });
    queued = await feedbackMails();
    expect(queued.filter((m) => m.kind === "form-notification")).toHaveLength(4);
    digests = queued.filter((m) => m.kind === "form-digest");
    expect(digests).toHaveLength(1);

    // The day is full (six feedback messages): refused until midnight UTC, nothing stored.
    const refused = await post(6, at("2026-11-23T23:59:00Z"));
    expect(refused).toMatchObject({ kind: "rate-limited", limit: { retryAfterS: 60 } });
    expect((await rows()).filter((r) => r.kind === "feedback")).toHaveLength(6);
    // A new UTC day has room again.
    expect(await post(7, at("2026-11-24T00:00:01Z"))).toMatchObject({ kind: "accepted" });

    // The worker sends the digest when its hour has ended, not before.
    await outbox.runOnce({ now: at("2026-11-23T10:59:00Z") });
    expect(mailer.sent.filter((m) => /more messages/.test(m.subject))).toHaveLength(0);
    await outbox.runOnce({ now: at("2026-11-23T11:00:01Z") });
    expect(mailer.sent.filter((m) => /2 more messages on the feedback form/.test(m.subject))).toHaveLength(1);
  });

  it("one client fills at most its share of a form's day (an IPv6 /64 is one client); the form stays open to others", async () => {
    // 600 a day: a client's share is 60 (a tenth; never under the 50 a classroom sends).
    const { submit, rows } = await setup({ FORM_MESSAGES_PER_DAY: "600" });
    const now = new Date("2026-11-23T22:00:00Z");
    const post = (i: number, ip: string) => submit(jsonRequest({ ...valid, message: `Message ${i}` }), { ip, now });
    for (let i = 0; i < 60; i++) expect(await post(i, `2001:db8:1:2::${(i % 3) + 1}`)).toMatchObject({ kind: "accepted" });
    const refused = await post(60, "2001:db8:1:2::99");
    expect(refused).toMatchObject({
      kind: "rate-limited",
      limit: { retryAfterS: 2 * 60 * 60 },
      message: expect.stringContaining("too many messages from your network today"),
    });
    expect(await post(61, "198.51.100.20")).toMatchObject({ kind: "accepted" });
    expect((await rows()).filter((r) => r.status !== "spam")).toHaveLength(61);
  });

  it("stores the message and its notification mail before answering, hashes the IP, and the outbox mails the company", async () => {
    const { db, mailer, outbox, submit, rows, outboxRows } = await setup();
    const longAgent = `Mozilla/5.0 ${"x".repeat(600)}`;
    const outcome = await submit(jsonRequest(valid, { "user-agent": longAgent }), { kind: "contact" });
    expect(outcome).toMatchObject({ kind: "accepted" });

    const [row, ...others] = await rows();
    expect(others).toHaveLength(0);
    expect(row).toMatchObject({
      kind: "contact",
      name: "Asha Rao",
      email: "asha@example.com",
      message: "The pricing page is lovely.\n\nMore please.",
      user_id: null,
      notify_attempts: 0,
      notify_error: null,
      notified_at: null,
    });
    expect(outcome.kind === "accepted" && outcome.messageId).toBe(row!.id);
    expect(row!.user_agent).toBe(longAgent.slice(0, 512));
    expect(row!.ip_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.ip_hash).toBe(hashIp(IP, SECRET));
    expect(row!.ip_hash).not.toBe(hashIp(IP, `${SECRET}-other`));
    expect(JSON.stringify(row)).not.toContain(IP);
    expect(Date.now() - new Date(toIso(row!.created_at)!).getTime()).toBeLessThan(10_000);

    // The mail is in the outbox with the message (the answer did not wait for it)…
    const [queued] = await outboxRows();
    expect(queued).toMatchObject({
      kind: "form-notification",
      to_address: site.contactEmail,
      reply_to: "asha@example.com",
      ref: row!.id,
      status: "pending",
      attempts: 0,
    });
    expect(mailer.sent).toHaveLength(0);

    // …and the worker sends it with a Message-ID of its own, and marks the message notified.
    expect(await outbox.runOnce()).toEqual({ sent: 1, failed: 0, skipped: 0 });
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({ to: site.contactEmail, replyTo: "asha@example.com", messageId: `<${queued!.id}@test.example>` });
    expect(mailer.sent[0]!.subject).toContain("New contact message from Asha Rao");
    expect(mailer.sent[0]!.text).toContain("The pricing page is lovely.");
    expect(toIso((await rows())[0]!.notified_at)).toBeTruthy();
    expect((await outboxRows())[0]).toMatchObject({ status: "sent", claimed_until: null });
    expect(await db.selectFrom("form_message").select("id").execute()).toHaveLength(1);
  });

  it("reads urlencoded and multipart bodies the same way", async () => {
    const { submit, rows } = await setup();
    const form = new FormData();
    for (const [k, v] of Object.entries(valid)) form.append(k, v);
    const url = "http://localhost/api/forms/feedback";
    expect((await submit(new Request(url, { method: "POST", body: form }))).kind).toBe("accepted");
    expect((await submit(new Request(url, { method: "POST", body: new URLSearchParams(valid) }))).kind).toBe("accepted");
    expect((await rows()).map((r) => r.name)).toEqual(["Asha Rao", "Asha Rao"]);
  });

  it("links a signed-in user's message to their record", async () => {
    const { db, submit } = await setup();
    const now = new Date().toISOString();
    await db
      .insertInto("user")
      .values({
        id: "user-1",
        name: "Asha",
        email: "asha@example.com",
        emailVerified: target.name === "sqlite" ? 1 : true,
        image: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await submit(jsonRequest(valid), { userId: "user-1" });
    const messages = await listMessages(db, "user-1");
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ kind: "feedback", name: "Asha Rao", message: valid.message });
  });

  it("keeps the mail when sending fails, backs off, and a later pass sends it", async () => {
    const { mailer, outbox, submit, rows, outboxRows } = await setup();
    await submit(jsonRequest(valid));
    mailer.failNext(1);
    const before = Date.now();
    expect(await outbox.runOnce({ now: new Date(before) })).toEqual({ sent: 0, failed: 1, skipped: 0 });

    const [row] = await rows();
    expect(row).toMatchObject({ notified_at: null, notify_attempts: 1 });
    expect(row!.notify_error).toContain("451 Mailbox unavailable");
    const [queued] = await outboxRows();
    expect(queued).toMatchObject({ status: "pending", attempts: 1, claimed_until: null });
    expect(queued!.last_error).toContain("451 Mailbox unavailable");
    expect(new Date(toIso(queued!.next_attempt_at)!).getTime()).toBe(before + backoffMs(1, 30_000));
    expect(mailer.sent).toHaveLength(0);

    // Not due yet: nothing happens.
    expect(await outbox.runOnce({ now: new Date(before + 10_000) })).toEqual({ sent: 0, failed: 0, skipped: 0 });

    expect(await outbox.runOnce({ now: new Date(before + 31_000) })).toEqual({ sent: 1, failed: 0, skipped: 0 });
    expect(toIso((await rows())[0]!.notified_at)).toBeTruthy();
    expect((await rows())[0]!.notify_error).toBeNull();
    expect(mailer.sent).toHaveLength(1);

    // Sent once: a further pass finds nothing.
    expect(await outbox.runOnce({ now: new Date(before + minutes(60)) })).toEqual({ sent: 0, failed: 0, skipped: 0 });
  });

  it("never makes the sender wait for a slow mail server", async () => {
    const { mailer, outbox, submit, rows } = await setup();
    const release = mailer.hold();
    outbox.start();
    const started = Date.now();
    const outcome = await submit(jsonRequest(valid));
    expect(outcome).toMatchObject({ kind: "accepted" });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect((await rows())[0]!.notified_at).toBeNull();
    release();
    await expect.poll(async () => toIso((await rows())[0]!.notified_at), { timeout: 5_000 }).toBeTruthy();
    expect(mailer.sent).toHaveLength(1);
  });

  it("backs off from the base to 30 minutes and gives up after a day, keeping the message", async () => {
    const { mailer, outbox, db, submit, outboxRows } = await setup();
    mailer.failNext(1_000);
    const start = Date.now();
    await submit(jsonRequest(valid), { now: new Date(start) });
    let clock = start;
    let attempts = 0;
    for (let pass = 0; pass < 200; pass++) {
      const report = await outbox.runOnce({ now: new Date(clock) });
      attempts += report.failed;
      const [row] = await outboxRows();
      if (row!.status !== "pending") break;
      clock = new Date(toIso(row!.next_attempt_at)!).getTime();
    }
    const [row] = await outboxRows();
    expect(row).toMatchObject({ status: "failed" });
    expect(clock).toBeGreaterThanOrEqual(start + GIVE_UP_AFTER_MS);
    // 30 s, 1, 2, 4, 8, 16 min, then every 30 min for the rest of the day.
    expect(attempts).toBeGreaterThan(40);
    expect(await outbox.runOnce({ now: new Date(clock + minutes(60)) })).toEqual({ sent: 0, failed: 0, skipped: 0 });
    expect(await db.selectFrom("form_message").select("id").execute()).toHaveLength(1);
    expect(backoffMs(1, 30_000)).toBe(30_000);
    expect(backoffMs(3, 30_000)).toBe(minutes(2));
    expect(backoffMs(20, 30_000)).toBe(minutes(30));
  });

  it("sends each pending mail once when two instances run a pass at the same time", async () => {
    const { db, mailer, outbox, outboxOn, open } = await setup();
    const now = new Date();
    for (let i = 0; i < 6; i++) {
      const row = await insertMessage(db, {
        kind: i % 2 ? "contact" : "feedback",
        values: { name: `Sender ${i}`, email: `s${i}@example.com`, message: `message ${i}` },
        userId: null,
        ipHash: hashIp(IP, SECRET),
        userAgent: "",
        now: new Date(now.getTime() - minutes(10) + i),
      });
      await outbox.enqueue(await notificationFor(db, row), { now: new Date(now.getTime() - minutes(10) + i), wake: false });
    }
    mailer.slow(20);
    const other = outboxOn(open());
    const [a, b] = await Promise.all([outbox.runOnce({ now }), other.runOnce({ now })]);
    expect(a.sent + b.sent).toBe(6);
    expect(a.failed + b.failed).toBe(0);
    expect(mailer.sent).toHaveLength(6);
    expect(new Set(mailer.sent.map((m) => m.messageId)).size).toBe(6);
    const pending = await db.selectFrom("form_message").select("id").where("notified_at", "is", null).execute();
    expect(pending).toHaveLength(0);
  });

  it("stores and mails a retried submission once: same key, same answer; the key with other content is refused", async () => {
    const { submit, rows, outboxRows } = await setup();
    const key = { "idempotency-key": "retry-0123456789" };
    const first = await submit(jsonRequest(valid, key));
    const again = await submit(jsonRequest(valid, key));
    expect(first).toMatchObject({ kind: "accepted" });
    expect(again).toMatchObject({ kind: "accepted", repeated: true });
    expect(first.kind === "accepted" && again.kind === "accepted" && again.messageId === first.messageId).toBe(true);
    expect(await rows()).toHaveLength(1);
    expect(await outboxRows()).toHaveLength(1);
    expect(await submit(jsonRequest({ ...valid, message: "Something else." }, key))).toMatchObject({ kind: "bad-key" });
    expect(await submit(jsonRequest(valid, { "idempotency-key": "short" }))).toMatchObject({ kind: "bad-key" });
    // Without a key, the page's form (no JavaScript) is keyed by its content for a while; the API is not.
    const other = { ip: "198.51.100.20" };
    expect(await submit(jsonRequest(valid), { ...other, keyByContent: true })).toMatchObject({ kind: "accepted" });
    expect(await submit(jsonRequest(valid), { ...other, keyByContent: true })).toMatchObject({ kind: "accepted", repeated: true });
    expect(await rows()).toHaveLength(2);
    expect(await submit(jsonRequest(valid), other)).toMatchObject({ kind: "accepted" });
    expect(await rows()).toHaveLength(3);
  });

  it("stores nothing and sends nothing for invalid input", async () => {
    const { mailer, submit, rows } = await setup();
    const outcome = await submit(jsonRequest({ name: "", email: "not-an-email" }));
    expect(outcome).toEqual({
      kind: "invalid",
      values: { name: "", email: "not-an-email" },
      errors: [
        { field: "name", code: "REQUIRED_FIELD_EMPTY", message: "Name: this field is required" },
        { field: "email", code: "TYPE_EMAIL", message: "Email: must be a valid email address" },
        { field: "message", code: "REQUIRED_FIELD_MISSING", message: "Message: this field is required" },
      ],
    });
    const form = new FormData();
    for (const [k, v] of Object.entries(valid)) form.append(k, v);
    form.append("file", new Blob(["x"]), "x.txt");
    const withFile = await submit(new Request("http://localhost/api/forms/feedback", { method: "POST", body: form }));
    expect(withFile).toMatchObject({ kind: "invalid", errors: [{ code: "NO_FILE_UPLOADS" }] });
    expect(await rows()).toHaveLength(0);
    expect(mailer.sent).toHaveLength(0);
  });

  it("answers a filled honeypot like a success, mails nothing, and keeps the message in the spam folder", async () => {
    const { mailer, submit, rows, deps } = await setup();
    expect(await submit(jsonRequest({ ...valid, [HONEYPOT_FIELD]: "https://cheap-pills.example" }))).toEqual({
      kind: "accepted",
      messageId: null,
    });
    const kept = await rows();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ status: "spam", spam_reason: "honeypot", name: valid.name, email: valid.email });
    // The trap itself is kept too (the operator sees what the bot filled in).
    expect(JSON.parse(kept[0]!.fields)).toEqual({ [HONEYPOT_FIELD]: "https://cheap-pills.example" });
    await deps.outbox.runOnce();
    expect(mailer.sent).toHaveLength(0);
  });

  it("keeps at most SPAM_PER_DAY caught messages per form a day: a flood of bots cannot fill the database", async () => {
    const { submit, rows } = await setup();
    for (let i = 0; i < SPAM_PER_DAY + 5; i++) await submit(jsonRequest({ ...valid, [HONEYPOT_FIELD]: "x" }), { ip: `203.0.113.${(i % 250) + 1}` });
    expect(await rows()).toHaveLength(SPAM_PER_DAY);
  });

  it("refuses attempts past the per-IP flood ceiling within ten minutes, and a body over 32 KB", async () => {
    const { submit, rows } = await setup();
    const ceiling = RULES.forms.ip.max;
    for (let i = 0; i < ceiling; i++) expect((await submit(jsonRequest(i === 0 ? {} : valid))).kind).not.toBe("rate-limited");
    const over = await submit(jsonRequest(valid));
    expect(over).toMatchObject({ kind: "rate-limited", values: { name: valid.name } });
    expect((await submit(jsonRequest(valid), { ip: "198.51.100.7" })).kind).toBe("accepted");
    // The refused post waits in the spam folder ("rate limit"); the inbox has the others.
    const kept = await rows();
    expect(kept.filter((r) => r.status !== "spam")).toHaveLength(ceiling);
    expect(kept.filter((r) => r.status === "spam").map((r) => r.spam_reason)).toEqual(["rate limit"]);

    const big = await submit(jsonRequest({ ...valid, message: "x".repeat(33 * 1024) }), { ip: "198.51.100.8" });
    expect(big).toEqual({ kind: "too-large" });
  });

  it("tells the sender it failed when the database does not take the message", async () => {
    const { deps, mailer, database, outboxRows } = await setup();
    const down = database.db.withPlugin({
      transformQuery() {
        throw new Error("connection refused");
      },
      transformResult: async ({ result }) => result,
    });
    const broken = { ...database, db: down };
    const outcome = await receiveSubmission({ ...deps, database: broken }, { kind: "feedback", request: jsonRequest(valid), ip: IP, userId: null });
    expect(outcome).toMatchObject({ kind: "unavailable", values: { email: "asha@example.com" } });
    expect(mailer.sent).toHaveLength(0);
    expect(await outboxRows()).toHaveLength(0);
  });
});
