/**
 * Feedback and contact: our own form service (spec sections 2, 3, 5 and 8;
 * contract: POST /api/forms/feedback and /api/forms/contact). Runs on SQLite
 * and, with TEST_DATABASE_URL, on PostgreSQL.
 *
 * Every test has its own client IP (fixtures.ts), so the forms' rate limit
 * (5 per 10 minutes per IP) is per test; API tests that send more than five
 * requests give each one a fresh IP, except where the limit is the point.
 */
import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { site } from "../../app/config/site";
import { RULES } from "../../app/infra/rate-limit/rules";
import {
  appDb,
  createVerifiedUser,
  expect,
  expectAccessible,
  failNextMails,
  mailsTo,
  open,
  signInViaUi,
  test,
  uniqueEmail,
  waitForMail,
} from "./fixtures";

/** The forms' per-IP flood ceiling (ten minutes). */
const FORMS_PER_IP = RULES.forms.ip.max;

const SUCCESS = {
  feedback: "Thank You! Your feedback has been successfully submitted.",
  contact: "Message Sent! Thank you for reaching out to us.",
} as const;
const BUTTON = {
  feedback: { submit: "Submit Feedback", submitting: "Submitting..." },
  contact: { submit: "Send Message", submitting: "Sending..." },
} as const;
const HONEYPOT = "subject_line";

/** A token that makes this test's name, message and mail findable among everyone else's. */
function token(testInfo: TestInfo, label: string): string {
  return `${label}-${testInfo.project.name}-${randomBytes(4).toString("hex")}`;
}

function freshIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]! || 1}`;
}

function messageRow(testInfo: TestInfo, message: string) {
  return appDb(testInfo).selectFrom("form_message").selectAll().where("message", "=", message).executeTakeFirst();
}

type Kind = "feedback" | "contact";

/** Posts to the API from a fresh IP unless `ip` says otherwise. */
function post(request: APIRequestContext, kind: string, body: { data?: unknown; form?: Record<string, string>; multipart?: Record<string, string> }, ip = freshIp()) {
  return request.post(`/api/forms/${kind}`, { ...body, headers: { "x-forwarded-for": ip } } as Parameters<APIRequestContext["post"]>[1]);
}

async function fillForm(page: Page, values: { name: string; email: string; message: string }) {
  await page.getByLabel("Name", { exact: true }).fill(values.name);
  await page.getByLabel("Email", { exact: true }).fill(values.email);
  await page.getByLabel("Message", { exact: true }).fill(values.message);
}

/** Lets the server's own field errors through: the browser's required/type=email checks are switched off. */
async function skipBrowserValidation(page: Page) {
  await page.locator("main form").evaluate((form: HTMLFormElement) => {
    form.noValidate = true;
  });
}

/** Holds the page's form post for a moment so that the submitting state can be seen. */
async function slowFormPosts(page: Page, kind: Kind) {
  await page.route(`**/${kind}.data*`, async (route) => {
    if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
}

for (const kind of ["feedback", "contact"] as const) {
  test.describe(`/${kind}`, () => {
    test(`sends, shows '${BUTTON[kind].submitting}' then the success text; stored, then mailed to the company`, async ({ page, clientIp }, testInfo) => {
      const name = token(testInfo, `Visitor ${kind}`);
      const message = `Hello from ${name}.\nThe second line.`;
      const email = uniqueEmail(testInfo, kind);
      await slowFormPosts(page, kind);

      await open(page, `/${kind}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(kind === "feedback" ? "Share Your Feedback" : "Contact Us");
      await expect(page.getByLabel("Message", { exact: true })).toHaveAttribute("rows", "4");
      await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

      await fillForm(page, { name, email, message });
      await page.getByRole("button", { name: BUTTON[kind].submit }).click();
      await expect(page.getByRole("button", { name: BUTTON[kind].submitting })).toBeDisabled();
      const success = page.getByText(SUCCESS[kind], { exact: true });
      await expect(success).toBeVisible();
      await expect(page.getByTestId("form-success")).toBeFocused();
      // No reload: the page's own state survived.
      expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
      await expect(page).toHaveURL(new RegExp(`/${kind}$`));

      const row = await messageRow(testInfo, message);
      expect(row).toMatchObject({ kind, name, email, user_id: null });
      expect(row!.ip_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(clientIp);
      expect(row!.user_agent).toContain("Chrome");

      const mail = await waitForMail(site.contactEmail, new RegExp(`New ${kind === "feedback" ? "feedback" : "contact message"} from ${name}$`));
      expect(mail.text).toContain(`Hello from ${name}.`);
      expect(mail.text).toContain(email);
      await expect.poll(async () => Boolean((await messageRow(testInfo, message))?.notified_at)).toBe(true);

      // Another message starts from an empty form.
      await page.getByRole("link", { name: kind === "feedback" ? "Share more feedback" : "Send another message" }).click();
      await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");
      await expect(page.getByLabel("Name", { exact: true })).toBeFocused();
    });

    test("shows the server's field errors under each field, prefixed with the label", async ({ page }, testInfo) => {
      const email = `not-an-email-${token(testInfo, "x")}`;
      await open(page, `/${kind}`);
      await skipBrowserValidation(page);
      await fillForm(page, { name: "   ", email, message: "" });
      await page.getByRole("button", { name: BUTTON[kind].submit }).click();

      await expect(page.getByLabel("Name", { exact: true })).toHaveAccessibleDescription("Name: this field is required");
      await expect(page.getByLabel("Email", { exact: true })).toHaveAccessibleDescription("Email: must be a valid email address");
      await expect(page.getByLabel("Message", { exact: true })).toHaveAccessibleDescription("Message: this field is required");
      await expect(page.getByLabel("Name", { exact: true })).toBeFocused();
      await expect(page.getByText("Submission failed.")).toHaveCount(0);
      // What was typed is still there; nothing was stored.
      await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
      expect(await appDb(testInfo).selectFrom("form_message").select("id").where("email", "=", email).execute()).toEqual([]);
    });
  });
}

test.describe("the contact page", () => {
  test("shows the public contact email address as a mail link", async ({ page }) => {
    await open(page, "/contact");
    const link = page.getByRole("link", { name: site.contactEmail });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute("href", `mailto:${site.contactEmail}`);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const kind of ["feedback", "contact"] as const) {
    test(`/${kind}: a plain form post shows the success text and stores the message`, async ({ page }, testInfo) => {
      const name = token(testInfo, `NoScript ${kind}`);
      const message = `Sent without JavaScript by ${name}`;
      await page.goto(`/${kind}`);
      await fillForm(page, { name, email: uniqueEmail(testInfo, "nojs"), message });
      const navigation = page.waitForEvent("framenavigated");
      await page.getByRole("button", { name: BUTTON[kind].submit }).click();
      await navigation;
      await expect(page.getByText(SUCCESS[kind], { exact: true })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/${kind}$`));
      expect(await messageRow(testInfo, message)).toMatchObject({ kind, name });
      await waitForMail(site.contactEmail, new RegExp(name));
    });
  }

  test("field errors come back on the page, with the typed text kept", async ({ page }, testInfo) => {
    // Values the browser's own checks accept but the service does not.
    const message = `Kept text ${token(testInfo, "nojs")}`;
    await page.goto("/contact");
    await fillForm(page, { name: "   ", email: "asha@localhost", message });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Name: this field is required")).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toHaveAccessibleDescription("Email: must be a valid email address");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue(message);
    await expect(page.getByLabel("Name", { exact: true })).toBeFocused();
    expect(await messageRow(testInfo, message)).toBeUndefined();
  });
});

test.describe("signed in", () => {
  test("the form is prefilled and the message is linked to the user's record", async ({ page, request }, testInfo) => {
    const user = await createVerifiedUser(request, uniqueEmail(testInfo, "member"));
    await signInViaUi(page, user.email);
    await open(page, "/feedback");
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(user.name);
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(user.email);

    const message = `Member feedback ${token(testInfo, "member")}`;
    await page.getByLabel("Message", { exact: true }).fill(message);
    await page.getByRole("button", { name: "Submit Feedback" }).click();
    await expect(page.getByText(SUCCESS.feedback)).toBeVisible();

    const db = appDb(testInfo);
    const account = await db.selectFrom("user").select("id").where("email", "=", user.email).executeTakeFirstOrThrow();
    const mine = await db.selectFrom("form_message").select(["message", "kind"]).where("user_id", "=", account.id).execute();
    expect(mine).toEqual([{ message, kind: "feedback" }]);
  });
});

test.describe("nothing is lost", () => {
  test("a mail outage keeps the message and its mail, and the outbox sends it later", async ({ page }, testInfo) => {
    test.slow();
    const name = token(testInfo, "Outage");
    const message = `Written during a mail outage by ${name}`;
    await failNextMails(1, name);

    await open(page, "/contact");
    await fillForm(page, { name, email: uniqueEmail(testInfo, "outage"), message });
    await page.getByRole("button", { name: "Send Message" }).click();
    // The sender is not bothered with our mail trouble.
    await expect(page.getByText(SUCCESS.contact)).toBeVisible();

    await expect.poll(async () => (await messageRow(testInfo, message))?.notify_attempts).toBeGreaterThanOrEqual(1);
    const row = await messageRow(testInfo, message);
    // The refused attempt is recorded with the server's answer; on a busy machine the outbox's retry may
    // already have sent it by the time this reads the row (then the error is cleared).
    if (!row!.notified_at) {
      expect(row!.notify_error).toContain("451");
      expect((await mailsTo(site.contactEmail)).filter((m) => m.subject.includes(name))).toEqual([]);
    }

    // The mail waits in the durable outbox; skip its back-off: the worker's next look (every 10 s) takes it.
    await appDb(testInfo)
      .updateTable("mail_outbox")
      .set({ next_attempt_at: new Date(Date.now() - 60_000).toISOString() })
      .where("ref", "=", row!.id)
      .execute();
    await expect.poll(async () => Boolean((await messageRow(testInfo, message))?.notified_at), { timeout: 45_000 }).toBe(true);
    await waitForMail(site.contactEmail, new RegExp(name));
  });
});

test.describe("spam", () => {
  test("a filled honeypot is answered like a success, kept in the spam folder only (not the inbox), and mailed to nobody", async ({ request }, testInfo) => {
    const name = token(testInfo, "Bot");
    const message = `Cheap pills from ${name}`;
    const res = await post(request, "feedback", { data: { name, email: "bot@example.com", message, [HONEYPOT]: "https://spam.example" } });
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    await new Promise((r) => setTimeout(r, 1500));
    // Kept for an operator to look at (issue 21: a person who filled the trap is not lost), as spam.
    expect(await messageRow(testInfo, message)).toMatchObject({ status: "spam", spam_reason: "honeypot", notified_at: null });
    expect((await mailsTo(site.contactEmail)).filter((m) => m.subject.includes(name))).toEqual([]);
  });

  test("the honeypot is in the page, hidden from people", async ({ page }) => {
    await open(page, "/feedback");
    const trap = page.locator(`input[name="${HONEYPOT}"]`);
    await expect(trap).toHaveCount(1);
    await expect(trap).toHaveAttribute("tabindex", "-1");
    await expect(trap).not.toBeInViewport();
  });

  test("past the per-IP flood ceiling within ten minutes: 429", async ({ request, clientIp }) => {
    for (let i = 0; i < FORMS_PER_IP; i++) {
      const res = await post(request, "contact", { data: {} }, clientIp);
      expect(res.status()).toBe(422);
    }
    const over = await post(request, "contact", { data: { name: "A", email: "a@example.com", message: "m" } }, clientIp);
    expect(over.status()).toBe(429);
    expect(over.headers()["retry-after"]).toMatch(/^\d+$/);
    expect(await over.json()).toEqual({ success: false, message: expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes and try again\.$/) });
    // Both forms share the budget; another address has its own.
    expect((await post(request, "feedback", { data: {} }, clientIp)).status()).toBe(429);
    expect((await post(request, "feedback", { data: {} })).status()).toBe(422);
  });

  test("on the page, a rate-limited sender sees 'Submission failed.' and keeps the text", async ({ page, request, clientIp }) => {
    for (let i = 0; i < FORMS_PER_IP; i++) await post(request, "feedback", { data: {} }, clientIp);
    await open(page, "/feedback");
    await fillForm(page, { name: "Asha", email: "asha@example.com", message: "Still here" });
    await page.getByRole("button", { name: "Submit Feedback" }).click();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Submission failed.");
    await expect(alert).toContainText("Too many attempts.");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("Still here");
  });
});

test.describe("POST /api/forms/:kind", () => {
  test("takes JSON, urlencoded and multipart bodies", async ({ request }, testInfo) => {
    const base = token(testInfo, "api");
    const bodies = [
      { data: { name: "Json", email: "json@example.com", message: `${base} json` } },
      { form: { name: "Form", email: "form@example.com", message: `${base} urlencoded` } },
      { multipart: { name: "Multi", email: "multi@example.com", message: `${base} multipart` } },
    ];
    for (const body of bodies) {
      const res = await post(request, "feedback", body);
      expect(res.status(), await res.text()).toBe(200);
      expect(await res.json()).toEqual({ ok: true });
    }
    for (const [suffix, name] of [["json", "Json"], ["urlencoded", "Form"], ["multipart", "Multi"]]) {
      expect(await messageRow(testInfo, `${base} ${suffix}`)).toMatchObject({ kind: "feedback", name });
    }
  });

  test("answers 422 with the form service's codes", async ({ request }) => {
    const errorsOf = async (data: unknown, kind = "contact") => {
      const res = await post(request, kind, { data });
      expect(res.status()).toBe(422);
      return ((await res.json()) as { errors: unknown[] }).errors;
    };
    expect(await errorsOf({})).toEqual([
      { code: "EMPTY", message: "The submission is empty: send name, email and message." },
      { field: "name", code: "REQUIRED_FIELD_MISSING", message: "Name: this field is required" },
      { field: "email", code: "REQUIRED_FIELD_MISSING", message: "Email: this field is required" },
      { field: "message", code: "REQUIRED_FIELD_MISSING", message: "Message: this field is required" },
    ]);
    expect(await errorsOf({ name: " ", email: "asha@", message: "\n" }, "feedback")).toEqual([
      { field: "name", code: "REQUIRED_FIELD_EMPTY", message: "Name: this field is required" },
      { field: "email", code: "TYPE_EMAIL", message: "Email: must be a valid email address" },
      { field: "message", code: "REQUIRED_FIELD_EMPTY", message: "Message: this field is required" },
    ]);
    expect(await errorsOf({ name: 7, email: "asha@example.com", message: "hi" })).toEqual([
      { field: "name", code: "TYPE_TEXT", message: "Name: must be text" },
    ]);
    const form = await post(request, "contact", { form: { email: "asha@example.com", message: "hi" } });
    expect(await form.json()).toEqual({ errors: [{ field: "name", code: "REQUIRED_FIELD_MISSING", message: "Name: this field is required" }] });
  });

  test("a message over 5,000 characters gets 422 FIELD_TOO_LONG; 5,000 are fine", async ({ request }, testInfo) => {
    const res = await post(request, "feedback", { data: { name: "Asha", email: "asha@example.com", message: "x".repeat(5001) } });
    expect(res.status()).toBe(422);
    expect(await res.json()).toEqual({
      errors: [{ field: "message", code: "FIELD_TOO_LONG", message: "Message: must be at most 5,000 characters (this one has 5,001)" }],
    });
    const exactly = `${token(testInfo, "long")} `.padEnd(5000, "y");
    const ok = await post(request, "feedback", { data: { name: "Asha", email: "asha@example.com", message: exactly } });
    expect(ok.status()).toBe(200);
    expect(await messageRow(testInfo, exactly)).toBeTruthy();
  });

  test("a body over 32 KB gets 413", async ({ request }) => {
    const res = await post(request, "contact", { data: { name: "Asha", email: "asha@example.com", message: "x".repeat(33 * 1024) } });
    expect(res.status()).toBe(413);
    expect(await res.json()).toEqual({ success: false, message: "The submission is too large: the limit is 32 KB." });
  });

  test("other kinds are a JSON 404; GET is a 405; other origins are refused", async ({ request }) => {
    const other = await post(request, "newsletter", { data: { name: "A", email: "a@example.com", message: "m" } });
    expect(other.status()).toBe(404);
    expect(await other.json()).toEqual({ success: false, message: "Not found." });
    const get = await request.get("/api/forms/feedback");
    expect(get.status()).toBe(405);
    const foreign = await request.post("/api/forms/feedback", {
      headers: { Origin: "https://evil.example", "x-forwarded-for": freshIp() },
      data: { name: "A", email: "a@example.com", message: "m" },
    });
    expect(foreign.status()).toBe(403);
  });
});

for (const width of [390, 1280]) {
  test.describe(`axe at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const kind of ["feedback", "contact"] as const) {
      test(`/${kind}, empty and with field errors, has no violations`, async ({ page }) => {
        await open(page, `/${kind}`);
        await expectAccessible(page);
        await skipBrowserValidation(page);
        await page.getByRole("button", { name: BUTTON[kind].submit }).click();
        await expect(page.getByText("Email: this field is required")).toBeVisible();
        await expectAccessible(page);
      });
    }
  });
}
