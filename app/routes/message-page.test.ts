import { describe, expect, test } from "vitest";
import { services } from "~/services.server";
import { callRoute, signIn } from "../../tests/routes/route-kit";
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
