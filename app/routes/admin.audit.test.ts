import { randomUUID } from "node:crypto";
import { beforeAll, expect, test } from "vitest";
import { recordAudit } from "~/features/admin/audit.server";
import { services } from "~/services.server";
import { callRoute } from "../../tests/routes/route-kit";
import { expectNotFoundForOutsiders, grantedOperator, listedOperator, type Signed } from "../../tests/routes/operator-kit";
import { LISTED_OPERATOR } from "../../tests/routes/setup";
import { action as formsAction } from "./admin.forms";
import { loader } from "./admin.audit";

interface AuditPage {
  entries: Array<{ actorEmail: string; action: string; target: string; detail: string; at: string }>;
  next: string | null;
  paged: boolean;
  q: string;
}

let operator: Signed;
beforeAll(async () => {
  operator = await listedOperator();
});

const audit = async (search = "") => (await callRoute<AuditPage>(loader, { path: `/admin/audit${search}`, cookie: operator.cookie })).data;

test("what an operator does in the console is in the log: who, what, on what", async () => {
  const key = `a-${randomUUID().slice(0, 8)}`;
  await callRoute(formsAction, { path: "/admin/forms", form: { intent: "create", key, name: "Audited" }, cookie: operator.cookie });
  const found = await audit(`?q=${key}`);
  expect(found.q).toBe(key);
  expect(found.entries).toEqual([
    expect.objectContaining({ actorEmail: LISTED_OPERATOR, action: "form.created", target: `form ${key}`, detail: expect.stringContaining('name "Audited"') }),
  ]);
});

test("newest first; every word of the search must match (the operator, the action, the target or the detail)", async () => {
  const { database } = await services();
  const other = await grantedOperator();
  const w = `w${randomUUID().slice(0, 8)}`;
  const at = Date.now();
  await recordAudit(database.db, operator, "message.handled", `message ${w}-1`, `contact from ravi-${w}@example.com`, new Date(at));
  await recordAudit(database.db, other, "message.reopened", `message ${w}-1`, `contact from ravi-${w}@example.com`, new Date(at + 1000));
  await recordAudit(database.db, operator, "form.updated", `form ${w}`, "", new Date(at + 2000));
  expect((await audit(`?q=${w}`)).entries.map((e) => e.action)).toEqual(["form.updated", "message.reopened", "message.handled"]);
  expect((await audit(`?q=${encodeURIComponent(`message.handled ${w}`)}`)).entries.map((e) => e.target)).toEqual([`message ${w}-1`]);
  expect((await audit(`?q=${encodeURIComponent(`${other.email} ${w}`)}`)).entries.map((e) => e.action)).toEqual(["message.reopened"]);
  expect((await audit(`?q=${encodeURIComponent(`RAVI-${w}@EXAMPLE.COM`)}`)).entries).toHaveLength(2);
  expect((await audit(`?q=${encodeURIComponent(`${w} nothing-else`)}`)).entries).toEqual([]);
});

test("50 entries a page, with a cursor to the older ones; a broken cursor is the first page", async () => {
  const { database } = await services();
  const w = `p${randomUUID().slice(0, 8)}`;
  const at = Date.now();
  for (let i = 0; i < 51; i++)
    await recordAudit(database.db, operator, "message.handled", `message ${w}-${String(i).padStart(2, "0")}`, "", new Date(at + i * 1000));
  const first = await audit(`?q=${w}`);
  expect(first.entries).toHaveLength(50);
  expect(first.entries[0]!.target).toBe(`message ${w}-50`);
  expect(first.paged).toBe(false);
  expect(first.next).toEqual(expect.any(String));
  const second = await audit(`?q=${w}&after=${first.next}`);
  expect(second.paged).toBe(true);
  expect(second.entries.map((e) => e.target)).toEqual([`message ${w}-00`]);
  expect(second.next).toBeNull();
  const broken = await audit(`?q=${w}&after=not-a-cursor`);
  expect(broken.paged).toBe(false);
  expect(broken.entries).toHaveLength(50);
});

test("does not exist for anyone else", async () => {
  await expectNotFoundForOutsiders((cookie) => callRoute(loader, { path: "/admin/audit", cookie }));
});
