/**
 * The operator console's data paths on SQLite and (with TEST_DATABASE_URL)
 * PostgreSQL: who is an operator, the inbox's filters and keyset pages, the
 * CSV of a filter, status changes with their audit entries, and forms.
 */
import { afterEach, describe, expect, it } from "vitest";
import { inboxCsv, listInbox, saveForm } from "~/features/forms/index.server";
import { toIso } from "~/infra/db/time";
import { openMigratedDatabase, testDatabases } from "../../../tests/support/test-databases";
import { insertUser } from "../../../tests/support/user-rows";
import { listAudit } from "./audit.server";
import { saveFormFromPost } from "./forms-admin.server";
import { accountAction, searchAccounts } from "./accounts.server";
import { bulkChange, changeMessageStatus, loadInbox, parseInboxQuery } from "./inbox.server";
import { isOperator, setOperatorRole } from "./operators.server";

const SECRET = "console-test-secret-console-test-secret";

describe.each(testDatabases())("the operator console on $name", (target) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setup() {
    const { database } = await openMigratedDatabase(target, cleanups, SECRET);
    return database.db;
  }

  const addUser = (db: Awaited<ReturnType<typeof setup>>, email: string, verified: boolean) => insertUser(db, { id: `u-${email}`, email, verified });

  async function addMessages(db: Awaited<ReturnType<typeof setup>>, count: number, make: (i: number) => { kind: string; name: string; message: string }) {
    const base = Date.parse("2026-11-01T00:00:00.000Z");
    const rows = Array.from({ length: count }, (_, i) => {
      const m = make(i);
      return {
        id: `m-${String(i).padStart(6, "0")}`,
        kind: m.kind,
        name: m.name,
        email: `sender${i}@example.com`,
        message: m.message,
        user_id: null,
        ip_hash: "0".repeat(64),
        user_agent: "test",
        // Every third pair shares a timestamp: the id breaks the tie.
        created_at: new Date(base + Math.floor(i / 2) * 1000).toISOString(),
        notified_at: null,
        notify_error: null,
        notify_claimed_until: null,
      };
    });
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto("form_message")
        .values(rows.slice(i, i + 500))
        .execute();
  }

  it("operators: OPERATOR_EMAILS or the granted role; only a verified account can be granted", async () => {
    const db = await setup();
    const listed = await addUser(db, "lead@example.com", true);
    const member = await addUser(db, "member@example.com", true);
    const unverified = await addUser(db, "new@example.com", false);
    const emails = new Set(["lead@example.com"]);
    expect(await isOperator(db, emails, listed)).toBe(true);
    expect(await isOperator(db, emails, member)).toBe(false);
    expect(await setOperatorRole(db, "new@example.com", true)).toEqual({ ok: false, reason: "unverified" });
    expect(await isOperator(db, emails, unverified)).toBe(false);
    expect(await setOperatorRole(db, "nobody@example.com", true)).toEqual({ ok: false, reason: "no-account" });
    expect(await setOperatorRole(db, " Member@Example.com ", true)).toEqual({ ok: true, email: "member@example.com", changed: true });
    expect(await isOperator(db, emails, member)).toBe(true);
    expect(await setOperatorRole(db, "member@example.com", true)).toMatchObject({ changed: false });
    expect(await setOperatorRole(db, "member@example.com", false)).toMatchObject({ ok: true, changed: true });
    expect(await isOperator(db, emails, member)).toBe(false);
  });

  it("walks every message exactly once, newest first, across pages with equal timestamps; filters by form, status and words", async () => {
    const db = await setup();
    await addMessages(db, 130, (i) => ({
      kind: i % 3 === 0 ? "contact" : "feedback",
      name: i === 7 ? "Zoë 100%_sure" : `Sender ${i}`,
      message: i % 10 === 0 ? `About pricing, number ${i}` : `Hello ${i}`,
    }));
    const seen: string[] = [];
    let cursor;
    for (let page = 0; page < 20; page++) {
      const result = await listInbox(db, {}, cursor, 25);
      seen.push(...result.messages.map((m) => m.id));
      if (!result.next) break;
      cursor = result.next;
    }
    expect(seen).toHaveLength(130);
    expect(new Set(seen).size).toBe(130);
    expect(seen[0]).toBe("m-000129");
    expect(seen.at(-1)).toBe("m-000000");

    expect((await listInbox(db, { kind: "contact" }, undefined, 500)).messages).toHaveLength(44);
    expect((await listInbox(db, { search: "PRICING" }, undefined, 500)).messages).toHaveLength(13);
    expect((await listInbox(db, { search: "pricing contact" }, undefined, 500)).messages).toHaveLength(0);
    // % and _ are the operator's characters, not wildcards.
    expect((await listInbox(db, { search: "100%_" }, undefined, 500)).messages.map((m) => m.id)).toEqual(["m-000007"]);
    expect((await listInbox(db, { search: "%" }, undefined, 500)).messages.map((m) => m.id)).toEqual(["m-000007"]);
  });

  it("marks handled and reopens with an audit entry each; the CSV holds exactly the filtered messages", async () => {
    const db = await setup();
    const operator = await addUser(db, "ops@example.com", true);
    await addMessages(db, 5, (i) => ({ kind: i < 2 ? "contact" : "feedback", name: `N${i}`, message: `Text, "quoted" ${i}\nline two` }));

    expect(await changeMessageStatus(db, operator, "handled", "m-000001")).toMatchObject({ ok: true });
    expect(await changeMessageStatus(db, operator, "handled", "m-000001")).toMatchObject({ ok: true }); // no second entry
    expect(await changeMessageStatus(db, operator, "delete", "m-000001")).toMatchObject({ ok: false, status: 400 });
    expect(await changeMessageStatus(db, operator, "handled", "m-999999")).toMatchObject({ ok: false, status: 404 });
    const inbox = await loadInbox(db, new URLSearchParams("status=handled"));
    expect(inbox.messages.map((m) => [m.id, m.handledBy])).toEqual([["m-000001", "ops@example.com"]]);
    expect(inbox.forms.find((f) => f.key === "contact")?.open).toBe(1);

    const { entries } = await listAudit(db);
    expect(entries.map((e) => [e.action, e.target, e.actorEmail])).toEqual([["message.handled", "message m-000001", "ops@example.com"]]);

    const csv = await new Response(inboxCsv(db, { kind: "contact", status: "open" })).text();
    const lines = csv.split("\r\n").filter(Boolean);
    expect(lines[0]).toBe(
      '"id","created_at","kind","name","email","message","user_id","notified_at","notify_attempts","notify_error","status","handled_at","handled_by","fields","spam_reason"',
    );
    // One open contact message (m-000000); its message is quoted with its line break kept.
    expect(csv).toContain(
      '"m-000000","2026-11-01T00:00:00.000Z","contact","N0","sender0@example.com","Text, ""quoted"" 0\nline two","","","0","","open","",""',
    );
    expect(csv.match(/^"m-/gm)).toHaveLength(1);

    expect(parseInboxQuery(new URLSearchParams("form=../x&status=weird&after=garbage"))).toEqual({ form: "", status: "open", q: "", after: undefined });
  });

  it("a bulk change is one action: one transaction, an audit entry per message at one moment; a failed audit write changes nothing", async () => {
    const db = await setup();
    const operator = await addUser(db, "ops@example.com", true);
    await addMessages(db, 52, (i) => ({ kind: "contact", name: `N${i}`, message: `Message ${i}` }));
    const id = (i: number) => `m-${String(i).padStart(6, "0")}`;
    // One handled by someone else already, one in the spam folder: "handle" leaves both as they are.
    await db
      .updateTable("form_message")
      .set({ status: "handled", handled_by: "other@example.com", handled_at: "2026-11-02T00:00:00.000Z" })
      .where("id", "=", id(50))
      .execute();
    await db.updateTable("form_message").set({ status: "spam", spam_reason: "honeypot" }).where("id", "=", id(51)).execute();
    const ids = [...Array.from({ length: 52 }, (_, i) => id(i)), "m-gone"];
    const status = async () => Object.fromEntries((await db.selectFrom("form_message").select(["id", "status"]).execute()).map((r) => [r.id, r.status]));
    const before = await status();

    // The audit write fails (no actor address: NOT NULL) after the messages were updated: all of it is undone.
    await expect(bulkChange(db, { id: operator.id, email: null as unknown as string }, "bulk-handled", ids)).rejects.toThrow();
    expect(await status()).toEqual(before);
    expect(await db.selectFrom("audit_log").select("id").execute()).toEqual([]);

    const at = new Date("2026-11-20T10:00:00.000Z");
    expect(await bulkChange(db, operator, "bulk-handled", ids, at)).toEqual({
      ok: true,
      message: "Marked 50 messages as handled. 3 messages had changed already.",
    });
    const handled = await db.selectFrom("form_message").select(["id", "handled_by"]).where("status", "=", "handled").orderBy("id").execute();
    expect(handled).toEqual([
      ...Array.from({ length: 50 }, (_, i) => ({ id: id(i), handled_by: "ops@example.com" })),
      { id: id(50), handled_by: "other@example.com" },
    ]);
    const rows = await db.selectFrom("audit_log").selectAll().orderBy("target").execute();
    expect(rows.map((r) => ({ action: r.action, target: r.target, detail: r.detail, actor: r.actor_email, actorId: r.actor_id, at: toIso(r.at) }))).toEqual(
      Array.from({ length: 50 }, (_, i) => ({
        action: "message.handled",
        target: `message ${id(i)}`,
        detail: `contact from sender${i}@example.com`,
        actor: "ops@example.com",
        actorId: operator.id,
        at: at.toISOString(),
      })),
    );
    // The audit page lists them, newest first, a page at a time.
    const page = await listAudit(db);
    expect(page.entries).toHaveLength(50);
    expect(new Set(page.entries.map((e) => e.action))).toEqual(new Set(["message.handled"]));

    // "Not spam" moves the spam one only; a delete of three (one gone meanwhile) writes two entries.
    expect(await bulkChange(db, operator, "bulk-not-spam", [id(0), id(51)], at)).toEqual({
      ok: true,
      message: "Moved 1 message to the inbox. 1 message had changed already.",
    });
    expect(await bulkChange(db, operator, "bulk-delete", [id(1), id(2), "m-gone"], at)).toEqual({
      ok: true,
      message: "Deleted 2 messages. 1 message had changed already.",
    });
    const later = await db
      .selectFrom("audit_log")
      .select(["action", "target", "detail"])
      .where("action", "!=", "message.handled")
      .orderBy("action")
      .orderBy("target")
      .execute();
    expect(later).toEqual([
      { action: "message.deleted", target: `message ${id(1)}`, detail: "contact" },
      { action: "message.deleted", target: `message ${id(2)}`, detail: "contact" },
      { action: "message.not-spam", target: `message ${id(51)}`, detail: "contact from sender51@example.com" },
    ]);
    expect(await bulkChange(db, operator, "bulk-archive", [id(3)])).toMatchObject({ ok: false, status: 400 });
    expect(await bulkChange(db, operator, "bulk-handled", [])).toMatchObject({ ok: false, status: 400 });
  });

  it("forms: an allow-list of checked fields; a built-in form stays on", async () => {
    const db = await setup();
    const operator = await addUser(db, "ops@example.com", true);
    const bad = await saveFormFromPost(db, operator, {
      intent: "create",
      key: "Bad Key!",
      name: "",
      notifyEmail: "nope",
      allowedOrigins: "javascript:alert(1)",
      built_in: "1",
    });
    expect(bad.ok).toBe(false);
    // Every field's problem in its own slot (ADR 0027), in the words the page's own check uses.
    expect(!bad.ok && Object.keys(bad.fieldErrors ?? {})).toEqual(["key", "name", "notifyEmail", "allowedOrigins"]);
    expect(!bad.ok && Object.values(bad.fieldErrors ?? {}).join(" ")).toMatch(/^Key:.*Name:.*Notification address:.*Allowed origins:/s);

    const made = await saveFormFromPost(db, operator, {
      intent: "create",
      key: "beta",
      name: "Beta",
      notifyEmail: "",
      allowedOrigins: "https://a.example\nhttps://a.example/",
      enabled: "on",
    });
    expect(made).toMatchObject({ ok: true, key: "beta" });
    const row = await db.selectFrom("form").selectAll().where("key", "=", "beta").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: "Beta", allowed_origins: "https://a.example", built_in: 0 });
    expect(Boolean(row.enabled)).toBe(true);
    expect(await saveFormFromPost(db, operator, { intent: "create", key: "beta", name: "Again", notifyEmail: "", allowedOrigins: "" })).toMatchObject({
      ok: false,
      fieldErrors: { key: 'A form with the key "beta" exists already.' },
    });

    // "enabled" absent = switched off, except for a built-in form.
    await saveForm(
      db,
      {
        key: "feedback",
        name: "Feedback",
        notifyEmail: "",
        enabled: false,
        allowedOrigins: [],
        fieldRules: [],
        webhookUrl: "",
        autoreplySubject: "",
        autoreplyBody: "",
      },
      "update",
    );
    expect(Boolean((await db.selectFrom("form").select("enabled").where("key", "=", "feedback").executeTakeFirstOrThrow()).enabled)).toBe(true);
    const { entries } = await listAudit(db);
    expect(entries.map((e) => e.action)).toEqual(["form.created"]);
  });

  it("accounts: search takes _ and % literally; an operator cannot be locked out; a stop holds without a profile row; a refused reset is a 429", async () => {
    const db = await setup();
    const actor = await addUser(db, "ops@example.com", true);
    const listed = await addUser(db, "lead@example.com", true);
    await addUser(db, "first_last@example.com", true);
    await addUser(db, "firstxlast@example.com", true);
    expect((await searchAccounts(db, "first_last")).map((a) => a.email)).toEqual(["first_last@example.com"]);
    expect((await searchAccounts(db, "FIRST")).map((a) => a.email).sort()).toEqual(["first_last@example.com", "firstxlast@example.com"]);

    const revoked: string[] = [];
    const verificationsSent: string[] = [];
    const deleted: string[] = [];
    let resetRefused = false;
    const deps = {
      db,
      operatorEmails: new Set(["lead@example.com"]),
      requestPasswordReset: async () => (resetRefused ? { retryAfterS: 600 } : undefined),
      revokeSessions: async (id: string) => void revoked.push(id),
      sendVerification: async (email: string) => void verificationsSent.push(email),
      deleteUser: async (id: string) => {
        deleted.push(id);
        await db.deleteFrom("user").where("id", "=", id).execute();
      },
    };
    expect(await accountAction(deps, actor, "disable-sign-in", listed.id)).toMatchObject({ ok: false, status: 400 });
    await setOperatorRole(db, "first_last@example.com", true);
    expect(await accountAction(deps, actor, "disable-sign-in", "u-first_last@example.com")).toMatchObject({ ok: false, status: 400 });
    expect(revoked).toEqual([]);

    // No profile row (they are made lazily): the stop still holds.
    const bare = "u-firstxlast@example.com";
    await db.deleteFrom("profile").where("user_id", "=", bare).execute();
    expect(await accountAction(deps, actor, "disable-sign-in", bare)).toMatchObject({ ok: true });
    expect(
      (await db.selectFrom("profile").select("sign_in_disabled_at").where("user_id", "=", bare).executeTakeFirstOrThrow()).sign_in_disabled_at,
    ).toBeTruthy();
    expect(revoked).toEqual([bare]);

    resetRefused = true;
    expect(await accountAction(deps, actor, "send-password-reset", bare)).toEqual({
      ok: false,
      status: 429,
      retryAfterS: 600,
      message: "Too many reset links for this address or from here. Please wait 10 minutes and try again.",
    });
    const { entries } = await listAudit(db);
    expect(entries.map((e) => e.action)).toEqual(["account.sign-in-disabled"]);

    // Help before verification: a fresh link for an unverified account only.
    expect(await accountAction(deps, actor, "resend-verification", bare)).toMatchObject({
      ok: false,
      status: 400,
      message: "firstxlast@example.com is verified already.",
    });
    const stuck = await addUser(db, "stuck@example.com", false);
    expect(await accountAction(deps, actor, "resend-verification", stuck.id)).toMatchObject({ ok: true });
    expect(verificationsSent).toEqual(["stuck@example.com"]);

    // Deletion on request: the address typed again; never the operator's own account or another operator's.
    expect(await accountAction(deps, actor, "delete-account", stuck.id)).toMatchObject({ ok: false, status: 400 });
    expect(await accountAction(deps, actor, "delete-account", stuck.id, "someone@example.com")).toMatchObject({ ok: false, status: 400 });
    expect(await accountAction(deps, actor, "delete-account", actor.id, actor.email)).toMatchObject({ ok: false, status: 400 });
    expect(await accountAction(deps, actor, "delete-account", listed.id, "lead@example.com")).toMatchObject({ ok: false, status: 400 });
    expect(deleted).toEqual([]);
    expect(await accountAction(deps, actor, "delete-account", stuck.id, " STUCK@example.com ")).toMatchObject({ ok: true, deleted: "stuck@example.com" });
    expect(deleted).toEqual([stuck.id]);
    const after = await listAudit(db);
    expect(after.entries.map((e) => [e.action, e.target])).toEqual(
      expect.arrayContaining([
        ["account.verification-resent", "account stuck@example.com"],
        ["account.deleted", "account stuck@example.com"],
      ]),
    );
  });
});
