/**
 * GET /profile/download ("Download my data"): everything held about the
 * signed-in user, as a JSON file. Moved from the browser suite's profile.spec.ts.
 */
import { expect, test } from "vitest";
import { services } from "~/services.server";
import { callRoute, signIn } from "../../tests/routes/route-kit";
import { loader } from "./profile.download";

interface Export {
  exported_at: string;
  record: Record<string, unknown>;
  sign_in_methods: Array<{ provider: string; since: unknown }>;
  sessions: unknown[];
  two_factor: { enabled: boolean };
  passkeys: Array<Record<string, unknown>>;
  trusted_browsers: Array<Record<string, unknown>>;
  message_details: Array<{ message_id: string; fields: unknown; replies: Array<{ body: string }> }>;
  waitlist: unknown;
}

test("signed out, it sends you to sign in and back here", async () => {
  const answer = await callRoute(loader, { path: "/profile/download" });
  expect(answer.status).toBe(302);
  expect(answer.location).toBe("/auth?redirectTo=%2Fprofile%2Fdownload");
});

test("signed in, it is a dated JSON attachment of the record, the sign-in methods and the sessions", async () => {
  const asha = await signIn({ name: "Asha Rao" });
  const answer = await callRoute<Export>(loader, { path: "/profile/download", cookie: asha.cookie });
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
  expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="tuesday-ai-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
  expect(answer.headers.get("cache-control")).toBe("private, no-store");
  expect(answer.data.record).toMatchObject({ id: asha.id, email: asha.email, name: "Asha Rao", messages: [] });
  expect(answer.data.sign_in_methods).toEqual([expect.objectContaining({ provider: "email and password" })]);
  expect(answer.data.sessions).toHaveLength(1);
  expect(answer.data.waitlist).toBeNull();
  // No credential leaves in the file: neither the session's token nor the password's hash.
  const { database } = await services();
  const hash = (await database.db.selectFrom("account").select("password").where("userId", "=", asha.id).executeTakeFirstOrThrow()).password!;
  const token = decodeURIComponent(asha.cookie.split("=")[1]!).split(".")[0]!;
  const file = JSON.stringify(answer.data);
  expect(file).not.toContain(token);
  expect(file).not.toContain(hash);
});

test("an account without a password lists no password method", async () => {
  const social = await signIn({ password: null });
  const answer = await callRoute<Export>(loader, { path: "/profile/download", cookie: social.cookie });
  expect(answer.data.sign_in_methods).toEqual([]);
});

test("it holds the second factor, passkeys, trusted browsers, and each message's other fields and the replies to it", async () => {
  const asha = await signIn({ name: "Asha Rao" });
  const { database } = await services();
  const db = database.db;
  const now = new Date().toISOString();
  await db.updateTable("user").set({ twoFactorEnabled: 1 }).where("id", "=", asha.id).execute();
  await db
    .insertInto("passkey")
    .values({
      id: `pk-${asha.id}`,
      user_id: asha.id,
      name: "Asha's phone",
      credential_id: `cred-${asha.id}`,
      public_key: "pk",
      counter: 0,
      transports: "[]",
      device_type: "multiDevice",
      backed_up: 1,
      created_at: now,
      last_used_at: null,
    })
    .execute();
  await db
    .insertInto("trusted_browser")
    .values({ identifier: `tb-${asha.id}`, user_id: asha.id, device: "Firefox on Linux", created_at: now })
    .execute();
  await db
    .insertInto("form_message")
    .values({
      id: `m-${asha.id}`,
      kind: "contact",
      name: "Asha Rao",
      email: asha.email,
      message: "Hello",
      user_id: asha.id,
      ip_hash: "h",
      user_agent: "",
      created_at: now,
      fields: JSON.stringify({ company: "Acme" }),
    })
    .execute();
  await db
    .insertInto("message_reply")
    .values({
      id: `r-${asha.id}`,
      message_id: `m-${asha.id}`,
      operator_id: "op",
      operator_email: "op@example.test",
      body: "Thanks, Asha",
      mail_id: "mail",
      created_at: now,
    })
    .execute();

  const answer = await callRoute<Export>(loader, { path: "/profile/download", cookie: asha.cookie });
  expect(answer.data.two_factor).toEqual({ enabled: true });
  expect(answer.data.passkeys).toEqual([expect.objectContaining({ name: "Asha's phone", device_type: "multiDevice" })]);
  expect(answer.data.trusted_browsers).toEqual([expect.objectContaining({ device: "Firefox on Linux" })]);
  expect(answer.data.message_details).toEqual([
    { message_id: `m-${asha.id}`, fields: { company: "Acme" }, replies: [{ sent_at: expect.anything(), body: "Thanks, Asha" }] },
  ]);
  // The reply's author is the company's business, not the person's data.
  expect(JSON.stringify(answer.data)).not.toContain("op@example.test");
  // No passkey's key material either.
  expect(JSON.stringify(answer.data)).not.toContain(`cred-${asha.id}`);
});
