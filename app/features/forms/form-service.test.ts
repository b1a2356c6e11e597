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
import { memoryStore, RateLimiter } from "~/infra/rate-limit/rate-limiter.server";
import { testDatabases } from "../../../tests/support/test-databases";
import { HONEYPOT_FIELD } from "./form-schema";
import { type FormDeps, NOTIFY_WAIT_MS, receiveSubmission, type Submission } from "./form-service.server";
import { hashIp, insertMessage } from "./message-store.server";
import { CLAIM_MS, MAX_NOTIFY_ATTEMPTS, retryDelayMs, runNotificationRetries } from "./notifications.server";

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

  async function setup() {
    const created = await target.create();
    cleanups.push(created.drop);
    const env = loadEnv({ AUTH_SECRET: SECRET, DATABASE_URL: created.url });
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
    const deps: FormDeps = { env, database, mailer, log: pino({ level: "silent" }), limiter: new RateLimiter(memoryStore()) };
    const db = database.db;
    const submit = (request: Request, extra: Partial<Submission> = {}) =>
      receiveSubmission(deps, { kind: "feedback", request, ip: IP, userId: null, ...extra });
    const rows = () => db.selectFrom("form_message").selectAll().orderBy("created_at").execute();
    return { env, deps, db, database, mailer, submit, rows, open };
  }

  it("stores the message before answering, hashes the IP, mails the company and marks it notified", async () => {
    const { db, mailer, submit, rows } = await setup();
    const longAgent = `Mozilla/5.0 ${"x".repeat(600)}`;
    const outcome = await submit(jsonRequest(valid, { "user-agent": longAgent }), { kind: "contact" });
    expect(outcome).toMatchObject({ kind: "accepted", notified: true });

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
      notify_claimed_until: null,
    });
    expect(outcome.kind === "accepted" && outcome.messageId).toBe(row!.id);
    expect(row!.user_agent).toBe(longAgent.slice(0, 512));
    expect(row!.ip_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.ip_hash).toBe(hashIp(IP, SECRET));
    expect(row!.ip_hash).not.toBe(hashIp(IP, `${SECRET}-other`));
    expect(JSON.stringify(row)).not.toContain(IP);
    expect(Date.now() - new Date(toIso(row!.created_at)!).getTime()).toBeLessThan(10_000);
    expect(toIso(row!.notified_at)).toBeTruthy();

    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({ to: site.contactEmail, replyTo: "asha@example.com" });
    expect(mailer.sent[0]!.subject).toContain("New contact message from Asha Rao");
    expect(mailer.sent[0]!.text).toContain("The pricing page is lovely.");
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
      .values({ id: "user-1", name: "Asha", email: "asha@example.com", emailVerified: target.name === "sqlite" ? 1 : true, image: null, createdAt: now, updatedAt: now })
      .execute();
    await submit(jsonRequest(valid), { userId: "user-1" });
    const messages = await listMessages(db, "user-1");
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ kind: "feedback", name: "Asha Rao", message: valid.message });
  });

  it("keeps the message when the mail fails, and a retry pass sends it later", async () => {
    const { deps, mailer, submit, rows } = await setup();
    mailer.failNext(1);
    const before = Date.now();
    const outcome = await submit(jsonRequest(valid));
    expect(outcome).toMatchObject({ kind: "accepted", notified: false });

    const [row] = await rows();
    expect(row).toMatchObject({ notified_at: null, notify_attempts: 1 });
    expect(row!.notify_error).toContain("451 Mailbox unavailable");
    const nextAttempt = new Date(toIso(row!.notify_claimed_until)!).getTime();
    expect(nextAttempt - before).toBeGreaterThanOrEqual(retryDelayMs(1) - 1000);
    expect(nextAttempt - before).toBeLessThan(retryDelayMs(1) + 10_000);
    expect(mailer.sent).toHaveLength(0);

    // Not due yet: nothing happens.
    expect(await runNotificationRetries(deps, { now: new Date(before + 30_000) })).toEqual({ sent: 0, failed: 0, skipped: 0 });

    const later = new Date(before + minutes(2));
    expect(await runNotificationRetries(deps, { now: later })).toEqual({ sent: 1, failed: 0, skipped: 0 });
    const [after] = await rows();
    expect(after).toMatchObject({ notify_attempts: 1, notify_error: null, notify_claimed_until: null });
    expect(toIso(after!.notified_at)).toBe(later.toISOString());
    expect(mailer.sent).toHaveLength(1);

    // Sent once: a further pass finds nothing.
    expect(await runNotificationRetries(deps, { now: new Date(before + minutes(60)) })).toEqual({ sent: 0, failed: 0, skipped: 0 });
  });

  it("does not make the sender wait for a slow mail server, and marks the mail once it is out", async () => {
    const { mailer, submit, rows } = await setup();
    const release = mailer.hold();
    const started = Date.now();
    const outcome = await submit(jsonRequest(valid));
    const waited = Date.now() - started;
    expect(outcome).toMatchObject({ kind: "accepted", notified: null });
    expect(waited).toBeGreaterThanOrEqual(NOTIFY_WAIT_MS - 100);
    expect(waited).toBeLessThan(NOTIFY_WAIT_MS + 2_000);

    // Stored, and held by this sender so that no retry pass sends it meanwhile.
    const [row] = await rows();
    expect(row!.notified_at).toBeNull();
    expect(new Date(toIso(row!.notify_claimed_until)!).getTime()).toBeGreaterThan(Date.now() + CLAIM_MS - 10_000);

    release();
    await expect.poll(async () => toIso((await rows())[0]!.notified_at), { timeout: 5_000 }).toBeTruthy();
    expect(mailer.sent).toHaveLength(1);
  });

  it("backs off between failed attempts and stops after the last one", async () => {
    const { deps, mailer, db, submit, rows } = await setup();
    mailer.failNext(100);
    await submit(jsonRequest(valid));
    let clock = Date.now();
    for (let attempt = 2; attempt <= MAX_NOTIFY_ATTEMPTS; attempt++) {
      clock += retryDelayMs(attempt - 1) + 1_000;
      expect(await runNotificationRetries(deps, { now: new Date(clock) })).toEqual({ sent: 0, failed: 1, skipped: 0 });
    }
    const [row] = await rows();
    expect(row).toMatchObject({ notified_at: null, notify_attempts: MAX_NOTIFY_ATTEMPTS });
    expect(await runNotificationRetries(deps, { now: new Date(clock + minutes(24 * 60)) })).toEqual({ sent: 0, failed: 0, skipped: 0 });
    // Still there for `npm run messages`.
    expect(await db.selectFrom("form_message").select("id").execute()).toHaveLength(1);
    expect(retryDelayMs(1)).toBe(minutes(1));
    expect(retryDelayMs(3)).toBe(minutes(4));
    expect(retryDelayMs(9)).toBe(minutes(60));
  });

  it("sends each pending mail once when two instances run a retry pass at the same time", async () => {
    const { env, deps, db, mailer, open } = await setup();
    const now = new Date();
    for (let i = 0; i < 6; i++) {
      await insertMessage(db, {
        kind: i % 2 ? "contact" : "feedback",
        values: { name: `Sender ${i}`, email: `s${i}@example.com`, message: `message ${i}` },
        userId: null,
        ipHash: hashIp(IP, SECRET),
        userAgent: "",
        now: new Date(now.getTime() - minutes(10) + i),
        claimedUntil: null,
      });
    }
    mailer.slow(20);
    const other = { ...deps, env, database: open() };
    const [a, b] = await Promise.all([runNotificationRetries(deps, { now }), runNotificationRetries(other, { now })]);
    expect(a.sent + b.sent).toBe(6);
    expect(a.failed + b.failed).toBe(0);
    expect(mailer.sent).toHaveLength(6);
    expect(new Set(mailer.sent.map((m) => m.subject)).size).toBe(6);
    const pending = await db.selectFrom("form_message").select("id").where("notified_at", "is", null).execute();
    expect(pending).toHaveLength(0);
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

  it("answers a filled honeypot like a success, and keeps and sends nothing", async () => {
    const { mailer, submit, rows } = await setup();
    expect(await submit(jsonRequest({ ...valid, [HONEYPOT_FIELD]: "https://cheap-pills.example" }))).toEqual({
      kind: "accepted",
      messageId: null,
      notified: null,
    });
    expect(await rows()).toHaveLength(0);
    expect(mailer.sent).toHaveLength(0);
  });

  it("refuses the sixth attempt from one IP within ten minutes, and a body over 32 KB", async () => {
    const { submit, rows } = await setup();
    for (let i = 0; i < 5; i++) expect((await submit(jsonRequest(i === 0 ? {} : valid))).kind).not.toBe("rate-limited");
    const sixth = await submit(jsonRequest(valid));
    expect(sixth).toMatchObject({ kind: "rate-limited", values: { name: valid.name } });
    expect((await submit(jsonRequest(valid), { ip: "198.51.100.7" })).kind).toBe("accepted");
    expect(await rows()).toHaveLength(5);

    const big = await submit(jsonRequest({ ...valid, message: "x".repeat(33 * 1024) }), { ip: "198.51.100.8" });
    expect(big).toEqual({ kind: "too-large" });
  });

  it("tells the sender it failed when the database does not take the message", async () => {
    const { deps, mailer, database } = await setup();
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
  });
});
