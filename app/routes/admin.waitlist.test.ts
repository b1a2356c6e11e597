import { randomUUID } from "node:crypto";
import { beforeAll, expect, test } from "vitest";
import { services } from "~/services.server";
import { callRoute, type RouteAnswer } from "../../tests/routes/route-kit";
import { addWaitlistEntry, auditOf, expectNotFoundForOutsiders, listedOperator, type Signed } from "../../tests/routes/operator-kit";
import { LISTED_OPERATOR } from "../../tests/routes/setup";
import { action, loader } from "./admin.waitlist";

interface WaitlistData {
  data: {
    counts: { total: number; confirmed: number; pending: number; byInterest: Array<{ interest: string; count: number; label: string }> };
    perDay: Array<{ day: string; count: number }>;
    entries: Array<{ id: string; email: string; status: string; source: string; interestLabel: string }>;
  };
  query: { q: string; status: string; interest: string };
}
type Answer = { ok: boolean; message: string };

let operator: Signed;
beforeAll(async () => {
  operator = await listedOperator();
});

const addEntry = (email: string, interest: string, status: "pending" | "confirmed") => addWaitlistEntry(email, { interest, status });

const view = async (search = "") => (await callRoute<WaitlistData>(loader, { path: `/admin/waitlist${search}`, cookie: operator.cookie })).data;
const post = (form: Record<string, string>): Promise<RouteAnswer<Answer>> =>
  callRoute<Answer>(action, { path: "/admin/waitlist", form, cookie: operator.cookie });

test("counts per status and per plan, confirmations per day for 30 days, and the addresses with their plan", async () => {
  const before = await view();
  const w = randomUUID().slice(0, 8);
  await addEntry(`student-${w}@example.com`, "plan:student", "confirmed");
  await addEntry(`pending-${w}@example.com`, "plan:student", "pending");
  const after = await view();
  expect(after.data.counts).toMatchObject({
    total: before.data.counts.total + 2,
    confirmed: before.data.counts.confirmed + 1,
    pending: before.data.counts.pending + 1,
  });
  expect(after.data.counts.byInterest.find((c) => c.interest === "plan:student")).toMatchObject({ label: "Student plan" });
  expect(after.data.perDay).toHaveLength(30);
  expect(after.data.perDay.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), count: before.data.perDay.at(-1)!.count + 1 });
  expect((await view(`?q=student-${w}`)).data.entries).toEqual([
    expect.objectContaining({ email: `student-${w}@example.com`, status: "confirmed", source: "/pricing", interestLabel: "Student plan" }),
  ]);
});

test("the filter by status, plan and words is the URL's; anything else is every address", async () => {
  const w = randomUUID().slice(0, 8);
  await addEntry(`a-${w}@example.com`, "plan:basic", "confirmed");
  await addEntry(`b-${w}@example.com`, "", "pending");
  const emails = async (search: string) => (await view(search)).data.entries.map((e) => e.email).sort();
  expect(await emails(`?q=${w}`)).toEqual([`a-${w}@example.com`, `b-${w}@example.com`]);
  expect(await emails(`?q=${w}&status=pending`)).toEqual([`b-${w}@example.com`]);
  expect(await emails(`?q=${w}&interest=plan:basic`)).toEqual([`a-${w}@example.com`]);
  expect(await emails(`?q=${w}&interest=none`)).toEqual([`b-${w}@example.com`]);
  expect((await view(`?q=${w}&status=bogus`)).query).toEqual({ q: w, status: "all", interest: "any" });
});

test("an address removed on request: gone, said, audited by the entry's id and never the address", async () => {
  const email = `remove-${randomUUID().slice(0, 8)}@example.com`;
  const id = await addEntry(email, "plan:student", "confirmed");
  const answer = await post({ intent: "remove", id });
  expect(answer.status).toBe(200);
  expect(answer.data).toEqual({ ok: true, message: `Removed ${email} from the waitlist.` });
  expect((await view(`?q=${email}`)).data.entries).toEqual([]);
  expect((await auditOf("waitlist.removed")).filter((e) => e.target === `waitlist entry ${id}`)).toEqual([
    expect.objectContaining({ actor_email: LISTED_OPERATOR, detail: "confirmed, Student plan" }),
  ]);
  const { database } = await services();
  expect(await database.db.selectFrom("audit_log").select("id").where("target", "like", `%${email}%`).execute()).toEqual([]);
  expect(await post({ intent: "remove", id })).toMatchObject({ status: 404, data: { ok: false, message: "That address is not on the waitlist (any more)." } });
});

test("an unknown action, or no entry, is a 400", async () => {
  const id = await addEntry(`keep-${randomUUID().slice(0, 8)}@example.com`, "", "pending");
  expect(await post({ intent: "purge", id })).toMatchObject({ status: 400, data: { ok: false, message: "That did not work: unknown action." } });
  expect(await post({ intent: "remove" })).toMatchObject({ status: 400, data: { ok: false, message: "That did not work: unknown action." } });
});

test("the waitlist page and its removal do not exist for anyone else; the address stays", async () => {
  const email = `stays-${randomUUID().slice(0, 8)}@example.com`;
  const id = await addEntry(email, "", "confirmed");
  await expectNotFoundForOutsiders((cookie) => callRoute(loader, { path: "/admin/waitlist", cookie }));
  await expectNotFoundForOutsiders((cookie) => callRoute(action, { path: "/admin/waitlist", form: { intent: "remove", id }, cookie }));
  expect((await view(`?q=${email}`)).data.entries).toHaveLength(1);
});
