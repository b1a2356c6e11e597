/**
 * With API_KEY set (contract), /api/user* and /api/saveUser* also require
 * header x-api-key to equal it. The key identifies a client; it never stands
 * in for a session. Its own file: the configuration is read once per file.
 */
import { describe, expect, test, vi } from "vitest";
import { callRoute, signIn } from "../../../tests/routes/route-kit";
import { action as saveUser } from "./save-user";
import { action as saveById } from "./save-user-by-id";
import { action as userAction, loader as userLoader } from "./user";

const KEY = "route-test-api-key-0123456789";
vi.stubEnv("API_KEY", KEY);

type Call = (cookie: string | undefined, id: string, headers: Record<string, string>) => ReturnType<typeof callRoute>;

const endpoints: Array<[string, Call]> = [
  ["GET /api/user/:id", (cookie, id, headers) => callRoute(userLoader, { path: `/api/user/${id}`, params: { id }, cookie, headers })],
  [
    "DELETE /api/user/:id",
    (cookie, id, headers) =>
      callRoute(userAction, { path: `/api/user/${id}`, method: "DELETE", params: { id }, json: { name: "wrong", password: "x" }, cookie, headers }),
  ],
  ["POST /api/saveUser", (cookie, _id, headers) => callRoute(saveUser, { path: "/api/saveUser", json: {}, cookie, headers })],
  [
    "POST /api/saveUser/:uid",
    (cookie, id, headers) => callRoute(saveById, { path: `/api/saveUser/${id}`, params: { uid: id }, json: { name: "Keyed" }, cookie, headers }),
  ],
];

describe.each(endpoints)("%s", (name, call) => {
  test("a signed-in owner without the key is a 401 that names the header", async () => {
    const asha = await signIn();
    const answer = await call(asha.cookie, asha.id, {});
    expect(answer.status).toBe(401);
    expect(answer.data).toEqual({ success: false, message: "Missing or invalid API key (header x-api-key)." });
  });

  test("a wrong key is a 401", async () => {
    const asha = await signIn();
    const answer = await call(asha.cookie, asha.id, { "x-api-key": `${KEY}-not` });
    expect(answer.status).toBe(401);
    expect(answer.data).toMatchObject({ message: "Missing or invalid API key (header x-api-key)." });
  });

  test("the key without a session is still a 401", async () => {
    const answer = await call(undefined, "anything", { "x-api-key": KEY });
    expect(answer.status).toBe(401);
    expect(answer.data).toEqual({ success: false, message: "Sign in to use this API." });
  });

  test("the key with someone else's session is a 403", async () => {
    const asha = await signIn();
    const bob = await signIn({ name: "Bob Iyer" });
    const answer = await call(bob.cookie, asha.id, { "x-api-key": KEY });
    // /api/saveUser has no id: it is always the caller's own record.
    expect(answer.status).toBe(name === "POST /api/saveUser" ? 200 : 403);
  });
});

test("the key and the owner's session read the record", async () => {
  const asha = await signIn();
  const answer = await callRoute(userLoader, { path: `/api/user/${asha.id}`, params: { id: asha.id }, cookie: asha.cookie, headers: { "x-api-key": KEY } });
  expect(answer.status).toBe(200);
  expect(answer.data).toMatchObject({ success: true, data: { id: asha.id } });
});

test("the key and the owner's session save", async () => {
  const asha = await signIn();
  const answer = await callRoute(saveById, {
    path: `/api/saveUser/${asha.id}`,
    params: { uid: asha.id },
    json: { name: "Keyed Owner" },
    cookie: asha.cookie,
    headers: { "x-api-key": KEY },
  });
  expect(answer.status).toBe(200);
  expect(answer.data).toMatchObject({ success: true, data: { name: "Keyed Owner" } });
});
