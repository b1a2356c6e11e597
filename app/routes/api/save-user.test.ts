/**
 * POST /api/saveUser (contract): creates or refreshes the caller's own record.
 * Moved from the browser suite's user-api.spec.ts.
 */
import { expect, test } from "vitest";
import { services } from "~/services.server";
import { callRoute, signIn } from "../../../tests/routes/route-kit";
import { action, loader } from "./save-user";

type Answer = { success: boolean; message: string; data: Record<string, unknown> };

test("signed out, it is a 401 in the contract's error shape", async () => {
  const answer = await callRoute(action, { path: "/api/saveUser", json: {} });
  expect(answer.status).toBe(401);
  expect(answer.data).toEqual({ success: false, message: expect.any(String) });
});

test("the owner's record comes back; nothing in the body is written", async () => {
  const asha = await signIn();
  const answer = await callRoute<Answer>(action, {
    path: "/api/saveUser",
    json: { login_count: 999, email: "evil@example.test", name: "Hacked", email_verified: false },
    cookie: asha.cookie,
  });
  expect(answer.status).toBe(200);
  expect(answer.data).toEqual({
    success: true,
    message: "User data saved successfully",
    data: expect.objectContaining({ id: asha.id, email: asha.email, name: asha.name, login_count: 0, email_verified: true }),
  });
  expect(answer.headers.get("cache-control")).toBe("private, no-store");
});

test("a record that is missing is created, with nothing counted yet", async () => {
  const asha = await signIn();
  const { database } = await services();
  await database.db.deleteFrom("profile").where("user_id", "=", asha.id).execute();
  const answer = await callRoute<Answer>(action, { path: "/api/saveUser", json: {}, cookie: asha.cookie });
  expect(answer.status).toBe(200);
  expect(answer.data.data).toMatchObject({ id: asha.id, gender: "", dob: "", about: "", login_count: 0, verification_attempts: 0, verification_sent_at: null });
  expect(await database.db.selectFrom("profile").select("user_id").where("user_id", "=", asha.id).executeTakeFirst()).toEqual({ user_id: asha.id });
});

test("a refresh keeps what was saved before", async () => {
  const asha = await signIn();
  const { database } = await services();
  await database.db.updateTable("profile").set({ about: "Kept" }).where("user_id", "=", asha.id).execute();
  const answer = await callRoute<Answer>(action, { path: "/api/saveUser", json: { about: "Overwritten?" }, cookie: asha.cookie });
  expect(answer.data.data.about).toBe("Kept");
});

test("GET and other methods are a 405 that says to POST", async () => {
  const get = await callRoute(loader, { path: "/api/saveUser" });
  expect(get.status).toBe(405);
  expect(get.headers.get("allow")).toBe("POST");
  const asha = await signIn();
  const put = await callRoute(action, { path: "/api/saveUser", method: "PUT", json: {}, cookie: asha.cookie });
  expect(put.status).toBe(405);
  expect(put.data).toEqual({ success: false, message: "Use POST." });
});

test("a post from another site is refused", async () => {
  const asha = await signIn();
  const answer = await callRoute(action, { path: "/api/saveUser", json: {}, cookie: asha.cookie, origin: "https://evil.example" });
  expect(answer.status).toBe(403);
});
