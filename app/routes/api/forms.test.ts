/**
 * POST /api/forms/:kind (contract): feedback and contact as JSON, urlencoded
 * or multipart; the form service's codes on 422; 413, 429, 404, 405 and a
 * foreign origin's 403; the honeypot's spam folder; the company's mail.
 */
import { describe, expect, test } from "vitest";
import { site } from "~/config/site";
import { RULES } from "~/infra/rate-limit/rules";
import { services } from "~/services.server";
import { callRoute, mailsTo, signIn, type RouteCall } from "../../../tests/routes/route-kit";
import { action, loader } from "./forms";

let lastIp = 0;
/** A client address of its own: the forms' rate limit counts per address. */
const freshIp = () => `10.30.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;

type Answer = { ok?: true; success?: false; message?: string; errors?: Array<{ field?: string; code: string; message: string }> };

function post(kind: string, call: Omit<RouteCall, "path">) {
  return callRoute<Answer>(action, { path: `/api/forms/${kind}`, params: { kind }, ip: freshIp(), ...call });
}

/** A multipart body as a browser's FormData sends it. */
async function multipart(fields: Record<string, string>): Promise<Pick<RouteCall, "body" | "headers">> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return { body: await request.text(), headers: { "content-type": request.headers.get("content-type")! } };
}

async function messageRow(message: string) {
  const { database } = await services();
  return database.db.selectFrom("form_message").selectAll().where("message", "=", message).executeTakeFirst();
}

describe("a valid message", () => {
  test("is taken as JSON, urlencoded and multipart, and answered {ok: true}", async () => {
    const bodies: Array<[string, Omit<RouteCall, "path">]> = [
      ["Json", { json: { name: "Json", email: "json@example.com", message: "api json" } }],
      ["Form", { form: { name: "Form", email: "form@example.com", message: "api urlencoded" } }],
      ["Multi", await multipart({ name: "Multi", email: "multi@example.com", message: "api multipart" }).then((m) => ({ ...m, method: "POST" }))],
    ];
    for (const [name, body] of bodies) {
      const answer = await post("feedback", body);
      expect(answer.status, name).toBe(200);
      expect(answer.data).toEqual({ ok: true });
    }
    expect(await messageRow("api json")).toMatchObject({ kind: "feedback", name: "Json" });
    expect(await messageRow("api urlencoded")).toMatchObject({ kind: "feedback", name: "Form" });
    expect(await messageRow("api multipart")).toMatchObject({ kind: "feedback", name: "Multi" });
  });

  test("is stored with a hash of the address (never the address) and the user agent, and mailed to the company", async () => {
    const ip = "203.0.113.77";
    const answer = await post("contact", {
      json: { name: "Asha Rao", email: "asha@example.com", message: "Hello from Asha.\nThe second line." },
      ip,
      headers: { "user-agent": "Mozilla/5.0 Chrome/130.0" },
    });
    expect(answer.status).toBe(200);
    const row = await messageRow("Hello from Asha.\nThe second line.");
    expect(row).toMatchObject({ kind: "contact", name: "Asha Rao", email: "asha@example.com", user_id: null, user_agent: "Mozilla/5.0 Chrome/130.0" });
    expect(row!.ip_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(ip);
    // Other files' messages reach the same inbox (one database per worker): this one is the mail with its words.
    const mail = (await mailsTo(site.contactEmail)).find((m) => m.text.includes("Hello from Asha."));
    expect(mail?.subject).toBe(`[${site.productName}] New contact message from Asha Rao`);
    expect(mail?.kind).toBe("form-notification");
    expect(mail?.text).toContain("asha@example.com");
  });

  test("from a signed-in sender is linked to their record", async () => {
    const member = await signIn();
    const answer = await post("feedback", { json: { name: member.name, email: member.email, message: "member feedback via api" }, cookie: member.cookie });
    expect(answer.status).toBe(200);
    expect(await messageRow("member feedback via api")).toMatchObject({ user_id: member.id });
  });

  test("of exactly 5,000 characters is taken", async () => {
    const message = "api exactly ".padEnd(5000, "y");
    const answer = await post("feedback", { json: { name: "Asha", email: "asha@example.com", message } });
    expect(answer.status).toBe(200);
    expect(await messageRow(message)).toBeTruthy();
  });
});

describe("field errors (422, the form service's codes)", () => {
  async function errorsOf(kind: string, call: Omit<RouteCall, "path">) {
    const answer = await post(kind, call);
    expect(answer.status).toBe(422);
    return answer.data;
  }

  test("an empty body names the form-level EMPTY and each missing field", async () => {
    expect(await errorsOf("contact", { json: {} })).toEqual({
      errors: [
        { code: "EMPTY", message: "The submission is empty: send name, email and message." },
        { field: "name", code: "REQUIRED_FIELD_MISSING", message: "Name: this field is required" },
        { field: "email", code: "REQUIRED_FIELD_MISSING", message: "Email: this field is required" },
        { field: "message", code: "REQUIRED_FIELD_MISSING", message: "Message: this field is required" },
      ],
    });
  });

  test("blank fields are REQUIRED_FIELD_EMPTY and a malformed address TYPE_EMAIL", async () => {
    expect(await errorsOf("feedback", { json: { name: " ", email: "asha@", message: "\n" } })).toEqual({
      errors: [
        { field: "name", code: "REQUIRED_FIELD_EMPTY", message: "Name: this field is required" },
        { field: "email", code: "TYPE_EMAIL", message: "Email: must be a valid email address" },
        { field: "message", code: "REQUIRED_FIELD_EMPTY", message: "Message: this field is required" },
      ],
    });
  });

  test("a value that is not text is TYPE_TEXT; a missing field of a form post is REQUIRED_FIELD_MISSING", async () => {
    expect(await errorsOf("contact", { json: { name: 7, email: "asha@example.com", message: "hi" } })).toEqual({
      errors: [{ field: "name", code: "TYPE_TEXT", message: "Name: must be text" }],
    });
    expect(await errorsOf("contact", { form: { email: "asha@example.com", message: "hi" } })).toEqual({
      errors: [{ field: "name", code: "REQUIRED_FIELD_MISSING", message: "Name: this field is required" }],
    });
  });

  test("a message over 5,000 characters is FIELD_TOO_LONG, with its length", async () => {
    expect(await errorsOf("feedback", { json: { name: "Asha", email: "asha@example.com", message: "x".repeat(5001) } })).toEqual({
      errors: [{ field: "message", code: "FIELD_TOO_LONG", message: "Message: must be at most 5,000 characters (this one has 5,001)" }],
    });
  });

  test("nothing invalid is stored", async () => {
    await post("contact", { json: { name: "Asha", email: "not-an-email-api", message: "invalid, not kept" } });
    expect(await messageRow("invalid, not kept")).toBeUndefined();
  });
});

describe("refusals", () => {
  test("a body over 32 KB is a 413", async () => {
    const answer = await post("contact", { json: { name: "Asha", email: "asha@example.com", message: "x".repeat(33 * 1024) } });
    expect(answer.status).toBe(413);
    expect(answer.data).toEqual({ success: false, message: "The submission is too large: the limit is 32 KB." });
  });

  test("a body that cannot be read is a 4xx with the contract's error shape", async () => {
    const badJson = await post("contact", { body: "{oops", headers: { "content-type": "application/json" } });
    expect(badJson.status).toBe(400);
    expect(badJson.data).toEqual({ success: false, message: expect.any(String) });
    const xml = await post("contact", { body: "<x/>", headers: { "content-type": "application/xml" } });
    expect(xml.status).toBe(415);
    expect(xml.data).toEqual({ success: false, message: expect.any(String) });
  });

  test("a filled honeypot is answered like a success, kept in the spam folder only, and mailed to nobody", async () => {
    const answer = await post("feedback", {
      json: { name: "Pill Bot", email: "bot@example.com", message: "Cheap pills via api", subject_line: "https://spam.example" },
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ ok: true });
    expect(await messageRow("Cheap pills via api")).toMatchObject({ status: "spam", spam_reason: "honeypot", notified_at: null });
    expect((await mailsTo(site.contactEmail)).filter((m) => m.subject.includes("Pill Bot"))).toEqual([]);
  });

  test("past the per-address flood ceiling: 429 with Retry-After; both forms share it; another address has its own", async () => {
    const ip = freshIp();
    for (let i = 0; i < RULES.forms.ip.max; i++) expect((await post("contact", { json: {}, ip })).status).toBe(422);
    const over = await post("contact", { json: { name: "A", email: "a@example.com", message: "over the ceiling" }, ip });
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(over.data).toEqual({ success: false, message: expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes and try again\.$/) });
    // Kept for an operator, in the spam folder (a person over the limit is not lost).
    expect(await messageRow("over the ceiling")).toMatchObject({ status: "spam", spam_reason: "rate limit" });
    expect((await post("feedback", { json: {}, ip })).status).toBe(429);
    expect((await post("feedback", { json: {} })).status).toBe(422);
  });

  test("an Idempotency-Key: a retry is answered again and stored once; a malformed key is a 400", async () => {
    const headers = { "idempotency-key": "api-forms-retry-0001" };
    const body = { name: "Asha", email: "asha@example.com", message: "keyed api message" };
    expect((await post("feedback", { json: body, headers })).data).toEqual({ ok: true });
    expect((await post("feedback", { json: body, headers })).data).toEqual({ ok: true });
    const { database } = await services();
    expect(await database.db.selectFrom("form_message").select("id").where("message", "=", "keyed api message").execute()).toHaveLength(1);
    const bad = await post("feedback", { json: body, headers: { "idempotency-key": "short" } });
    expect(bad.status).toBe(400);
    expect(bad.data).toEqual({ success: false, message: "Idempotency-Key must be 8 to 255 printable characters." });
  });

  test("another kind is a JSON 404, to a post and to a GET", async () => {
    const other = await post("newsletter", { json: { name: "A", email: "a@example.com", message: "m" } });
    expect(other.status).toBe(404);
    expect(other.data).toEqual({ success: false, message: "Not found." });
    const get = await callRoute(loader, { path: "/api/forms/newsletter", params: { kind: "newsletter" } });
    expect(get.status).toBe(404);
  });

  test("a GET of a form is a 405 that names POST", async () => {
    const get = await callRoute(loader, { path: "/api/forms/feedback", params: { kind: "feedback" } });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect(get.data).toEqual({ success: false, message: "Use POST." });
  });

  test("a post from another site is refused", async () => {
    const foreign = await post("feedback", { json: { name: "A", email: "a@example.com", message: "from evil" }, origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(foreign.data).toEqual({ success: false, message: "Cross-origin request refused." });
    expect(await messageRow("from evil")).toBeUndefined();
  });
});
