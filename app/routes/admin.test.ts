import { expect, test } from "vitest";
import { setOperatorRole } from "~/features/admin/operators.server";
import { services } from "~/services.server";
import { callRoute, makeAccount, signIn } from "../../tests/routes/route-kit";
import { expectNotFoundForOutsiders, grantedOperator, listedOperator } from "../../tests/routes/operator-kit";
import { LISTED_OPERATOR } from "../../tests/routes/setup";
import { loader } from "./admin";

test("the console's frame names the listed operator, privately", async () => {
  const operator = await listedOperator();
  const answer = await callRoute(loader, { path: "/admin/messages", cookie: operator.cookie });
  expect(answer.status).toBe(200);
  expect(answer.data).toEqual({ email: LISTED_OPERATOR });
  expect(answer.headers.get("cache-control")).toBe("private, no-store");
});

test("an account granted the role is an operator too", async () => {
  const operator = await grantedOperator();
  const answer = await callRoute(loader, { path: "/admin", cookie: operator.cookie });
  expect(answer.data).toEqual({ email: operator.email });
});

test("does not exist for anyone else: signed out, a member, the listed address before verification", async () => {
  await expectNotFoundForOutsiders((cookie) => callRoute(loader, { path: "/admin", cookie }));
});

test("the role granted as `npm run operator` grants it opens the console; revoked, it is closed at the next request", async () => {
  const member = await signIn();
  expect((await callRoute(loader, { path: "/admin", cookie: member.cookie })).status).toBe(404);
  const { database } = await services();
  expect(await setOperatorRole(database.db, member.email, true)).toMatchObject({ ok: true, changed: true });
  expect((await callRoute(loader, { path: "/admin", cookie: member.cookie })).data).toEqual({ email: member.email });
  await setOperatorRole(database.db, member.email, false);
  expect((await callRoute(loader, { path: "/admin", cookie: member.cookie })).status).toBe(404);
});

test("an unverified account cannot be granted the role", async () => {
  const pending = await makeAccount({ verified: false });
  const { database } = await services();
  expect(await setOperatorRole(database.db, pending.email, true)).toEqual({ ok: false, reason: "unverified" });
  const profile = await database.db.selectFrom("profile").select("role").where("user_id", "=", pending.id).executeTakeFirstOrThrow();
  expect(profile.role).toBe("member");
});
