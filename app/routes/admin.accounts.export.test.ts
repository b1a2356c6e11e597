import { beforeAll, expect, test } from "vitest";
import { callRoute, makeAccount } from "../../tests/routes/route-kit";
import { addWaitlistEntry, auditOf, expectNotFoundForOutsiders, listedOperator, type Signed } from "../../tests/routes/operator-kit";
import { LISTED_OPERATOR } from "../../tests/routes/setup";
import { loader } from "./admin.accounts.export";

interface Exported {
  record: { email: string; name: string };
  sign_in_methods: Array<{ provider: string }>;
  sessions: unknown[];
  waitlist: { email: string; status: string } | null;
}

let operator: Signed;
beforeAll(async () => {
  operator = await listedOperator();
});

const exportOf = (id: string, headers?: Record<string, string>) =>
  callRoute<Exported>(loader, { path: `/admin/accounts/${encodeURIComponent(id)}/export`, params: { id }, cookie: operator.cookie, headers });

test("the person's data as 'Download my data' gives it: a private JSON attachment, audited", async () => {
  const person = await makeAccount({ name: "Stuck Person", verified: false });
  await addWaitlistEntry(person.email);
  const answer = await exportOf(person.id);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
  expect(answer.headers.get("content-disposition")).toBe(
    `attachment; filename="account-${person.id.replace(/[^A-Za-z0-9_-]/g, "")}-${new Date().toISOString().slice(0, 10)}.json"`,
  );
  expect(answer.headers.get("cache-control")).toBe("private, no-store");
  expect(answer.headers.get("x-robots-tag")).toBe("noindex");
  expect(answer.data.record).toMatchObject({ email: person.email, name: "Stuck Person" });
  expect(answer.data.sign_in_methods.map((m) => m.provider)).toEqual(["email and password"]);
  expect(answer.data.waitlist).toMatchObject({ email: person.email, status: "pending" });
  expect((await auditOf("account.data-exported")).filter((e) => e.target === `account ${person.email}`)).toEqual([
    expect.objectContaining({ actor_email: LISTED_OPERATOR }),
  ]);
});

test("an account that does not exist is not found", async () => {
  expect((await exportOf("no-such-account")).status).toBe(404);
  expect((await exportOf("x".repeat(101))).status).toBe(404);
});

test("a link on another site cannot start the download, nor write the audit log", async () => {
  const person = await makeAccount();
  for (const site of ["cross-site", "same-site"]) {
    expect((await exportOf(person.id, { "sec-fetch-site": site })).status, site).toBe(404);
  }
  expect((await auditOf("account.data-exported")).filter((e) => e.target === `account ${person.email}`)).toEqual([]);
});

test("does not exist for anyone else, and writes nothing", async () => {
  const person = await makeAccount();
  await expectNotFoundForOutsiders((cookie) => callRoute(loader, { path: `/admin/accounts/${person.id}/export`, params: { id: person.id }, cookie }));
  expect((await auditOf("account.data-exported")).filter((e) => e.target === `account ${person.email}`)).toEqual([]);
});
