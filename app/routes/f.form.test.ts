/**
 * POST /f/:form: the form service in Formspree's protocol (formspree.server.ts),
 * as @formspree/core posts to it: JSON or a form post, the origin judged per
 * form (CORS for the sites a form allows), `_gotcha`, `_replyto`, the form's
 * own rules and autoresponder, and the 4xx words of every refusal.
 */
import { describe, expect, test } from "vitest";
import { site } from "~/config/site";
import { formInput, saveForm } from "~/features/forms/form-registry.server";
import { RULES } from "~/infra/rate-limit/rules";
import { services } from "~/services.server";
import { callRoute, mailsTo, signIn, type RouteCall } from "../../tests/routes/route-kit";
import { action, loader } from "./f.form";

let lastIp = 0;
/** A client address of its own: the forms' rate limit counts per address. */
const freshIp = () => `10.20.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;

const PARTNER = "https://partner.example";

/** A form of the form service, as an operator creates it in the console. */
async function makeForm(
  key: string,
  options: Partial<{ enabled: boolean; allowedOrigins: string; fieldRules: string; autoreplySubject: string; autoreplyBody: string }> = {},
) {
  const { database } = await services();
  const input = formInput.parse({
    key,
    name: `Form ${key}`,
    notifyEmail: "",
    enabled: options.enabled ?? true,
    allowedOrigins: options.allowedOrigins ?? "",
    fieldRules: options.fieldRules ?? "",
    webhookUrl: "",
    autoreplySubject: options.autoreplySubject ?? "",
    autoreplyBody: options.autoreplyBody ?? "",
  });
  expect(await saveForm(database.db, input, "create")).toEqual({ ok: true, created: true });
}

function post(key: string, call: Omit<RouteCall, "path">) {
  return callRoute<{ ok?: true; next?: string; errors?: Array<{ field?: string; code?: string; message: string }> }>(action, {
    path: `/f/${key}`,
    params: { form: key },
    ip: freshIp(),
    ...call,
  });
}

async function messageRow(message: string) {
  const { database } = await services();
  return database.db.selectFrom("form_message").selectAll().where("message", "=", message).executeTakeFirst();
}

const fields = (message: string) => ({ name: "Ada Lovelace", email: "ada@example.com", message });

describe("the built-in forms", () => {
  test("a JSON post is stored and answered ok with the thanks page as next", async () => {
    const answer = await post("contact", { json: fields("formspree json") });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ ok: true, next: "http://localhost:3000/f/contact/thanks" });
    expect(answer.headers.get("cache-control")).toContain("no-store");
    expect(await messageRow("formspree json")).toMatchObject({ kind: "contact", name: "Ada Lovelace", status: "open" });
  });

  test("a plain form post is taken the same way, and the company is mailed", async () => {
    const answer = await post("feedback", { form: { ...fields("formspree urlencoded"), name: "Grace Hopper" } });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ ok: true });
    const mail = (await mailsTo(site.contactEmail)).find((m) => m.subject === `[${site.productName}] New feedback from Grace Hopper`);
    expect(mail?.text).toContain("formspree urlencoded");
  });

  test("invalid fields are a 422 with Formspree's codes", async () => {
    const answer = await post("contact", { json: { email: "x" } });
    expect(answer.status).toBe(422);
    expect(answer.data.errors).toEqual([
      { field: "name", code: "REQUIRED_FIELD_MISSING", message: "Name: this field is required" },
      { field: "email", code: "TYPE_EMAIL", message: "Email: must be a valid email address" },
      { field: "message", code: "REQUIRED_FIELD_MISSING", message: "Message: this field is required" },
    ]);
  });

  test("a filled _gotcha is told ok, kept as spam and mailed to nobody", async () => {
    const answer = await post("contact", { json: { ...fields("formspree gotcha"), name: "Gotcha Bot", _gotcha: "https://spam.example" } });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ ok: true });
    expect(await messageRow("formspree gotcha")).toMatchObject({ status: "spam", spam_reason: "honeypot", notified_at: null });
    expect((await mailsTo(site.contactEmail)).filter((m) => m.subject.includes("Gotcha Bot"))).toEqual([]);
  });

  test("a body over 32 KB is a 413", async () => {
    const answer = await post("contact", { json: fields("x".repeat(33 * 1024)) });
    expect(answer.status).toBe(413);
    expect(answer.data.errors).toEqual([{ message: "The submission is too large: the limit is 32 KB." }]);
  });

  test("a body that is not JSON is an EMPTY 400", async () => {
    const answer = await post("contact", { body: "{not json", headers: { "content-type": "application/json" } });
    expect(answer.status).toBe(400);
    expect(answer.data.errors).toEqual([{ code: "EMPTY", message: expect.any(String) }]);
  });

  test("an Idempotency-Key: a retry is answered again and stored once; a malformed or reused key is a 400", async () => {
    const key = { "idempotency-key": "formspree-retry-0001" };
    const ip = freshIp();
    for (let i = 0; i < 2; i++) expect((await post("feedback", { json: fields("formspree keyed"), headers: key, ip })).status).toBe(200);
    const { database } = await services();
    expect(await database.db.selectFrom("form_message").select("id").where("message", "=", "formspree keyed").execute()).toHaveLength(1);

    const reused = await post("feedback", { json: fields("formspree keyed, other text"), headers: key, ip });
    expect(reused.status).toBe(400);
    expect(reused.data.errors).toEqual([{ code: "IDEMPOTENCY_KEY", message: "This Idempotency-Key was already used for a different request." }]);
    const malformed = await post("contact", { json: fields("formspree bad key"), headers: { "idempotency-key": "bad key with spaces" } });
    expect(malformed.status).toBe(400);
    expect(malformed.data.errors).toEqual([{ code: "IDEMPOTENCY_KEY", message: "Idempotency-Key must be 8 to 255 printable characters." }]);
  });

  test(`past ${RULES.forms.ip.max} posts from one address within ten minutes: 429 with Retry-After`, async () => {
    const ip = freshIp();
    for (let i = 0; i < RULES.forms.ip.max; i++) expect((await post("contact", { json: {}, ip })).status).toBe(422);
    const over = await post("contact", { json: fields("formspree over the limit"), ip });
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(over.data.errors).toEqual([{ message: expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes and try again\.$/) }]);
  });
});

describe("forms and origins", () => {
  test("an unknown form (or a key that cannot be one) is a 404 FORM_NOT_FOUND", async () => {
    for (const key of ["no-such-form", "Not A Key!"]) {
      const answer = await post(key, { json: fields("nowhere") });
      expect(answer.status).toBe(404);
      expect(answer.data.errors).toEqual([{ code: "FORM_NOT_FOUND", message: "Form not found" }]);
    }
  });

  test("a browser on a site the form does not allow is refused BLOCKED, and told nothing through CORS", async () => {
    for (const refused of [{ origin: "https://elsewhere.example" }, { origin: "null" }, { origin: null, headers: { "sec-fetch-site": "cross-site" } }]) {
      const answer = await post("contact", { json: fields("formspree blocked"), ...refused });
      expect(answer.status, JSON.stringify(refused)).toBe(403);
      expect(answer.data.errors).toEqual([{ code: "BLOCKED", message: "This form does not accept submissions from this site." }]);
      expect(answer.headers.get("access-control-allow-origin")).toBeNull();
    }
    expect(await messageRow("formspree blocked")).toBeUndefined();
  });

  test("a client that is not a browser (no Origin) may post", async () => {
    const answer = await post("contact", { json: fields("formspree no origin"), origin: null });
    expect(answer.status).toBe(200);
  });

  test("a site the form allows posts with CORS headers for it, and its cookies do not sign the message", async () => {
    await makeForm("partner-signup", { allowedOrigins: PARTNER });
    const member = await signIn();
    const answer = await post("partner-signup", { json: fields("from the partner site"), origin: PARTNER, cookie: member.cookie });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ ok: true, next: "http://localhost:3000/f/partner-signup/thanks" });
    expect(answer.headers.get("access-control-allow-origin")).toBe(PARTNER);
    expect(answer.headers.get("vary")).toBe("Origin");
    expect(await messageRow("from the partner site")).toMatchObject({ kind: "partner-signup", user_id: null });
    // Its field errors are readable there too.
    const invalid = await post("partner-signup", { json: {}, origin: PARTNER });
    expect(invalid.status).toBe(422);
    expect(invalid.headers.get("access-control-allow-origin")).toBe(PARTNER);
  });

  test("from our own pages a signed-in sender's message is theirs", async () => {
    const member = await signIn();
    const answer = await post("contact", { json: { ...fields("own site, signed in"), email: member.email }, cookie: member.cookie });
    expect(answer.status).toBe(200);
    expect(await messageRow("own site, signed in")).toMatchObject({ user_id: member.id });
  });

  test("a form switched off is a 403 INACTIVE", async () => {
    await makeForm("paused-form", { enabled: false });
    const answer = await post("paused-form", { json: fields("to a paused form") });
    expect(answer.status).toBe(403);
    expect(answer.data.errors).toEqual([{ code: "INACTIVE", message: "This form is not accepting submissions." }]);
  });
});

describe("a form with its own fields", () => {
  test("its rules decide: a required field missing, a number that is not one", async () => {
    await makeForm("beta-signup", { fieldRules: "company text required\nseats number" });
    const answer = await post("beta-signup", { json: { seats: "many", _replyto: "ada@example.com" } });
    expect(answer.status).toBe(422);
    expect(answer.data.errors).toEqual([
      { field: "company", code: "REQUIRED_FIELD_MISSING", message: expect.stringMatching(/this field is required$/) },
      { field: "seats", code: "TYPE_NUMERIC", message: expect.stringMatching(/must be a number$/) },
    ]);
  });

  test("any fields are kept, _replyto is the sender's address, and the autoresponder writes to it", async () => {
    await makeForm("event-rsvp", { autoreplySubject: "See you there", autoreplyBody: "Thank you for your reply.\n\nThe team" });
    const sender = "guest-rsvp@example.com";
    const answer = await post("event-rsvp", { form: { guests: "2", diet: "vegetarian", _replyto: sender } });
    expect(answer.status).toBe(200);
    const { database } = await services();
    const row = await database.db.selectFrom("form_message").selectAll().where("kind", "=", "event-rsvp").executeTakeFirstOrThrow();
    expect(row.email).toBe(sender);
    expect(JSON.parse(row.fields)).toEqual({ guests: "2", diet: "vegetarian" });
    const mails = await mailsTo(sender);
    expect(mails.map((m) => [m.kind, m.subject])).toEqual([["form-autoreply", "See you there"]]);
    expect(mails[0]!.text).toContain("Thank you for your reply.");
  });

  test("an empty post to it is an EMPTY 422", async () => {
    await makeForm("empty-check");
    const answer = await post("empty-check", { json: {} });
    expect(answer.status).toBe(422);
    expect(answer.data.errors).toEqual([{ code: "EMPTY", message: "The submission is empty: send at least one field." }]);
  });
});

test("anything but a POST is a 405 that names POST and OPTIONS", async () => {
  const answer = await callRoute<{ success: boolean; message: string }>(loader, { path: "/f/contact", params: { form: "contact" } });
  expect(answer.status).toBe(405);
  expect(answer.headers.get("allow")).toBe("POST, OPTIONS");
  expect(answer.data).toEqual({ success: false, message: "Use POST." });
});
