import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import { services } from "~/services.server";
import { callRoute } from "../../tests/routes/route-kit";
import { auditOf, expectNotFoundForOutsiders, listedOperator, type Signed } from "../../tests/routes/operator-kit";
import { LISTED_OPERATOR } from "../../tests/routes/setup";
import { action, loader } from "./admin.forms";
import { action as formspreeAction } from "./f.form";

interface FormsData {
  forms: Array<{ key: string; name: string; enabled: boolean; builtIn: boolean; allowedOrigins: string[]; webhookUrl: string; webhookSecret: string }>;
  deliveries: Record<string, Array<{ id: string; messageId: string; status: string; attempts: number }>>;
  origin: string;
}
type Answer = { ok: boolean; key: string; message?: string; created?: boolean; errors?: string[]; fieldErrors?: Record<string, string>; about?: string };

let operator: Signed;
beforeAll(async () => {
  // The webhook worker is not running here (services.server.ts): a delivery is a row. Sending, signing
  // and retrying it are the queue's unit tests' (app/infra/webhooks/webhook-queue.server.test.ts).
  operator = await listedOperator();
});

const newKey = () => `t-${randomUUID().slice(0, 8)}`;
const post = (form: Record<string, string>) => callRoute<Answer>(action, { path: "/admin/forms", form, cookie: operator.cookie });
const create = (key: string, extra: Record<string, string> = {}) =>
  post({ intent: "create", key, name: "Beta waitlist", notifyEmail: "", allowedOrigins: "", ...extra });
const forms = async () => (await callRoute<FormsData>(loader, { path: "/admin/forms", cookie: operator.cookie })).data;
const formOf = async (key: string) => (await forms()).forms.find((f) => f.key === key);

test("lists the built-in forms first, with the site's origin for the form's address", async () => {
  const data = await forms();
  expect(data.forms.slice(0, 2).map((f) => [f.key, f.builtIn])).toEqual([
    ["contact", true],
    ["feedback", true],
  ]);
  expect(data.origin).toBe("http://localhost:3000");
  expect(data.deliveries.contact).toEqual([]);
});

describe("a new form", () => {
  test("is created, switched on and audited with what it is", async () => {
    const key = newKey();
    const answer = await create(key, { enabled: "on", notifyEmail: "Notify@Example.com", allowedOrigins: "https://partner.example" });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ ok: true, key, created: true, message: `Created the form "Beta waitlist". It takes posts at /f/${key}.` });
    expect(await formOf(key)).toMatchObject({
      name: "Beta waitlist",
      enabled: true,
      builtIn: false,
      allowedOrigins: ["https://partner.example"],
      webhookUrl: "",
      webhookSecret: "",
    });
    expect((await auditOf("form.created")).filter((e) => e.target === `form ${key}`)).toEqual([
      expect.objectContaining({
        actor_email: LISTED_OPERATOR,
        detail:
          'name "Beta waitlist", enabled, notify notify@example.com, origins https://partner.example, fields name text required; email email required; message text required, autoresponder off, webhook none',
      }),
    ]);
  });

  test("empty: the key and the name are required, each in its field's slot", async () => {
    const answer = await post({ intent: "create", key: "", name: "" });
    expect(answer.status).toBe(422);
    expect(answer.data).toEqual({ ok: false, key: "", errors: [], fieldErrors: { key: "Key: this field is required", name: "Name: this field is required" } });
  });

  test("malformed: the key, the notification address and an origin are named", async () => {
    const answer = await post({
      intent: "create",
      key: "Not a key!",
      name: "Beta",
      notifyEmail: "ops at example",
      allowedOrigins: "https://partner.example\nftp://files.example",
    });
    expect(answer.status).toBe(422);
    expect(answer.data.fieldErrors).toEqual({
      key: "Key: 2 to 40 characters, a–z, 0–9 and hyphens, starting with a letter or digit",
      notifyEmail: "Notification address: must be a valid email address, or empty for the company's",
      allowedOrigins: 'Allowed origins: "ftp://files.example" is not an origin like https://example.com',
    });
  });

  test("the key of the built-in contact form is taken: said in the key's slot", async () => {
    const answer = await create("contact", { name: "Another contact" });
    expect(answer.status).toBe(422);
    expect(answer.data).toEqual({ ok: false, key: "", errors: [], fieldErrors: { key: 'A form with the key "contact" exists already.' } });
    expect((await formOf("contact"))?.name).not.toBe("Another contact");
  });

  test("a webhook address must be http(s) and carry no password", async () => {
    expect((await create(newKey(), { webhookUrl: "ftp://example.com/x" })).data.fieldErrors).toEqual({
      webhookUrl: "Webhook: the address must start with https:// (or http://)",
    });
    expect((await create(newKey(), { webhookUrl: "https://user:secret@example.com/x" })).data.fieldErrors).toEqual({
      webhookUrl: "Webhook: no user name or password in the address (the signature proves the sender)",
    });
    expect((await create(newKey(), { webhookUrl: "not a url" })).data.fieldErrors).toEqual({
      webhookUrl: "Webhook: an address like https://example.com/hooks/tuesday",
    });
  });

  test("the autoresponder needs a subject and a text; the fields' rules must parse", async () => {
    expect((await create(newKey(), { autoreplySubject: "Thanks" })).data.fieldErrors).toEqual({
      autoreplyBody: "Autoresponder: give both a subject and a text, or neither",
    });
    expect((await create(newKey(), { fieldRules: "name text required\nseats money" })).data.fieldErrors).toEqual({
      fieldRules: 'Fields: "seats money": the type is text, email or number',
    });
  });

  test("with a webhook: a signing secret is made for it", async () => {
    const key = newKey();
    expect((await create(key, { webhookUrl: "https://hooks.example.invalid/tuesday" })).status).toBe(200);
    expect((await formOf(key))?.webhookSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  });
});

describe("a form changed", () => {
  test("switched off and renamed: saved and audited", async () => {
    const key = newKey();
    await create(key, { enabled: "on" });
    const answer = await post({ intent: "update", key, name: "Beta list", notifyEmail: "", allowedOrigins: "" });
    expect(answer.data).toEqual({ ok: true, key, created: false, message: 'Saved the form "Beta list".' });
    expect(await formOf(key)).toMatchObject({ name: "Beta list", enabled: false });
    expect((await auditOf("form.updated")).filter((e) => e.target === `form ${key}`)).toEqual([
      expect.objectContaining({ actor_email: LISTED_OPERATOR, detail: expect.stringMatching(/^name "Beta list", disabled,/) }),
    ]);
  });

  test("a built-in form stays switched on (its page posts to it)", async () => {
    await post({ intent: "update", key: "feedback", name: "Feedback", notifyEmail: "", allowedOrigins: "" });
    expect(await formOf("feedback")).toMatchObject({ name: "Feedback", enabled: true });
  });

  test("a form that does not exist, or a check that fails, is said", async () => {
    expect(await post({ intent: "update", key: "no-such-form", name: "X" })).toMatchObject({
      status: 422,
      data: { ok: false, key: "no-such-form", errors: ["There is no such form."] },
    });
    expect((await post({ intent: "update", key: "contact", name: "" })).data).toEqual({
      ok: false,
      key: "contact",
      errors: [],
      fieldErrors: { name: "Name: this field is required" },
    });
  });

  test("an unknown action is refused", async () => {
    expect(await post({ intent: "drop", key: "contact" })).toMatchObject({ status: 422, data: { ok: false, errors: ["That did not work: unknown action."] } });
    expect(await post({ intent: "poke", key: "contact", delivery: "x" })).toMatchObject({ status: 422, data: { ok: false } });
  });
});

describe("a form's webhook", () => {
  async function hookedForm() {
    const key = newKey();
    await create(key, { enabled: "on", webhookUrl: "https://hooks.example.invalid/tuesday" });
    return key;
  }

  test("a message to the form queues a delivery of the event, shown on the forms page", async () => {
    const key = await hookedForm();
    const sent = await callRoute(formspreeAction, {
      path: `/f/${key}`,
      params: { form: key },
      json: { name: "Hana", email: "hana@example.com", message: "Ping", plan: "team" },
      headers: { accept: "application/json" },
      ip: "10.40.0.1",
    });
    expect(sent.status).toBe(200);
    const { database } = await services();
    const rows = await database.db.selectFrom("webhook_delivery").selectAll().where("form_key", "=", key).execute();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({ url: "https://hooks.example.invalid/tuesday", event: "form.submission", status: "pending", attempts: 0 });
    expect(JSON.parse(row.body)).toMatchObject({
      id: row.id,
      event: "form.submission",
      data: { form: key, message: { name: "Hana", email: "hana@example.com", fields: { plan: "team" } } },
    });
    expect((await forms()).deliveries[key]).toEqual([expect.objectContaining({ id: row.id, messageId: row.message_id, status: "pending", attempts: 0 })]);
  });

  test("redelivered on demand, audited; an unknown delivery is said", async () => {
    const key = await hookedForm();
    await callRoute(formspreeAction, {
      path: `/f/${key}`,
      params: { form: key },
      json: { name: "Io", email: "io@example.com", message: "Ping" },
      headers: { accept: "application/json" },
      ip: "10.40.0.2",
    });
    const { database } = await services();
    const delivery = await database.db.selectFrom("webhook_delivery").select(["id", "message_id"]).where("form_key", "=", key).executeTakeFirstOrThrow();
    await database.db.updateTable("webhook_delivery").set({ status: "failed", attempts: 9 }).where("id", "=", delivery.id).execute();
    const answer = await post({ intent: "redeliver", key, delivery: delivery.id });
    expect(answer.data).toEqual({
      ok: true,
      key,
      created: false,
      message: "Redelivering now: its state below changes when the receiver answers.",
      about: "webhook",
    });
    expect((await database.db.selectFrom("webhook_delivery").select("status").where("id", "=", delivery.id).executeTakeFirstOrThrow()).status).toBe("pending");
    expect((await auditOf("webhook.redelivered")).filter((e) => e.target === `form ${key}`)).toEqual([
      expect.objectContaining({ detail: `delivery ${delivery.id} of message ${delivery.message_id}` }),
    ]);
    expect(await post({ intent: "redeliver", key, delivery: "nope" })).toMatchObject({
      status: 422,
      data: { ok: false, errors: ["That delivery does not exist."], about: "webhook" },
    });
    expect((await post({ intent: "redeliver", key, delivery: randomUUID() })).data.errors).toEqual([
      "That delivery does not exist, or is being sent right now.",
    ]);
  });

  test("a new signing secret replaces the old one, audited; a form without a webhook has none to replace", async () => {
    const key = await hookedForm();
    const before = (await formOf(key))!.webhookSecret;
    const answer = await post({ intent: "rotate-secret", key });
    expect(answer.data).toEqual({
      ok: true,
      key,
      created: false,
      message: "A new signing secret is in use: give it to the receiver; the old one no longer signs.",
      about: "webhook",
    });
    const after = (await formOf(key))!.webhookSecret;
    expect(after).toMatch(/^whsec_/);
    expect(after).not.toBe(before);
    expect((await auditOf("webhook.secret-rotated")).map((e) => e.target)).toContain(`form ${key}`);
    expect(await post({ intent: "rotate-secret", key: "contact" })).toMatchObject({ status: 422, data: { ok: false, errors: ["This form has no webhook."] } });
  });
});

test("the forms page and its actions do not exist for anyone else; the form they would create does not", async () => {
  await expectNotFoundForOutsiders((cookie) => callRoute(loader, { path: "/admin/forms", cookie }));
  await expectNotFoundForOutsiders((cookie) =>
    callRoute(action, { path: "/admin/forms", form: { intent: "create", key: "evil", name: "Evil", notifyEmail: "", allowedOrigins: "" }, cookie }),
  );
  expect(await formOf("evil")).toBeUndefined();
});
