/**
 * The API's and the pages' answers, on real services (SQLite, migrations,
 * the local outbox, the memory rate limiter).
 */
import { describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { RULES } from "~/infra/rate-limit/rules";
import { forms } from "~/shared/i18n/catalog/forms";
import { forms as hi } from "~/shared/i18n/hi/forms";
import { testServicesPerSuite } from "../../../tests/support/test-services";
import { HONEYPOT_FIELD } from "./form-schema";
import { handleFormApi as api, handleFormPageAction as page, type Sender } from "./form-handlers.server";
import { sendReply } from "./replies.server";
import { mail as hiMail } from "~/shared/i18n/hi/mail";

const services = testServicesPerSuite();
let ipCounter = 1;

/** A sender at a fresh address (so the rate limit is per test unless one is given). */
function contextFor(ip = `192.0.2.${ipCounter++}`): Sender {
  return { ip, userId: null };
}
const handleFormApi = (kind: string | undefined, request: Request, sender: Sender) => api(services(), kind, request, sender);
const handleFormPageAction = (kind: "feedback" | "contact", request: Request, sender: Sender, locale: "en" | "hi" = "en") =>
  page(services(), kind, request, sender, locale);

const json = (body: unknown) =>
  new Request("http://localhost:3000/api/forms/feedback", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("POST /api/forms/:kind (contract)", () => {
  it("200 {ok:true}, the row stored and the notification in the outbox", async () => {
    const res = await handleFormApi("contact", json({ name: "Asha", email: "asha@example.com", message: "handlers-200" }), contextFor());
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ ok: true });
    const { database } = await services();
    const row = await database.db.selectFrom("form_message").selectAll().where("message", "=", "handlers-200").executeTakeFirstOrThrow();
    expect(row.kind).toBe("contact");
    // The answer did not wait for the mail: the outbox's worker sends it.
    expect(row.notified_at).toBeNull();
    await services().outbox.runOnce();
    expect((await database.db.selectFrom("form_message").select("notified_at").where("id", "=", row.id).executeTakeFirstOrThrow()).notified_at).toBeTruthy();
    const mail = await database.db.selectFrom("dev_mailbox").selectAll().where("to_address", "=", site.contactEmail).executeTakeFirstOrThrow();
    expect(mail.subject).toBe(`[${site.productName}] New contact message from Asha`);
  });

  it("422 {errors} with the codes", async () => {
    const res = await handleFormApi("feedback", json({ name: "Asha", email: "nope", message: "" }), contextFor());
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      errors: [
        { field: "email", code: "TYPE_EMAIL", message: "Email: must be a valid email address" },
        { field: "message", code: "REQUIRED_FIELD_EMPTY", message: "Message: this field is required" },
      ],
    });
  });

  it("413 over 32 KB, 429 past the per-IP ceiling, 404 for another kind, 405 for GET", async () => {
    const big = await handleFormApi("feedback", json({ name: "A", email: "a@example.com", message: "x".repeat(40_000) }), contextFor());
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ success: false, message: "The submission is too large: the limit is 32 KB." });

    const context = contextFor();
    for (let i = 0; i < RULES.forms.ip.max; i++) expect((await handleFormApi("feedback", json({}), context)).status).toBe(422);
    const limited = await handleFormApi("feedback", json({}), context);
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { message: string }).message).toMatch(/^Too many attempts/);

    expect((await handleFormApi("newsletter", json({}), contextFor())).status).toBe(404);
    const get = await handleFormApi("feedback", new Request("http://localhost:3000/api/forms/feedback"), contextFor());
    expect(get.status).toBe(405);
  });

  it("200 for a filled honeypot, the message kept in the spam folder only", async () => {
    const res = await handleFormApi("feedback", json({ name: "Bot", email: "bot@example.com", message: "handlers-bot", [HONEYPOT_FIELD]: "x" }), contextFor());
    expect(res.status).toBe(200);
    const { database } = await services();
    expect(await database.db.selectFrom("form_message").select(["status", "spam_reason"]).where("message", "=", "handlers-bot").execute()).toEqual([
      { status: "spam", spam_reason: "honeypot" },
    ]);
  });
});

describe("the pages' action", () => {
  const multipart = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    return new Request("http://localhost:3000/feedback", { method: "POST", body: form });
  };

  it("answers 'sent', field errors with the typed values, or a failure with the reason", async () => {
    const sent = await handleFormPageAction(
      "feedback",
      multipart({ name: "Asha", email: "asha@example.com", message: "page-sent", [HONEYPOT_FIELD]: "" }),
      contextFor(),
    );
    expect(sent.data).toEqual({ status: "sent" });

    const invalid = await handleFormPageAction("feedback", multipart({ name: " ", email: "asha@example.com", message: "kept" }), contextFor());
    expect(invalid.init?.status).toBe(422);
    expect(invalid.data).toEqual({
      status: "invalid",
      values: { name: " ", email: "asha@example.com", message: "kept" },
      errors: [{ field: "name", code: "REQUIRED_FIELD_EMPTY", message: "Name: this field is required" }],
    });

    const context = contextFor();
    for (let i = 0; i < RULES.forms.ip.max; i++) await handleFormPageAction("contact", multipart({}), context);
    const limited = await handleFormPageAction("contact", multipart({ name: "Asha", email: "asha@example.com", message: "kept" }), context);
    expect(limited.init?.status).toBe(429);
    expect(limited.data).toMatchObject({ status: "failed", detail: expect.stringMatching(/^Too many attempts/), values: { message: "kept" } });
  });

  it("answers a Hindi page in Hindi, and keeps the message's language for the reply", async () => {
    const hindi = (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      return new Request("http://localhost:3000/hi/contact", { method: "POST", body: form });
    };
    const invalid = await handleFormPageAction("contact", hindi({ name: "आशा", email: "asha@", message: "kept" }), contextFor(), "hi");
    expect(invalid.data).toEqual({
      status: "invalid",
      values: { name: "आशा", email: "asha@", message: "kept" },
      errors: [{ field: "email", code: "TYPE_EMAIL", message: "ईमेल: सही ईमेल पता लिखें" }],
    });

    const sent = await handleFormPageAction("contact", hindi({ name: "आशा", email: "asha@example.com", message: "page-sent-hi" }), contextFor(), "hi");
    expect(sent.data).toEqual({ status: "sent" });
    const { database } = await services();
    const stored = await database.db.selectFrom("form_message").selectAll().where("message", "=", "page-sent-hi").executeTakeFirstOrThrow();
    expect(stored.language).toBe("hi");
    // An operator's reply goes in the language the message was written in.
    const reply = await sendReply({ db: database.db, outbox: services().outbox }, stored, { id: "op-1", email: "op@example.com" }, "धन्यवाद!");
    const replyMail = await database.db.selectFrom("mail_outbox").select("subject").where("id", "=", reply.mail_id).executeTakeFirstOrThrow();
    expect(replyMail.subject).toBe(hiMail.operatorReply.subjectMessage);
    await handleFormPageAction("feedback", multipart({ name: "Asha", email: "asha@example.com", message: "page-sent-en" }), contextFor());
    expect(await database.db.selectFrom("form_message").select("language").where("message", "=", "page-sent-en").executeTakeFirstOrThrow()).toEqual({
      language: "en",
    });

    const big = await handleFormPageAction("contact", hindi({ name: "आशा", email: "asha@example.com", message: "x".repeat(40_000) }), contextFor(), "hi");
    expect(big.data).toEqual({ status: "failed", detail: hi.tooLarge });

    const context = contextFor();
    for (let i = 0; i < RULES.forms.ip.max; i++) await handleFormPageAction("contact", hindi({}), context, "hi");
    const limited = await handleFormPageAction("contact", hindi({ name: "आशा", email: "asha@example.com", message: "kept" }), context, "hi");
    expect(limited.data).toMatchObject({ status: "failed", detail: expect.stringMatching(/^बहुत ज़्यादा कोशिशें हो गईं। कृपया \d+ (सेकंड|मिनट) रुककर/) });
  });

  it("the catalog's English is the API's, word for word", () => {
    // Past the day's ceiling: not "too many attempts", since this sender made one.
    expect(forms.dayFull).toBe("This form has received too many messages today. Please try again tomorrow, or write to us by email.");
    expect(forms.tooLarge).toBe("The submission is too large: the limit is 32 KB.");
  });
});
