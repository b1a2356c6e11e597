import { beforeAll, expect, test } from "vitest";
import { services } from "~/services.server";
import { callRoute, makeAccount } from "../../tests/routes/route-kit";
import { expectNotFoundForOutsiders, listedOperator, type Signed } from "../../tests/routes/operator-kit";
import { loader } from "./admin.accounts";

interface AccountsData {
  stats: { total: number; verified: number; byMethod: { password: number; google: number; github: number }; signUps: Array<{ day: string; count: number }> };
  window: number;
  query: string;
  accounts: Array<{ id: string; email: string; verified: boolean; disabled: boolean }>;
}

let operator: Signed;
beforeAll(async () => {
  operator = await listedOperator();
});

const accounts = async (search = "") => (await callRoute<AccountsData>(loader, { path: `/admin/accounts${search}`, cookie: operator.cookie })).data;

test("counts every account, the verified ones and each way to sign in, and today's sign-ups", async () => {
  const before = (await accounts()).stats;
  await makeAccount();
  await makeAccount({ verified: false });
  await makeAccount({ password: null });
  const after = (await accounts()).stats;
  expect(after.total).toBe(before.total + 3);
  expect(after.verified).toBe(before.verified + 2);
  expect(after.byMethod.password).toBe(before.byMethod.password + 2);
  expect(after.signUps.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), count: before.signUps.at(-1)!.count + 3 });
});

test("sign-ups per day over 30 days, or 90 when asked; any other window is 30", async () => {
  const thirty = await accounts();
  expect(thirty.window).toBe(30);
  expect(thirty.stats.signUps).toHaveLength(30);
  const ninety = await accounts("?days=90");
  expect(ninety.window).toBe(90);
  expect(ninety.stats.signUps).toHaveLength(90);
  expect((await accounts("?days=7")).window).toBe(30);
});

test("a search by part of the address finds the account, with its state", async () => {
  const member = await makeAccount({ email: `findable-${Date.now()}@example.test` });
  const { database } = await services();
  await database.db.updateTable("profile").set({ sign_in_disabled_at: new Date().toISOString() }).where("user_id", "=", member.id).execute();
  const found = await accounts(`?q=${encodeURIComponent(member.email.slice(0, 20).toUpperCase())}`);
  expect(found.query).toBe(member.email.slice(0, 20).toUpperCase());
  expect(found.accounts).toEqual([expect.objectContaining({ id: member.id, email: member.email, verified: true, disabled: true })]);
  expect((await accounts("?q=nobody-has-this-address")).accounts).toEqual([]);
});

test("does not exist for anyone else", async () => {
  await expectNotFoundForOutsiders((cookie) => callRoute(loader, { path: "/admin/accounts", cookie }));
});
