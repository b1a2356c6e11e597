/**
 * Feedback and contact as a visitor sends them (spec sections 2, 3, 5 and 8):
 * with scripts, pressed as soon as the page shows; without scripts; signed
 * in; and through a mail outage. Each message is stored, then mailed to the
 * company. The service's answers (422 words, 413, 429 with Retry-After, the
 * honeypot, the API's bodies) are the route tests' (app/routes/message-page,
 * api/forms, f.form).
 */
import { randomBytes } from "node:crypto";
import type { Page, TestInfo } from "@playwright/test";
import { site } from "../../app/config/site";
import { appDb, expect, failNextMails, mailsTo, test, uniqueEmail, waitForMail } from "./fixtures";

const SUCCESS = {
  feedback: "Thank You! Your feedback has been successfully submitted.",
  contact: "Message Sent! Thank you for reaching out to us.",
} as const;
const BUTTON = {
  feedback: { submit: "Submit Feedback", submitting: "Submitting..." },
  contact: { submit: "Send Message", submitting: "Sending..." },
} as const;

/** A token that makes this test's name, message and mail findable among everyone else's. */
const token = (testInfo: TestInfo, label: string) => `${label}-${testInfo.project.name}-${randomBytes(4).toString("hex")}`;

const messageRow = (testInfo: TestInfo, message: string) =>
  appDb(testInfo).selectFrom("form_message").selectAll().where("message", "=", message).executeTakeFirst();

async function fillForm(page: Page, values: { name: string; email: string; message: string }) {
  await page.getByLabel("Name", { exact: true }).fill(values.name);
  await page.getByLabel("Email", { exact: true }).fill(values.email);
  await page.getByLabel("Message", { exact: true }).fill(values.message);
}

for (const kind of ["feedback", "contact"] as const) {
  test(`/${kind}: sent as soon as the page shows, '${BUTTON[kind].submitting}' then the success text; stored, then mailed to the company`, async ({
    page,
    clientIp,
  }, testInfo) => {
    const name = token(testInfo, `Visitor ${kind}`);
    const message = `Hello from ${name}.\nThe second line.`;
    const email = uniqueEmail(testInfo, kind);
    // What the button says once the post is on its way (after the page's own submit listeners).
    let whileSending: string | null = null;
    await page.exposeFunction("sawSubmitting", (text: string) => void (whileSending = text));
    await page.addInitScript(() =>
      window.addEventListener("submit", (event) => {
        const button = (event as SubmitEvent).submitter;
        (window as unknown as { sawSubmitting(text: string): void }).sawSubmitting(button?.textContent ?? "");
      }),
    );
    await page.goto(`/${kind}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(kind === "feedback" ? "Share Your Feedback" : "Contact Us");
    if (kind === "contact") await expect(page.getByRole("link", { name: site.contactEmail })).toHaveAttribute("href", `mailto:${site.contactEmail}`);
    await fillForm(page, { name, email, message });
    await page.getByRole("button", { name: BUTTON[kind].submit }).click();
    await expect(page.getByText(SUCCESS[kind], { exact: true })).toBeVisible();
    expect(whileSending).toBe(BUTTON[kind].submitting);
    await expect(page).toHaveURL(new RegExp(`/${kind}$`));

    const row = await messageRow(testInfo, message);
    expect(row).toMatchObject({ kind, name, email, user_id: null });
    expect(JSON.stringify(row)).not.toContain(clientIp);
    const mail = await waitForMail(site.contactEmail, new RegExp(`New ${kind === "feedback" ? "feedback" : "contact message"} from ${name}$`));
    expect(mail.text).toContain(`Hello from ${name}.`);

    // Another message starts from an empty form.
    await page.getByRole("link", { name: kind === "feedback" ? "Share more feedback" : "Send another message" }).click();
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");
  });
}

test("a signed-in member finds the form filled in, and the message is linked to their record", async ({ page, signIn }, testInfo) => {
  const user = await signIn({ name: "Meera Iyer" });
  await page.goto("/feedback");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Meera Iyer");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(user.email);
  const message = `Member feedback ${token(testInfo, "member")}`;
  await page.getByLabel("Message", { exact: true }).fill(message);
  await page.getByRole("button", { name: "Submit Feedback" }).click();
  await expect(page.getByText(SUCCESS.feedback)).toBeVisible();
  expect(await messageRow(testInfo, message)).toMatchObject({ user_id: user.id, kind: "feedback" });
});

test("the honeypot is in the page, out of reach for people", async ({ page }) => {
  await page.goto("/feedback");
  const trap = page.locator('input[name="subject_line"]');
  await expect(trap).toHaveCount(1);
  await expect(trap).toHaveAttribute("tabindex", "-1");
  await expect(trap).not.toBeInViewport();
});

test("a mail outage keeps the message and its mail; the outbox sends it later", async ({ page }, testInfo) => {
  test.slow(true, "waits for the outbox worker's next look (every 10 s)");
  const name = token(testInfo, "Outage");
  const message = `Written during a mail outage by ${name}`;
  await failNextMails(1, name);
  await page.goto("/contact");
  await fillForm(page, { name, email: uniqueEmail(testInfo, "outage"), message });
  await page.getByRole("button", { name: "Send Message" }).click();
  // The sender is not bothered with our mail trouble.
  await expect(page.getByText(SUCCESS.contact)).toBeVisible();
  await expect.poll(async () => (await messageRow(testInfo, message))?.notify_attempts).toBeGreaterThanOrEqual(1);
  const row = (await messageRow(testInfo, message))!;
  // Sent again at once when the mail server answers the outbox's probe (outbox.server.ts), else after the
  // back-off, which the test skips. (Whether the mail is in the sink before notified_at is written is a race.)
  await appDb(testInfo)
    .updateTable("mail_outbox")
    .set({ next_attempt_at: new Date(Date.now() - 60_000).toISOString() })
    .where("ref", "=", row.id)
    .execute();
  await expect.poll(async () => Boolean((await messageRow(testInfo, message))?.notified_at), { timeout: 30_000 }).toBe(true);
  await waitForMail(site.contactEmail, new RegExp(name));
  // Refused once, delivered once: never twice.
  expect((await mailsTo(site.contactEmail)).filter((m) => m.subject.includes(name))).toHaveLength(1);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const kind of ["feedback", "contact"] as const) {
    test(`/${kind}: a plain form post shows the success text and stores the message`, async ({ page }, testInfo) => {
      const name = token(testInfo, `NoScript ${kind}`);
      const message = `Sent without JavaScript by ${name}`;
      await page.goto(`/${kind}`);
      await fillForm(page, { name, email: uniqueEmail(testInfo, "nojs"), message });
      await page.getByRole("button", { name: BUTTON[kind].submit }).click();
      await expect(page.getByText(SUCCESS[kind], { exact: true })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/${kind}$`));
      expect(await messageRow(testInfo, message)).toMatchObject({ kind, name });
      await waitForMail(site.contactEmail, new RegExp(name));
    });
  }

  test("field errors come back on the page, with the typed text kept and the first field focused", async ({ page }, testInfo) => {
    const message = `Kept text ${token(testInfo, "nojs")}`;
    await page.goto("/contact");
    await fillForm(page, { name: "   ", email: "asha@localhost", message });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByLabel("Name", { exact: true })).toHaveAccessibleDescription("Name: this field is required");
    await expect(page.getByLabel("Email", { exact: true })).toHaveAccessibleDescription("Email: must be a valid email address");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue(message);
    await expect(page.getByLabel("Name", { exact: true })).toBeFocused();
    expect(await messageRow(testInfo, message)).toBeUndefined();
  });
});
