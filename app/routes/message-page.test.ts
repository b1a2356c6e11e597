import { describe, expect, test } from "vitest";
import { site } from "~/config/site";
import { RULES } from "~/infra/rate-limit/rules";
import { services } from "~/services.server";
import { callRoute, mailsTo, signIn } from "../../tests/routes/route-kit";
import { action, loader } from "./message-page";

/** The answer's error words by field name. */
function messagesByField(data: unknown): Record<string, string> {
  const errors = (data as { errors: Array<{ field: string; message: string }> }).errors;
  return Object.fromEntries(errors.map((e) => [e.field, e.message]));
}

const valid = { name: "Asha Rao", email: "asha@example.com", message: "The pricing page is clear." };

describe.each(["feedback", "contact"] as const)("/%s", (kind) => {
  test("a valid post is stored and answered sent", async () => {
    const answer = await callRoute(action, { path: `/${kind}`, form: valid });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ status: "sent" });
  });

  test("an empty post names every required field in English", async () => {
    const answer = await callRoute(action, { path: `/${kind}`, form: { name: "", email: "", message: "" } });
    expect(answer.status).toBe(422);
    expect(answer.data).toMatchObject({ status: "invalid" });
    expect(messagesByField(answer.data)).toEqual({
      name: "Name: this field is required",
      email: "Email: this field is required",
      message: "Message: this field is required",
    });
  });

  test("a malformed address keeps what was typed", async () => {
    const answer = await callRoute(action, { path: `/${kind}`, form: { ...valid, email: "asha at example" } });
    expect(answer.status).toBe(422);
    expect(messagesByField(answer.data)).toEqual({ email: "Email: must be a valid email address" });
    expect(answer.data).toMatchObject({ values: { name: "Asha Rao", message: valid.message } });
  });

  test("the Hindi page answers in Hindi", async () => {
    const answer = await callRoute(action, { path: `/hi/${kind}`, form: { name: "", email: "", message: "" } });
    expect(answer.status).toBe(422);
    expect(messagesByField(answer.data).name).toMatch(/[\u0900-\u097F]/);
  });

  test("a post from another site is refused", async () => {
    const answer = await callRoute(action, { path: `/${kind}`, form: valid, origin: "https://evil.example" });
    expect(answer.status).toBe(403);
  });

  test("the page's loader carries Hindi words only on the Hindi page", async () => {
    expect((await callRoute<{ i18n: unknown }>(loader, { path: `/${kind}` })).data.i18n).toBeNull();
    expect((await callRoute<{ i18n: unknown }>(loader, { path: `/hi/${kind}` })).data.i18n).not.toBeNull();
  });
});

test("a signed-in sender's message is stored as theirs, and the answer is private", async () => {
  const asha = await signIn();
  const answer = await callRoute(action, { path: "/feedback", form: { ...valid, email: asha.email }, cookie: asha.cookie });
  expect(answer.status).toBe(200);
  expect(answer.headers.get("cache-control")).toBe("private, no-store");
  const { database } = await services();
  const row = await database.db.selectFrom("form_message").select(["user_id", "kind"]).where("email", "=", asha.email).executeTakeFirstOrThrow();
  expect(row).toEqual({ user_id: asha.id, kind: "feedback" });
});

/** The stored rows of a message text. */
async function rowsOf(message: string) {
  const { database } = await services();
  return database.db.selectFrom("form_message").selectAll().where("message", "=", message).execute();
}

describe("what a plain post (no JavaScript) gets back", () => {
  test("a sent message is stored and the company's notification waits in the outbox", async () => {
    const answer = await callRoute(action, {
      path: "/contact",
      form: { name: "Nojs Sender", email: "nojs@example.com", message: "Sent without JavaScript" },
      ip: "10.40.0.1",
    });
    expect(answer.data).toEqual({ status: "sent" });
    expect(await rowsOf("Sent without JavaScript")).toEqual([expect.objectContaining({ kind: "contact", name: "Nojs Sender", language: "en" })]);
    const mail = (await mailsTo(site.contactEmail)).find((m) => m.subject === `[${site.productName}] New contact message from Nojs Sender`);
    expect(mail?.text).toContain("Sent without JavaScript");
    expect(mail?.text).toContain("nojs@example.com");
  });

  test("the same text posted twice (a double press, a reload) is one message", async () => {
    const form = { name: "Twice", email: "twice@example.com", message: "Pressed twice" };
    for (let i = 0; i < 2; i++) expect((await callRoute(action, { path: "/feedback", form, ip: "10.40.0.2" })).data).toEqual({ status: "sent" });
    expect(await rowsOf("Pressed twice")).toHaveLength(1);
  });

  test("values the browser would accept but the service does not: field errors, the typed text kept, nothing stored", async () => {
    const answer = await callRoute(action, { path: "/contact", form: { name: "   ", email: "asha@localhost", message: "Kept text" }, ip: "10.40.0.3" });
    expect(answer.status).toBe(422);
    expect(messagesByField(answer.data)).toEqual({ name: "Name: this field is required", email: "Email: must be a valid email address" });
    expect(answer.data).toMatchObject({ values: { message: "Kept text", email: "asha@localhost" } });
    expect(await rowsOf("Kept text")).toEqual([]);
  });

  test("a filled honeypot is answered sent and kept in the spam folder, unmailed", async () => {
    const answer = await callRoute(action, {
      path: "/feedback",
      form: { ...valid, name: "Trap Bot", message: "Caught on the page", subject_line: "x" },
      ip: "10.40.0.4",
    });
    expect(answer.data).toEqual({ status: "sent" });
    expect(await rowsOf("Caught on the page")).toEqual([expect.objectContaining({ status: "spam", spam_reason: "honeypot" })]);
    expect((await mailsTo(site.contactEmail)).filter((m) => m.subject.includes("Trap Bot"))).toEqual([]);
  });

  test("past the flood ceiling: 429 with Retry-After, the wait in words, and the typed text kept", async () => {
    const ip = "10.40.0.5";
    for (let i = 0; i < RULES.forms.ip.max; i++) await callRoute(action, { path: "/feedback", form: { name: "", email: "", message: "" }, ip });
    const answer = await callRoute(action, { path: "/feedback", form: { name: "Asha", email: "asha@example.com", message: "Still here" }, ip });
    expect(answer.status).toBe(429);
    expect(answer.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(answer.data).toEqual({
      status: "failed",
      detail: expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes and try again\.$/),
      values: { name: "Asha", email: "asha@example.com", message: "Still here" },
    });
    const hindi = await callRoute<{ detail: string }>(action, { path: "/hi/feedback", form: valid, ip });
    expect(hindi.status).toBe(429);
    expect(hindi.data.detail).toMatch(/[\u0900-\u097F]/);
  });

  test("a body over 32 KB: 413 with the limit in words", async () => {
    const answer = await callRoute(action, { path: "/contact", form: { ...valid, message: "x".repeat(33 * 1024) }, ip: "10.40.0.6" });
    expect(answer.status).toBe(413);
    expect(answer.data).toEqual({ status: "failed", detail: "The submission is too large: the limit is 32 KB." });
  });

  test("a body that cannot be read: a 4xx that says so, in Hindi on the Hindi page", async () => {
    const bad = { body: "{oops", headers: { "content-type": "application/json" }, ip: "10.40.0.7" };
    const answer = await callRoute<{ status: string; detail: string }>(action, { path: "/contact", ...bad });
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({ status: "failed", detail: expect.any(String) });
    const hindi = await callRoute<{ status: string; detail: string }>(action, { path: "/hi/contact", ...bad });
    expect(hindi.status).toBe(400);
    expect(hindi.data.detail).toMatch(/[\u0900-\u097F]/);
  });

  test("a message from the Hindi page is kept in Hindi (an operator's reply is written in it)", async () => {
    await callRoute(action, { path: "/hi/contact", form: { ...valid, message: "From the Hindi page" }, ip: "10.40.0.8" });
    expect(await rowsOf("From the Hindi page")).toEqual([expect.objectContaining({ language: "hi" })]);
  });
});
