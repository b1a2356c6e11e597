/**
 * The launch waitlist (issue 21), tried as a visitor would: from /coming-soon
 * and /pricing without JavaScript, confirmed by the mailed link, once per
 * address, and gone again through the unsubscribe link; with JavaScript the
 * answer comes in place; a signed-in visitor joins with one press. The
 * action's answers (the slot's words, 429 per mailbox, the honeypot, one-click
 * unsubscribe, forged links) are the route tests' (app/routes/waitlist*.test.ts).
 */
import type { Page, TestInfo } from "@playwright/test";
import { appDb, expect, linkIn, mailsTo, test, uniqueEmail, waitForMail } from "./fixtures";

const CONFIRM_SUBJECT = /Confirm your place on the Tuesday AI waitlist/;

async function rowOf(testInfo: TestInfo, email: string) {
  return appDb(testInfo).selectFrom("waitlist_entry").select(["id", "status", "interest", "source"]).where("email", "=", email).execute();
}

/** How many confirmation mails the outbox holds for an address (written in the request that promises one). */
async function confirmationsQueued(testInfo: TestInfo, email: string): Promise<number> {
  const rows = await appDb(testInfo).selectFrom("mail_outbox").select("id").where("kind", "=", "waitlist-confirm").where("to_address", "=", email).execute();
  return rows.length;
}

/** The waitlist block of a page (the section the form is in). */
function waitlistOn(page: Page) {
  return page.locator("section", { has: page.getByRole("button", { name: "Notify me at launch" }) });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("join from /coming-soon, again from /pricing (no second mail), confirm by the link, then unsubscribe", async ({ page }, testInfo) => {
    test.slow(true, "eight page loads and the real mail");
    const email = uniqueEmail(testInfo, "wait-nojs");

    await page.goto("/coming-soon");
    let block = waitlistOn(page);
    await block.getByLabel("Email").fill(email);
    await block.getByLabel("Interested in").selectOption({ label: "Standard plan" });
    await block.getByRole("button", { name: "Notify me at launch" }).click();
    await expect(page).toHaveURL(/\/waitlist$/);
    await expect(page.getByRole("status")).toContainText(`if ${email} is not on the list yet, a link to confirm it is on its way`);
    await expect(page.getByRole("link", { name: "Back to Coming Soon" })).toHaveAttribute("href", "/coming-soon");

    const mail = await waitForMail(email, CONFIRM_SUBJECT);
    expect(mail.text).toContain("when the Standard plan launches");
    const unsubscribe = linkIn(mail, /\/waitlist\/unsubscribe\?id=/);
    // Every waitlist mail: an unsubscribe link in the text and the one-click headers (RFC 8058).
    expect(mail.listUnsubscribe).toBe(`<${unsubscribe}>`);
    expect(mail.listUnsubscribePost).toBe("List-Unsubscribe=One-Click");
    expect(await rowOf(testInfo, email)).toEqual([expect.objectContaining({ status: "pending", interest: "plan:standard", source: "/coming-soon" })]);

    // The same address again, from the pricing page: the same answer, no second confirmation mail.
    await page.goto("/pricing");
    block = waitlistOn(page);
    await block.getByLabel("Email").fill(email.toUpperCase());
    await block.getByLabel("Interested in").selectOption({ label: "Professional plan" });
    await block.getByRole("button", { name: "Notify me at launch" }).click();
    await expect(page.getByRole("status")).toContainText("a link to confirm it is on its way");
    await expect(page.getByRole("link", { name: "Back to Pricing" })).toBeVisible();
    // Every mail is a row of the outbox, written in the request that promises it: the answer above is
    // after any second one would have been written (no waiting on the SMTP sink to prove an absence).
    expect(await confirmationsQueued(testInfo, email)).toBe(1);
    expect((await mailsTo(email)).filter((m) => CONFIRM_SUBJECT.test(m.subject))).toHaveLength(1);
    expect(await rowOf(testInfo, email)).toHaveLength(1);

    // Opening the mailed link changes nothing by itself (mail gateways open every link to scan it):
    // the page asks, and the press confirms the place, with the plan first chosen.
    const confirm = linkIn(mail, /\/waitlist\/confirm\?token=/);
    await page.goto(confirm);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your place");
    expect(await rowOf(testInfo, email)).toEqual([expect.objectContaining({ status: "pending" })]);
    await page.getByRole("button", { name: "Confirm my place" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are on the list");
    await expect(page.getByRole("status")).toContainText(`We will write to ${email} when the Standard plan launches`);
    await page.goto(confirm);
    await expect(page.getByRole("status")).toContainText("Your place was confirmed already.");
    expect(await rowOf(testInfo, email)).toEqual([expect.objectContaining({ status: "confirmed", interest: "plan:standard" })]);

    // The unsubscribe link: its page asks, the press removes the address.
    await page.goto(unsubscribe);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Leave the waitlist?");
    expect(await rowOf(testInfo, email)).toHaveLength(1);
    await page.getByRole("button", { name: "Leave the waitlist" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You have left the waitlist");
    expect(await rowOf(testInfo, email)).toEqual([]);
    await page.goto(unsubscribe);
    await expect(page.getByRole("status")).toContainText("This address is not on the waitlist (any more).");
    // A link with its signature cut short does nothing.
    const res = await page.goto(unsubscribe.replace(/token=.{6}/, "token="));
    expect(res?.status()).toBe(400);
  });
});

test("from the pricing page with scripts on, the answer is the waitlist's page, which knows where it came from", async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, "wait-js");
  await page.goto("/pricing");
  const block = waitlistOn(page);
  await block.getByLabel("Email").fill(email);
  await block.getByRole("button", { name: "Notify me at launch" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Check your inbox" })).toBeVisible();
  await expect(page).toHaveURL(/\/waitlist$/);
  await waitForMail(email, CONFIRM_SUBJECT);
  expect(await rowOf(testInfo, email)).toEqual([expect.objectContaining({ status: "pending", interest: "", source: "/pricing" })]);
});

test("a signed-in visitor joins with one press: their verified address, no mail to confirm", async ({ page, signIn }, testInfo) => {
  const { email } = await signIn();
  await page.goto("/product");
  const block = waitlistOn(page);
  await expect(block.getByText(email)).toBeVisible();
  await expect(block.getByLabel("Email")).toHaveCount(0);
  await block.getByLabel("Interested in").selectOption({ label: "Tuesday Watch" });
  await block.getByRole("button", { name: "Notify me at launch" }).click();
  await expect(page.getByRole("status").filter({ hasText: "You are on the list" })).toContainText(
    `for the Tuesday Watch. We will write to ${email} at launch.`,
  );
  expect(await rowOf(testInfo, email)).toEqual([expect.objectContaining({ status: "confirmed", interest: "product:tuesday-watch" })]);
  expect(await confirmationsQueued(testInfo, email)).toBe(0);

  // No mail comes to them, so the answer itself is their way off the list: its page asks, its button removes.
  await page.getByRole("link", { name: "Changed your mind? Leave the waitlist" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Leave the waitlist?" })).toBeVisible();
  await expect(page.getByRole("main").getByText(email)).toBeVisible();
  await page.getByRole("button", { name: "Leave the waitlist" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You have left the waitlist" })).toBeVisible();
  expect(await rowOf(testInfo, email)).toEqual([]);
});
