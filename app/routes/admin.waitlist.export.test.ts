import { randomUUID } from "node:crypto";
import { beforeAll, expect, test } from "vitest";
import { callRoute } from "../../tests/routes/route-kit";
import { addWaitlistEntry, auditOf, expectNotFoundForOutsiders, listedOperator, type Signed } from "../../tests/routes/operator-kit";
import { LISTED_OPERATOR } from "../../tests/routes/setup";
import { loader } from "./admin.waitlist.export";

let operator: Signed;
beforeAll(async () => {
  operator = await listedOperator();
});

const exported = (search: string, headers?: Record<string, string>) =>
  callRoute<string>(loader, { path: `/admin/waitlist/export?${search}`, cookie: operator.cookie, headers });
const lines = (csv: string) => csv.trim().split("\r\n");

test("a download: CSV of the view's addresses with their plan, an attachment named by the day, private", async () => {
  const w = randomUUID().slice(0, 8);
  const email = `wait-${w}@example.com`;
  await addWaitlistEntry(email, { interest: "plan:student", status: "confirmed" });
  const answer = await exported(`status=all&interest=any&q=${w}`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="waitlist-\d{4}-\d{2}-\d{2}\.csv"$/);
  expect(answer.headers.get("cache-control")).toBe("private, no-store");
  expect(answer.headers.get("x-robots-tag")).toBe("noindex");
  const rows = lines(answer.data);
  expect(rows[0]).toBe('"email","interest","status","source","joined_at","confirmed_at"');
  expect(rows.slice(1)).toEqual([
    expect.stringMatching(new RegExp(`^"${email.replace(/[.]/g, "\\.")}","Student plan","confirmed","/pricing","\\d{4}-[^"]+","\\d{4}-[^"]+"$`)),
  ]);
});

test("exactly the filter: by status and by plan", async () => {
  const w = randomUUID().slice(0, 8);
  await addWaitlistEntry(`a-${w}@example.com`, { interest: "plan:basic", status: "confirmed" });
  await addWaitlistEntry(`b-${w}@example.com`);
  const emails = async (search: string) =>
    lines((await exported(`${search}&q=${w}`)).data)
      .slice(1)
      .map((line) => line.split(",")[0]);
  expect(await emails("status=pending")).toEqual([`"b-${w}@example.com"`]);
  expect(await emails("interest=plan:basic")).toEqual([`"a-${w}@example.com"`]);
  expect((await emails("status=all")).sort()).toEqual([`"a-${w}@example.com"`, `"b-${w}@example.com"`]);
});

test("text a spreadsheet would run as a formula is exported as text", async () => {
  const w = randomUUID().slice(0, 8);
  await addWaitlistEntry(`f-${w}@example.com`, { source: `=HYPERLINK("http://evil.example","${w}")` });
  expect(lines((await exported(`q=f-${w}`)).data)[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""${w}"")"`);
});

test("each export is audited with its filter and how many addresses it held", async () => {
  const w = randomUUID().slice(0, 8);
  await addWaitlistEntry(`c-${w}@example.com`, { status: "confirmed" });
  await exported(`status=confirmed&interest=any&q=${w}`);
  expect((await auditOf("waitlist.exported")).filter((e) => e.detail.includes(w))).toEqual([
    expect.objectContaining({ actor_email: LISTED_OPERATOR, target: "waitlist", detail: `1 addresses; status confirmed, interest any, search "${w}"` }),
  ]);
});

test("a link on another site cannot start the download, nor write the audit log", async () => {
  for (const site of ["cross-site", "same-site"]) {
    const w = randomUUID().slice(0, 8);
    expect((await exported(`q=${w}`, { "sec-fetch-site": site })).status, site).toBe(404);
    expect((await auditOf("waitlist.exported")).filter((e) => e.detail.includes(w))).toEqual([]);
  }
});

test("does not exist for anyone else", async () => {
  await expectNotFoundForOutsiders((cookie) => callRoute(loader, { path: "/admin/waitlist/export", cookie }));
});
