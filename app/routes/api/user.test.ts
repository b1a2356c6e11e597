/**
 * GET and DELETE /api/user/:id (contract): the signed-in owner's record, and
 * deleting the account with its name and password. Moved from the browser
 * suite's user-api.spec.ts and profile-replay.spec.ts.
 */
import { describe, expect, test } from "vitest";
import { SIGN_IN_FAILURES, signInFailureKeys } from "~/infra/rate-limit/rules";
import { services } from "~/services.server";
import { callRoute, FIXTURE_PASSWORD, lastMail, makeAccount, signIn } from "../../../tests/routes/route-kit";
import { action as authAction } from "./auth";
import { action as sendMessage } from "../message-page";
import { action as saveById } from "./save-user-by-id";
import { action, loader } from "./user";

const RECORD_KEYS = [
  "about",
  "created_at",
  "dob",
  "email",
  "email_verified",
  "gender",
  "id",
  "last_login",
  "login_count",
  "messages",
  "name",
  "updated_at",
  "verification_attempts",
  "verification_sent_at",
];

type Record_ = Record<string, unknown> & { messages: unknown[]; login_count: number };

const read = (id: string, cookie?: string) =>
  callRoute<{ success: boolean; data: Record_; message?: string }>(loader, { path: `/api/user/${id}`, params: { id }, cookie });
const remove = (id: string, body: unknown, cookie?: string, extra: { ip?: string; headers?: Record<string, string> } = {}) =>
  callRoute<{ success: boolean; message: string }>(action, { path: `/api/user/${id}`, method: "DELETE", params: { id }, json: body, cookie, ...extra });

async function accountExists(id: string): Promise<boolean> {
  const { database } = await services();
  return Boolean(await database.db.selectFrom("user").select("id").where("id", "=", id).executeTakeFirst());
}

describe("signed out", () => {
  test("reading anyone's record is a 401 in the contract's error shape", async () => {
    const answer = await read("anything");
    expect(answer.status).toBe(401);
    expect(answer.data).toEqual({ success: false, message: expect.any(String) });
  });

  test("deleting is a 401 in the contract's error shape", async () => {
    const answer = await remove("anything", { name: "x", password: "y" });
    expect(answer.status).toBe(401);
    expect(answer.data).toEqual({ success: false, message: expect.any(String) });
  });
});

describe("GET /api/user/:id", () => {
  test("the owner gets exactly the contract's record, private to them", async () => {
    const asha = await signIn({ name: "Asha Rao" });
    const answer = await read(asha.id, asha.cookie);
    expect(answer.status).toBe(200);
    expect(answer.data.success).toBe(true);
    expect(Object.keys(answer.data.data).sort()).toEqual(RECORD_KEYS);
    expect(answer.data.data).toMatchObject({
      id: asha.id,
      email: asha.email,
      name: "Asha Rao",
      email_verified: true,
      gender: "",
      dob: "",
      about: "",
      messages: [],
    });
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
  });

  test("someone else's id is a 403 and tells nothing of that record", async () => {
    const asha = await signIn();
    const bob = await makeAccount({ name: "Bob Iyer" });
    const answer = await read(bob.id, asha.cookie);
    expect(answer.status).toBe(403);
    expect(answer.data).toEqual({ success: false, message: expect.any(String) });
    expect(JSON.stringify(answer.data)).not.toContain(bob.email);
  });

  test("a message sent while signed in is in the record at once", async () => {
    const asha = await signIn({ name: "Asha Rao" });
    expect((await read(asha.id, asha.cookie)).data.data.messages).toEqual([]);
    const sent = await callRoute(sendMessage, {
      path: "/feedback",
      form: { name: "Asha Rao", email: asha.email, message: "A message after the first read." },
      cookie: asha.cookie,
    });
    expect(sent.status).toBe(200);
    const messages = (await read(asha.id, asha.cookie)).data.data.messages;
    expect(messages).toEqual([expect.objectContaining({ kind: "feedback", message: "A message after the first read." })]);
  });

  test("a sign-in elsewhere counts at once in this session's record", async () => {
    const asha = await signIn();
    const before = (await read(asha.id, asha.cookie)).data.data.login_count;
    const elsewhere = await callRoute(authAction, { path: "/api/auth/sign-in/email", json: { email: asha.email, password: FIXTURE_PASSWORD }, ip: "10.9.0.1" });
    expect(elsewhere.status).toBe(200);
    const after = (await read(asha.id, asha.cookie)).data.data;
    expect(after.login_count).toBe(before + 1);
    expect(after.last_login).toEqual(expect.any(String));
  });

  test("a session signed out elsewhere reads nothing any more", async () => {
    const asha = await signIn();
    expect((await read(asha.id, asha.cookie)).status).toBe(200);
    const out = await callRoute(authAction, { path: "/api/auth/sign-out", json: {}, cookie: asha.cookie });
    expect(out.status).toBe(200);
    expect((await read(asha.id, asha.cookie)).status).toBe(401);
  });

  test("a session revoked from another device reads nothing any more", async () => {
    const asha = await signIn();
    const { auth } = await services();
    const other = await callRoute(authAction, { path: "/api/auth/sign-in/email", json: { email: asha.email, password: FIXTURE_PASSWORD }, ip: "10.9.0.2" });
    expect((await read(asha.id, asha.cookie)).status).toBe(200);
    const revoked = await callRoute(authAction, { path: "/api/auth/revoke-other-sessions", json: {}, cookie: other.cookies });
    expect(revoked.status).toBe(200);
    expect((await read(asha.id, asha.cookie)).status).toBe(401);
    expect(await auth.api.getSession({ headers: new Headers({ cookie: asha.cookie }) })).toBeNull();
    expect((await read(asha.id, other.cookies)).status).toBe(200);
  });
});

describe("DELETE /api/user/:id", () => {
  test("a wrong name is a 400 with the spec's words and deletes nothing", async () => {
    const asha = await signIn({ name: "Asha Rao" });
    const answer = await remove(asha.id, { name: "wrong", password: FIXTURE_PASSWORD }, asha.cookie);
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({ success: false, message: "Please type your name correctly to confirm deletion" });
    expect(await accountExists(asha.id)).toBe(true);
  });

  test("a wrong password is a 403 with the spec's words and deletes nothing", async () => {
    const asha = await signIn({ name: "Asha Rao" });
    const answer = await remove(asha.id, { name: "Asha Rao", password: "nope-nope" }, asha.cookie);
    expect(answer.status).toBe(403);
    expect(answer.data).toEqual({ success: false, message: "Failed to delete account. Please check your password." });
    expect(await accountExists(asha.id)).toBe(true);
  });

  test("no password is a 400 that asks for it", async () => {
    const asha = await signIn({ name: "Asha Rao" });
    const answer = await remove(asha.id, { name: "Asha Rao" }, asha.cookie);
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({ success: false, message: "Password is required." });
    expect(await accountExists(asha.id)).toBe(true);
  });

  test("the right name and password delete the account, its sessions and its record, and end this session", async () => {
    const asha = await signIn({ name: "Asha Rao" });
    // A mail the account was sent earlier (its welcome, say): its copy goes with the account.
    const { database: db0, outbox } = await services();
    const welcome = await outbox.enqueue(
      { kind: "email-verified", to: asha.email, userId: asha.id, subject: "Welcome", text: "Welcome, Asha Rao", html: "<p>Welcome</p>" },
      { wake: false },
    );
    await db0.db.updateTable("mail_outbox").set({ status: "sent" }).where("id", "=", welcome).execute();
    // A message sent while signed in: the company's notification quotes it (a mail with no user_id, its ref the message).
    const sent = await callRoute(sendMessage, {
      path: "/feedback",
      form: { name: "Asha Rao", email: asha.email, message: "A message that goes with the account." },
      cookie: asha.cookie,
    });
    expect(sent.status).toBe(200);
    const [message] = await db0.db.selectFrom("form_message").select("id").where("user_id", "=", asha.id).execute();
    await db0.db.updateTable("mail_outbox").set({ status: "sent" }).where("ref", "=", message!.id).execute();
    expect(await db0.db.selectFrom("mail_outbox").select("id").where("ref", "=", message!.id).execute()).toHaveLength(1);
    const chromeOnWindows = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
    const answer = await remove(asha.id, { name: " Asha Rao ", password: FIXTURE_PASSWORD }, asha.cookie, { headers: { "user-agent": chromeOnWindows } });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ success: true, message: "Account deleted successfully" });
    // This browser's session cookie is cleared.
    expect(answer.headers.getSetCookie().some((c) => /session_token=;/.test(c) && /Max-Age=0/i.test(c))).toBe(true);
    expect(await accountExists(asha.id)).toBe(false);
    const { database } = await services();
    expect(await database.db.selectFrom("session").select("id").where("userId", "=", asha.id).execute()).toEqual([]);
    expect(await database.db.selectFrom("profile").select("user_id").where("user_id", "=", asha.id).execute()).toEqual([]);
    expect((await read(asha.id, asha.cookie)).status).toBe(401);
    // The notice names the device it was deleted from; it waits to be sent, and no sent copy of the
    // account's mails is kept.
    expect((await lastMail(asha.email, "account-deleted")).text).toContain("from Chrome on Windows");
    expect(await database.db.selectFrom("mail_outbox").select(["kind", "status"]).where("user_id", "=", asha.id).execute()).toEqual([
      { kind: "account-deleted", status: "pending" },
    ]);
    expect(await database.db.selectFrom("mail_outbox").select("id").where("ref", "=", message!.id).execute()).toEqual([]);
    const again = await callRoute(authAction, { path: "/api/auth/sign-in/email", json: { email: asha.email, password: FIXTURE_PASSWORD }, ip: "10.9.0.3" });
    expect(again.status).toBe(401);
  });

  test("someone else's id is a 403 and their account stays", async () => {
    const asha = await signIn();
    const bob = await makeAccount({ name: "Bob Iyer" });
    const answer = await remove(bob.id, { name: "Bob Iyer", password: FIXTURE_PASSWORD }, asha.cookie);
    expect(answer.status).toBe(403);
    expect(await accountExists(bob.id)).toBe(true);
  });

  test("an account without a password (Google or GitHub) is sent a confirmation link: 202", async () => {
    const gh = await signIn({ name: "GH Deleter", password: null });
    const answer = await remove(gh.id, { name: "GH Deleter" }, gh.cookie);
    expect(answer.status).toBe(202);
    expect(answer.data).toEqual({ success: true, message: expect.stringMatching(/^We have emailed you a link to confirm deleting your account/) });
    expect((await lastMail(gh.email, "delete-account")).links.some((l) => l.includes("/delete-user/callback"))).toBe(true);
    expect(await accountExists(gh.id)).toBe(true);
  });

  test("five wrong passwords in a row are answered 429 with Retry-After, and the account stays", async () => {
    const asha = await signIn({ name: "Asha Rao" });
    for (let i = 0; i < 5; i++) expect((await remove(asha.id, { name: "Asha Rao", password: `wrong-${i}` }, asha.cookie, { ip: "10.9.1.1" })).status).toBe(403);
    const answer = await remove(asha.id, { name: "Asha Rao", password: FIXTURE_PASSWORD }, asha.cookie, { ip: "10.9.1.1" });
    expect(answer.status).toBe(429);
    expect(answer.data).toEqual({ success: false, message: expect.stringMatching(/^Too many attempts\. Please wait \d+ (seconds|minutes) and try again\.$/) });
    expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await accountExists(asha.id)).toBe(true);
  });

  test("strangers' wrong passwords elsewhere do not keep the owner from deleting; this client's own do", async () => {
    const { limiter } = await services();
    const asha = await signIn({ name: "Asha Rao" });
    const keys = signInFailureKeys(asha.email.toLowerCase(), "10.9.2.1");
    // A hundred failed sign-ins of the address from other clients: the address-wide count is spent.
    for (let i = 0; i < SIGN_IN_FAILURES.perAddress.max; i++) await limiter.record([{ key: keys.perAddress, limit: SIGN_IN_FAILURES.perAddress }]);
    // Ten from this very client: it may guess no more here either.
    for (let i = 0; i < SIGN_IN_FAILURES.perAddressAndIp.max; i++)
      await limiter.record([{ key: keys.perAddressAndIp, limit: SIGN_IN_FAILURES.perAddressAndIp }]);
    expect((await remove(asha.id, { name: "Asha Rao", password: FIXTURE_PASSWORD }, asha.cookie, { ip: "10.9.2.1" })).status).toBe(429);
    expect(await accountExists(asha.id)).toBe(true);
    // From the owner's own network the strangers' hundred stop nothing.
    expect((await remove(asha.id, { name: "Asha Rao", password: FIXTURE_PASSWORD }, asha.cookie, { ip: "10.9.2.2" })).status).toBe(200);
    expect(await accountExists(asha.id)).toBe(false);
  });

  test("a body that is not JSON or a form is refused with 415", async () => {
    const asha = await signIn();
    const answer = await callRoute(action, {
      path: `/api/user/${asha.id}`,
      method: "DELETE",
      params: { id: asha.id },
      body: "name=x",
      headers: { "content-type": "text/plain" },
      cookie: asha.cookie,
    });
    expect(answer.status).toBe(415);
    expect(answer.data).toEqual({ success: false, message: expect.any(String) });
  });

  test("a delete from another site is refused", async () => {
    const asha = await signIn({ name: "Asha Rao" });
    const answer = await callRoute(action, {
      path: `/api/user/${asha.id}`,
      method: "DELETE",
      params: { id: asha.id },
      json: { name: "Asha Rao", password: FIXTURE_PASSWORD },
      cookie: asha.cookie,
      origin: "https://evil.example",
    });
    expect(answer.status).toBe(403);
    expect(await accountExists(asha.id)).toBe(true);
  });
});

test("any method but GET and DELETE is a 405 naming both", async () => {
  const asha = await signIn();
  const answer = await callRoute(action, { path: `/api/user/${asha.id}`, method: "PUT", params: { id: asha.id }, json: {}, cookie: asha.cookie });
  expect(answer.status).toBe(405);
  expect(answer.headers.get("allow")).toBe("GET, DELETE");
  expect(answer.data).toMatchObject({ success: false });
});

test("a save through /api/saveUser/:uid is what the next read answers", async () => {
  const asha = await signIn();
  expect((await read(asha.id, asha.cookie)).data.data.about).toBe("");
  const saved = await callRoute(saveById, {
    path: `/api/saveUser/${asha.id}`,
    params: { uid: asha.id },
    json: { name: "Replay Tester", about: "Written after the first read" },
    cookie: asha.cookie,
  });
  expect(saved.status).toBe(200);
  expect((await read(asha.id, asha.cookie)).data.data).toMatchObject({ name: "Replay Tester", about: "Written after the first read" });
});
