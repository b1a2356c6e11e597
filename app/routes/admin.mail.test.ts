import { randomUUID } from "node:crypto";
import { beforeAll, expect, test } from "vitest";
import { services } from "~/services.server";
import { callRoute, type RouteAnswer } from "../../tests/routes/route-kit";
import { auditOf, expectNotFoundForOutsiders, listedOperator, type Signed } from "../../tests/routes/operator-kit";
import { LISTED_OPERATOR } from "../../tests/routes/setup";
import { action, loader } from "./admin.mail";

interface MailSummary {
  mails: Array<{
    id: string;
    kind: string;
    to: string;
    subject: string;
    state: string;
    attempts: number;
    lastError: string | null;
    nextAttempt: string | null;
  }>;
  sentToday: number;
}
type Answer = { ok: boolean; message: string };

let operator: Signed;
beforeAll(async () => {
  // The outbox's worker is not running here (services.server.ts): the rows stay as written. Sending and
  // its retries are the outbox's unit tests' (app/infra/mail/outbox.server.test.ts).
  operator = await listedOperator();
});

/** A mail in the outbox as the worker leaves it after an attempt the server refused (or after it gave up). */
async function outboxRow(status: "pending" | "failed" | "sent", fields: { attempts?: number; lastError?: string | null; createdAgoMs?: number } = {}) {
  const { database } = await services();
  const id = randomUUID();
  const now = Date.now();
  const to = `to-${id.slice(0, 8)}@example.com`;
  await database.db
    .insertInto("mail_outbox")
    .values({
      id,
      kind: "form-notification",
      to_address: to,
      to_mailbox: to,
      reply_to: null,
      subject: `New message ${id}`,
      text: "A secret link: https://example.com/verify?token=abc",
      html: "<p>A secret link</p>",
      user_id: null,
      ref: null,
      status,
      attempts: fields.attempts ?? 1,
      last_error: fields.lastError === undefined ? "451 4.7.1 Try again later" : fields.lastError,
      next_attempt_at: new Date(now + 3_600_000).toISOString(),
      claimed_until: null,
      created_at: new Date(now - (fields.createdAgoMs ?? 120_000)).toISOString(),
      sent_at: status === "sent" ? new Date(now).toISOString() : null,
      give_up_at: new Date(now + 86_400_000).toISOString(),
      list_unsubscribe: null,
    })
    .execute();
  return { id, to };
}

const summary = async () => (await callRoute<MailSummary>(loader, { path: "/admin/mail", cookie: operator.cookie })).data;
const post = (form: Record<string, string>): Promise<RouteAnswer<Answer>> => callRoute<Answer>(action, { path: "/admin/mail", form, cookie: operator.cookie });

test("lists the mail the server refused (waiting, with its error) and the mail given up; never delivered mail, never a body", async () => {
  const waiting = await outboxRow("pending");
  const givenUp = await outboxRow("failed", { attempts: 12, lastError: "550 mailbox unavailable" });
  const sent = await outboxRow("sent", { attempts: 1, lastError: null });
  const data = await summary();
  expect(data.mails.find((m) => m.id === waiting.id)).toMatchObject({
    kind: "form-notification",
    to: waiting.to,
    state: "waiting",
    attempts: 1,
    lastError: "451 4.7.1 Try again later",
    nextAttempt: expect.any(String),
  });
  expect(data.mails.find((m) => m.id === givenUp.id)).toMatchObject({ state: "given up", lastError: "550 mailbox unavailable", nextAttempt: null });
  expect(data.mails.map((m) => m.id)).not.toContain(sent.id);
  expect(data.mails.findIndex((m) => m.id === givenUp.id)).toBeLessThan(data.mails.findIndex((m) => m.id === waiting.id));
  expect(data.sentToday).toBeGreaterThanOrEqual(1);
  expect(JSON.stringify(data)).not.toContain("token=abc");
});

test("a mail written a moment ago and not yet tried is not listed", async () => {
  const fresh = await outboxRow("pending", { attempts: 0, lastError: null, createdAgoMs: 1_000 });
  expect((await summary()).mails.map((m) => m.id)).not.toContain(fresh.id);
});

test("Retry now: due at once, said in words, audited", async () => {
  const { id, to } = await outboxRow("failed", { attempts: 12 });
  const answer = await post({ intent: "retry", id });
  expect(answer.status).toBe(200);
  expect(answer.data).toEqual({ ok: true, message: `Retrying the form-notification mail to ${to} now.` });
  const { database } = await services();
  const row = await database.db.selectFrom("mail_outbox").select(["status", "next_attempt_at"]).where("id", "=", id).executeTakeFirstOrThrow();
  expect(row.status).toBe("pending");
  expect(new Date(row.next_attempt_at as string | Date).getTime()).toBeLessThanOrEqual(Date.now());
  expect((await auditOf("mail.retried")).filter((e) => e.target === to)).toEqual([
    expect.objectContaining({ actor_email: LISTED_OPERATOR, detail: `form-notification ${id}` }),
  ]);
});

test("a mail delivered meanwhile, being sent, or not there is not retried", async () => {
  const sent = await outboxRow("sent");
  expect(await post({ intent: "retry", id: sent.id })).toMatchObject({
    status: 404,
    data: { ok: false, message: "That mail is not waiting any more (sent, or being sent right now)." },
  });
  const sending = await outboxRow("pending");
  const { database } = await services();
  await database.db
    .updateTable("mail_outbox")
    .set({ claimed_until: new Date(Date.now() + 60_000).toISOString() })
    .where("id", "=", sending.id)
    .execute();
  expect((await post({ intent: "retry", id: sending.id })).status).toBe(404);
  expect(await post({ intent: "retry", id: randomUUID() })).toMatchObject({ status: 404 });
  expect(await post({ intent: "retry", id: "not-an-id" })).toMatchObject({ status: 404, data: { ok: false, message: "That mail is not waiting any more." } });
  expect((await auditOf("mail.retried")).filter((e) => e.target === sent.to || e.target === sending.to)).toEqual([]);
});

test("an unknown action is a 400", async () => {
  const { id } = await outboxRow("failed");
  expect(await post({ intent: "delete", id })).toMatchObject({ status: 400, data: { ok: false, message: "Unknown action." } });
});

test("the mail page and its retry do not exist for anyone else", async () => {
  const { id } = await outboxRow("failed");
  await expectNotFoundForOutsiders((cookie) => callRoute(loader, { path: "/admin/mail", cookie }));
  await expectNotFoundForOutsiders((cookie) => callRoute(action, { path: "/admin/mail", form: { intent: "retry", id }, cookie }));
  const { database } = await services();
  expect((await database.db.selectFrom("mail_outbox").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe("failed");
});
