import { randomUUID } from "node:crypto";
import { beforeAll, expect, test } from "vitest";
import { services } from "~/services.server";
import { callRoute } from "../../tests/routes/route-kit";
import { auditOf, expectNotFoundForOutsiders, listedOperator, type Signed } from "../../tests/routes/operator-kit";
import { LISTED_OPERATOR } from "../../tests/routes/setup";
import { loader } from "./admin.messages.export";

let operator: Signed;
beforeAll(async () => {
  operator = await listedOperator();
});

async function addMessage(fields: { kind: string; name: string; email: string; message: string; status?: "open" | "handled"; fields?: string }) {
  const { database } = await services();
  const id = randomUUID();
  await database.db
    .insertInto("form_message")
    .values({
      id,
      ...fields,
      status: fields.status ?? "open",
      handled_by: fields.status === "handled" ? LISTED_OPERATOR : null,
      handled_at: fields.status === "handled" ? new Date().toISOString() : null,
      user_id: null,
      ip_hash: "0".repeat(64),
      user_agent: "test",
      created_at: new Date().toISOString(),
      notified_at: null,
      notify_error: null,
      notify_claimed_until: null,
    })
    .execute();
  return id;
}

const exported = (search: string, headers?: Record<string, string>) =>
  callRoute<string>(loader, { path: `/admin/messages/export?${search}`, cookie: operator.cookie, headers });
const lines = (csv: string) => csv.trim().split("\r\n");

test("a download: CSV, an attachment named by the day, private and not indexed", async () => {
  const answer = await exported("status=all");
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="messages-\d{4}-\d{2}-\d{2}\.csv"$/);
  expect(answer.headers.get("cache-control")).toBe("private, no-store");
  expect(answer.headers.get("x-robots-tag")).toBe("noindex");
  expect(lines(answer.data)[0]).toBe(
    '"id","created_at","kind","name","email","message","user_id","notified_at","notify_attempts","notify_error","status","handled_at","handled_by","fields","spam_reason"',
  );
});

test("exactly the messages of the filter: both forms with the word, then only the handled contact one", async () => {
  const w = `w${randomUUID().slice(0, 8)}`;
  const visitor = `visitor-${w}@example.com`;
  await addMessage({ kind: "contact", name: `Ada ${w}`, email: visitor, message: `Call me about ${w}`, status: "handled" });
  await addMessage({ kind: "feedback", name: `Bo ${w}`, email: `fb-${w}@example.com`, message: `Lovely, ${w}.` });
  const all = lines((await exported(`status=all&q=${w}`)).data);
  expect(
    all
      .slice(1)
      .map((line) => line.split(",")[2])
      .sort(),
  ).toEqual(['"contact"', '"feedback"']);
  const contactOnly = lines((await exported(`form=contact&status=handled&q=${w}`)).data);
  expect(contactOnly).toHaveLength(2);
  expect(contactOnly[1]).toContain(`"${visitor}"`);
  expect(contactOnly[1]).toContain(`,"handled",`);
  expect(contactOnly[1]).toMatch(new RegExp(`"${LISTED_OPERATOR}","",""$`));
  // The default view: open messages only.
  expect(
    lines((await exported(`q=${w}`)).data)
      .slice(1)
      .map((line) => line.split(",")[2]),
  ).toEqual(['"feedback"']);
});

test("text a spreadsheet would run as a formula is exported as text, quotes doubled", async () => {
  const w = `w${randomUUID().slice(0, 8)}`;
  await addMessage({
    kind: "contact",
    name: `=HYPERLINK("http://evil.example","${w}")`,
    email: `f-${w}@example.com`,
    message: `+1 and -1; Sam;=1+2 @SUM ${w}`,
  });
  const row = lines((await exported(`q=${w}`)).data)[1]!;
  expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""${w}"")"`);
  expect(row).toContain(`"'+1 and -1; Sam;'=1+2 @SUM ${w}"`);
});

test("a custom form's other fields are in the row, as one JSON column", async () => {
  const w = `w${randomUUID().slice(0, 8)}`;
  await addMessage({ kind: "contact", name: `Cy ${w}`, email: `c-${w}@example.com`, message: "", fields: JSON.stringify({ seats: "3", team: "ops" }) });
  const row = lines((await exported(`q=${w}`)).data)[1]!;
  // The last two columns: fields, then spam_reason (none).
  expect(row.endsWith(',"{""seats"":""3"",""team"":""ops""}",""')).toBe(true);
});

test("each export is audited with its filter", async () => {
  const w = `w${randomUUID().slice(0, 8)}`;
  await exported(`form=contact&status=handled&q=${w}`);
  expect((await auditOf("messages.exported")).filter((e) => e.detail.includes(w))).toEqual([
    expect.objectContaining({ actor_email: LISTED_OPERATOR, target: "messages", detail: `form contact, status handled, search "${w}"` }),
  ]);
});

test("a link on another site cannot start the download, nor write the audit log", async () => {
  for (const site of ["cross-site", "same-site"]) {
    const w = `w${randomUUID().slice(0, 8)}`;
    const answer = await exported(`q=${w}`, { "sec-fetch-site": site, "sec-fetch-mode": "navigate" });
    expect(answer.status, site).toBe(404);
    expect((await auditOf("messages.exported")).filter((e) => e.detail.includes(w))).toEqual([]);
  }
  expect((await exported("q=x", { "sec-fetch-site": "same-origin" })).status).toBe(200);
});

test("does not exist for anyone else", async () => {
  await expectNotFoundForOutsiders((cookie) => callRoute(loader, { path: "/admin/messages/export", cookie }));
});
