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
