import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import { services } from "~/services.server";
import { callRoute, lastMail, mailsTo, type RouteAnswer } from "../../tests/routes/route-kit";
import { auditOf, expectNotFoundForOutsiders, grantedOperator, listedOperator, type Signed } from "../../tests/routes/operator-kit";
import { LISTED_OPERATOR } from "../../tests/routes/setup";
import { action, loader } from "./admin.messages";

interface InboxData {
  messages: Array<{ id: string; form: string; name: string; status: string; handledBy: string | null; replies: Array<{ by: string; body: string }> }>;
  forms: Array<{ key: string; open: number }>;
  spam: number;
  nextPage: string | null;
  query: { form: string; status: string; q: string };
}

type Answer = { ok: boolean; message: string; replyTo?: string; field?: string; body?: string };

let operator: Signed;
beforeAll(async () => {
  operator = await listedOperator();
});

let clock = Date.parse("2026-03-01T10:00:00.000Z");

/** A stored form message, as a form post leaves it (the form's own pages and /f/:form are tested where they are). */
async function addMessage(
  fields: { kind?: string; name?: string; email?: string; message?: string; status?: "open" | "handled" | "spam"; language?: string } = {},
) {
  const { database } = await services();
  const id = randomUUID();
  const row = {
    id,
    kind: fields.kind ?? "contact",
    name: fields.name ?? "Ada Lovelace",
    email: fields.email ?? `sender-${id.slice(0, 8)}@example.com`,
    message: fields.message ?? "Please call me back.",
    user_id: null,
    ip_hash: "0".repeat(64),
    user_agent: "test",
    created_at: new Date((clock += 1000)).toISOString(),
    notified_at: null,
    notify_error: null,
    notify_claimed_until: null,
    status: fields.status ?? "open",
    spam_reason: fields.status === "spam" ? "honeypot" : null,
    language: fields.language ?? "en",
  };
  await database.db.insertInto("form_message").values(row).execute();
  return row;
}

async function rowOf(id: string) {
  const { database } = await services();
  return database.db.selectFrom("form_message").select(["status", "handled_by"]).where("id", "=", id).executeTakeFirst();
}

const word = () => `w${randomUUID().slice(0, 8)}`;

function post(form: Record<string, string>, path = "/admin/messages"): Promise<RouteAnswer<Answer>> {
  return callRoute<Answer>(action, { path, form, cookie: operator.cookie });
}

describe("the inbox's view", () => {
  test("shows open messages by default; the filter by form, status and words is the URL's", async () => {
    const w = word();
    const contact = await addMessage({ kind: "contact", name: `Ada ${w}`, message: `About ${w}` });
    const feedback = await addMessage({ kind: "feedback", name: `Bo ${w}`, message: `Lovely, ${w}.` });
    const handled = await addMessage({ kind: "contact", name: `Cy ${w}`, message: `Done ${w}`, status: "handled" });
    const spam = await addMessage({ kind: "contact", name: `Bot ${w}`, message: `Buy ${w}`, status: "spam" });
    const view = async (search: string) => (await callRoute<InboxData>(loader, { path: `/admin/messages?${search}`, cookie: operator.cookie })).data;
    const ids = (data: InboxData) => data.messages.map((m) => m.id).sort();

    expect(ids(await view(`q=${w}`))).toEqual([contact.id, feedback.id].sort());
    expect(ids(await view(`q=${w}&form=contact`))).toEqual([contact.id]);
    expect(ids(await view(`q=${w}&status=handled`))).toEqual([handled.id]);
    expect(ids(await view(`q=${w}&status=all`))).toEqual([contact.id, feedback.id, handled.id].sort());
    const spamView = await view(`q=${w}&status=spam`);
    expect(ids(spamView)).toEqual([spam.id]);
    expect(spamView.spam).toBeGreaterThanOrEqual(1);
    // Anything unexpected in the URL is the default view.
    expect((await view(`q=${w}&form=NOT%20A%20KEY&status=bogus`)).query).toEqual({ form: "", status: "open", q: w });
  });

  test("pages 25 messages at a time, newest first, with a link to the older ones", async () => {
    const w = word();
    for (let i = 0; i < 26; i++) await addMessage({ message: `Page ${w} ${i}` });
    const first = (await callRoute<InboxData>(loader, { path: `/admin/messages?q=${w}`, cookie: operator.cookie })).data;
    expect(first.messages).toHaveLength(25);
    expect(first.nextPage).toMatch(new RegExp(`^\\?q=${w}&after=`));
    const second = (await callRoute<InboxData>(loader, { path: `/admin/messages${first.nextPage}`, cookie: operator.cookie })).data;
    expect(second.messages).toHaveLength(1);
    expect(second.nextPage).toBeNull();
  });

  test("counts the open messages of each form", async () => {
    const before = (await callRoute<InboxData>(loader, { path: "/admin/messages", cookie: operator.cookie })).data.forms.find(
      (f) => f.key === "feedback",
    )!.open;
    await addMessage({ kind: "feedback" });
    const after = (await callRoute<InboxData>(loader, { path: "/admin/messages", cookie: operator.cookie })).data.forms.find((f) => f.key === "feedback")!.open;
    expect(after).toBe(before + 1);
  });
});

describe("one message", () => {
  test("marked handled: the words name the sender, the row names the operator, the audit log has it", async () => {
    const message = await addMessage({ name: "Ada Handled" });
    const answer = await post({ intent: "handled", id: message.id });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ ok: true, message: "Marked the message from Ada Handled as handled." });
    expect(await rowOf(message.id)).toEqual({ status: "handled", handled_by: LISTED_OPERATOR });
    expect((await auditOf("message.handled")).filter((e) => e.target === `message ${message.id}`)).toEqual([
      expect.objectContaining({ actor_email: LISTED_OPERATOR, detail: `contact from ${message.email}` }),
    ]);
  });

  test("reopened (a plain form post, as without JavaScript): open again and nobody's", async () => {
    const message = await addMessage({ name: "Cy Reopen", status: "handled" });
    const answer = await post({ intent: "reopen", id: message.id }, `/admin/messages?status=handled&q=Reopen`);
    expect(answer.data).toEqual({ ok: true, message: "Reopened the message from Cy Reopen." });
    expect(await rowOf(message.id)).toEqual({ status: "open", handled_by: null });
    expect((await auditOf("message.reopened")).map((e) => e.target)).toContain(`message ${message.id}`);
  });

  test("moved out of spam to the inbox, and into spam", async () => {
    const caught = await addMessage({ name: "Bot Caught", status: "spam" });
    expect((await post({ intent: "not-spam", id: caught.id })).data).toEqual({ ok: true, message: "Moved the message from Bot Caught to the inbox." });
    expect((await rowOf(caught.id))?.status).toBe("open");
    expect((await post({ intent: "spam", id: caught.id })).data).toEqual({ ok: true, message: "Moved the message from Bot Caught to spam." });
    expect((await rowOf(caught.id))?.status).toBe("spam");
    expect((await auditOf("message.not-spam")).map((e) => e.target)).toContain(`message ${caught.id}`);
    expect((await auditOf("message.spam")).map((e) => e.target)).toContain(`message ${caught.id}`);
  });

  test("an unknown action, or no message, is a 400; a message that is gone a 404", async () => {
    const message = await addMessage();
    expect(await post({ intent: "archive", id: message.id })).toMatchObject({
      status: 400,
      data: { ok: false, message: "That did not work: unknown action." },
    });
    expect(await post({ intent: "handled" })).toMatchObject({ status: 400, data: { ok: false, message: "That did not work: unknown action." } });
    expect(await post({ intent: "handled", id: randomUUID() })).toMatchObject({ status: 404, data: { ok: false, message: "That message no longer exists." } });
    expect((await rowOf(message.id))?.status).toBe("open");
  });

  test("a body that is not a form post is refused with its reason", async () => {
    const answer = await callRoute<Answer>(action, { path: "/admin/messages", json: { intent: "handled", id: "x" }, cookie: operator.cookie });
    expect(answer.status).toBe(415);
    expect(answer.data).toEqual({ ok: false, message: "Send the body as application/x-www-form-urlencoded or multipart/form-data." });
  });

  test("a post from another site is refused before it reaches the inbox", async () => {
    const message = await addMessage();
    const answer = await callRoute(action, {
      path: "/admin/messages",
      form: { intent: "handled", id: message.id },
      cookie: operator.cookie,
      origin: "https://evil.example",
    });
    expect(answer.status).toBe(403);
    expect((await rowOf(message.id))?.status).toBe("open");
  });
});

describe("a reply", () => {
  test("reaches the sender with the message quoted, stays with the message, marks it handled and is audited", async () => {
    const message = await addMessage({ name: "Ravi", message: "Does it speak Tamil?" });
    const answer = await post({ intent: "reply", id: message.id, body: "Not yet, Ravi: Tamil is next on our list." });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ ok: true, message: `Reply sent to ${message.email}.` });
    const mail = await lastMail(message.email, "operator-reply");
    expect(mail.subject).toMatch(/^Re: your message to/);
    expect(mail.text).toContain("Not yet, Ravi: Tamil is next on our list.");
    expect(mail.text).toContain("> Does it speak Tamil?");
    expect(await rowOf(message.id)).toEqual({ status: "handled", handled_by: LISTED_OPERATOR });
    const view = (await callRoute<InboxData>(loader, { path: "/admin/messages?status=all&q=Tamil", cookie: operator.cookie })).data;
    expect(view.messages.find((m) => m.id === message.id)?.replies).toEqual([
      expect.objectContaining({ by: LISTED_OPERATOR, body: "Not yet, Ravi: Tamil is next on our list." }),
    ]);
    expect((await auditOf("message.replied")).filter((e) => e.target === `message ${message.id}`)).toEqual([
      expect.objectContaining({ actor_email: LISTED_OPERATOR, detail: expect.stringMatching(new RegExp(`^reply [0-9a-f-]{36} to ${message.email}$`)) }),
    ]);
  });

  test("to a message written on the Hindi page is written in Hindi", async () => {
    const message = await addMessage({ language: "hi" });
    await post({ intent: "reply", id: message.id, body: "Thank you." });
    expect((await lastMail(message.email, "operator-reply")).subject).toMatch(/[\u0900-\u097F]/);
  });

  test("empty, or too long, names the field and gives back what was typed; nothing is sent", async () => {
    const message = await addMessage();
    expect(await post({ intent: "reply", id: message.id, body: "  \n " })).toMatchObject({
      status: 400,
      data: { ok: false, message: "Reply: write something first", replyTo: message.id, field: "body", body: "  \n " },
    });
    const long = "x".repeat(5001);
    expect(await post({ intent: "reply", id: message.id, body: long })).toMatchObject({
      status: 400,
      data: { ok: false, message: "Reply: must be at most 5,000 characters", replyTo: message.id, field: "body", body: long },
    });
    expect(await mailsTo(message.email)).toEqual([]);
    expect((await rowOf(message.id))?.status).toBe("open");
  });

  test("is refused for a message whose address is not one address (a list a bot typed)", async () => {
    const message = await addMessage({ email: "a@example.com, b@example.com" });
    const answer = await post({ intent: "reply", id: message.id, body: "Hello" });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, message: "This message has no address to answer.", replyTo: message.id });
    expect(await mailsTo("a@example.com")).toEqual([]);
    expect(await mailsTo(message.email)).toEqual([]);
  });

  test("to a message that is gone is a 404", async () => {
    expect(await post({ intent: "reply", id: randomUUID(), body: "Hello" })).toMatchObject({
      status: 404,
      data: { ok: false, message: "That message no longer exists." },
    });
  });
});

describe("in bulk", () => {
  test("the selected messages handled, reopened, then deleted: one audit entry per message", async () => {
    const three = [await addMessage({ name: "Anu" }), await addMessage({ name: "Bela" }), await addMessage({ name: "Chitra" })];
    const select = (list: typeof three) => Object.fromEntries(list.map((m) => [`select.${m.id}`, "on"]));
    expect((await post({ intent: "bulk-handled", ...select(three.slice(1)) })).data).toEqual({ ok: true, message: "Marked 2 messages as handled." });
    expect((await post({ intent: "bulk-handled", ...select(three) })).data).toEqual({
      ok: true,
      message: "Marked 1 message as handled. 2 messages had changed already.",
    });
    expect((await post({ intent: "bulk-reopen", ...select(three) })).data).toEqual({ ok: true, message: "Reopened 3 messages." });
    expect((await post({ intent: "bulk-delete", ...select(three.slice(0, 2)) })).data).toEqual({ ok: true, message: "Deleted 2 messages." });
    expect(await rowOf(three[0]!.id)).toBeUndefined();
    expect(await rowOf(three[1]!.id)).toBeUndefined();
    expect(await rowOf(three[2]!.id)).toEqual({ status: "open", handled_by: null });
    const deleted = (await auditOf("message.deleted")).filter((e) => three.some((m) => e.target === `message ${m.id}`));
    expect(deleted.map((e) => e.target).sort()).toEqual([`message ${three[0]!.id}`, `message ${three[1]!.id}`].sort());
    expect(deleted.every((e) => e.detail === "contact" && e.actor_email === LISTED_OPERATOR)).toBe(true);
  });

  test("nothing selected is a 400; an unknown bulk action too", async () => {
    expect(await post({ intent: "bulk-handled" })).toMatchObject({ status: 400, data: { ok: false, message: "Select one or more messages first." } });
    const message = await addMessage();
    expect(await post({ intent: "bulk-archive", [`select.${message.id}`]: "on" })).toMatchObject({
      status: 400,
      data: { message: "That did not work: unknown action." },
    });
  });

  test("'all messages of this view' handles every message of the URL's filter, past the first page, at one moment", async () => {
    const { database } = await services();
    const key = `b-${randomUUID().slice(0, 8)}`;
    const now = new Date().toISOString();
    await database.db
      .insertInto("form")
      .values({ key, name: "Bulk", notify_email: "", enabled: 1, allowed_origins: "", built_in: 0, created_at: now, updated_at: now })
      .execute();
    const fifty = [];
    for (let i = 0; i < 50; i++) fifty.push(await addMessage({ kind: key, email: `bulk${i}-${key}@example.com` }));
    const other = await addMessage({ kind: "contact" });
    const answer = await post({ intent: "bulk-handled", scope: "view" }, `/admin/messages?form=${key}`);
    expect(answer.data).toEqual({ ok: true, message: "Marked 50 messages as handled." });
    const open = await database.db.selectFrom("form_message").select("id").where("kind", "=", key).where("status", "=", "open").execute();
    expect(open).toEqual([]);
    expect((await rowOf(other.id))?.status).toBe("open");
    const entries = (await auditOf("message.handled")).filter((e) => e.detail.startsWith(`${key} from`));
    expect(entries.map((e) => ({ actor: e.actor_email, target: e.target, detail: e.detail })).sort((a, b) => a.target.localeCompare(b.target))).toEqual(
      fifty
        .map((m) => ({ actor: LISTED_OPERATOR, target: `message ${m.id}`, detail: `${key} from ${m.email}` }))
        .sort((a, b) => a.target.localeCompare(b.target)),
    );
    expect(new Set(entries.map((e) => new Date(e.at as string | Date).toISOString())).size).toBe(1);
  });
});

test("a granted operator may act too, and is named as the one who did", async () => {
  const granted = await grantedOperator();
  const message = await addMessage({ name: "Di" });
  const answer = await callRoute(action, { path: "/admin/messages", form: { intent: "handled", id: message.id }, cookie: granted.cookie });
  expect(answer.status).toBe(200);
  expect(await rowOf(message.id)).toEqual({ status: "handled", handled_by: granted.email });
});

test("the inbox and its actions do not exist for anyone else; nothing changes", async () => {
  const message = await addMessage();
  await expectNotFoundForOutsiders((cookie) => callRoute(loader, { path: "/admin/messages", cookie }));
  await expectNotFoundForOutsiders((cookie) => callRoute(action, { path: "/admin/messages", form: { intent: "handled", id: message.id }, cookie }));
  await expectNotFoundForOutsiders((cookie) => callRoute(action, { path: "/admin/messages", form: { intent: "reply", id: message.id, body: "Hi" }, cookie }));
  expect(await rowOf(message.id)).toEqual({ status: "open", handled_by: null });
  expect(await mailsTo(message.email)).toEqual([]);
});
