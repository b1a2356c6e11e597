/**
 * The launch waitlist (issue 21), tried as a visitor would: from /coming-soon
 * and /pricing without JavaScript, confirmed by the mailed link, once per
 * address, and gone again through the unsubscribe link; with JavaScript the
 * answer comes in place; a signed-in visitor joins with one press.
 */
import type { Page, TestInfo } from "@playwright/test";
import { appDb, createVerifiedUser, expect, linkIn, mailsTo, open, signInViaUi, test, uniqueEmail, waitForMail } from "./fixtures";

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

  test("an empty or malformed address is answered in the field's slot, and what was chosen is kept", async ({ page }) => {
    await page.goto("/product");
    const block = waitlistOn(page);
    await block.getByLabel("Email").fill("someone at example");
    await block.getByLabel("Interested in").selectOption({ label: "Tuesday Watch" });
    await block.getByRole("button", { name: "Notify me at launch" }).click();
    await expect(page).toHaveURL(/\/waitlist$/);
    const field = page.getByLabel("Email");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator(`#${await field.getAttribute("aria-describedby")}`)).toHaveText("Enter an email address like name@example.com.");
    await expect(field).toHaveValue("someone at example");
    await expect(page.getByLabel("Interested in")).toHaveValue("product:tuesday-watch");
  });

  test("one inbox asked for too often: the eleventh join within the hour is a 429 that says how long to wait and keeps what was typed; one mail in all", async ({ page }, testInfo) => {
    // The per-mailbox ceiling (infra/rate-limit/rules.ts: 10 an hour): written differently each time
    // (case, a +tag), it is the same mailbox.
    const email = uniqueEmail(testInfo, "wait-flood");
    const [local, domain] = email.split("@") as [string, string];
    for (let i = 0; i < 10; i++) {
      await page.goto("/coming-soon");
      await waitlistOn(page).getByLabel("Email").fill(i % 2 ? `${local}+try${i}@${domain}` : email.toUpperCase());
      await waitlistOn(page).getByRole("button", { name: "Notify me at launch" }).click();
      await expect(page.getByRole("status")).toContainText("a link to confirm it is on its way");
    }
    await page.goto("/coming-soon");
    await waitlistOn(page).getByLabel("Email").fill(email);
    await waitlistOn(page).getByLabel("Interested in").selectOption({ label: "Standard plan" });
    const answer = page.waitForResponse((res) => res.url().endsWith("/waitlist") && res.request().method() === "POST");
    await waitlistOn(page).getByRole("button", { name: "Notify me at launch" }).click();
    expect((await answer).status()).toBe(429);
    expect(Number((await answer).headers()["retry-after"])).toBeGreaterThan(0);
    await expect(page.getByRole("alert")).toHaveText(/^Too many attempts\. Please wait \d+ minutes and try again\.$/);
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expect(page.getByLabel("Interested in")).toHaveValue("plan:standard");
    expect(await confirmationsQueued(testInfo, email)).toBe(1);
  });
});

test("with JavaScript the answer comes in place, and a bot that fills the honeypot is told the same while nothing is kept", async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, "wait-js");
  await open(page, "/pricing");
  const block = waitlistOn(page);
  await block.getByLabel("Email").fill(email);
  await block.getByRole("button", { name: "Notify me at launch" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Check your inbox" })).toBeVisible();
  await expect(page).toHaveURL(/\/pricing$/);
  await waitForMail(email, CONFIRM_SUBJECT);
  expect(await rowOf(testInfo, email)).toEqual([expect.objectContaining({ status: "pending", interest: "", source: "/pricing" })]);

  const bot = uniqueEmail(testInfo, "wait-bot");
  const answer = await page.request.post("/waitlist", { form: { email: bot, interest: "", source: "/pricing", subject_line: "buy now" }, headers: { origin: new URL(page.url()).origin } });
  expect(answer.status()).toBe(200);
  expect(await rowOf(testInfo, bot)).toEqual([]);
});

test("a signed-in visitor joins with one press: their verified address, no mail to confirm", async ({ page, request }, testInfo) => {
  const email = uniqueEmail(testInfo, "wait-member");
  await createVerifiedUser(request, email);
  await signInViaUi(page, email);
  await open(page, "/product");
  const block = waitlistOn(page);
  await expect(block.getByText(email)).toBeVisible();
  await expect(block.getByLabel("Email")).toHaveCount(0);
  await block.getByLabel("Interested in").selectOption({ label: "Tuesday Watch" });
  await block.getByRole("button", { name: "Notify me at launch" }).click();
  await expect(page.getByRole("status").filter({ hasText: "You are on the list" })).toContainText(`for the Tuesday Watch. We will write to ${email} at launch.`);
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

test("one-click unsubscribe (RFC 8058): the mail app's POST removes the address; a forged one is refused", async ({ page, request }, testInfo) => {
  const email = uniqueEmail(testInfo, "wait-oneclick");
  await open(page, "/coming-soon");
  await waitlistOn(page).getByLabel("Email").fill(email);
  await waitlistOn(page).getByRole("button", { name: "Notify me at launch" }).click();
  const mail = await waitForMail(email, CONFIRM_SUBJECT);
  const unsubscribe = mail.listUnsubscribe.slice(1, -1);
  // A mail provider posts without an Origin header.
  const forged = await request.post(unsubscribe.replace(/id=[^&]+/, "id=someone-else"), { form: { "List-Unsubscribe": "One-Click" } });
  expect(forged.status()).toBe(400);
  expect(await rowOf(testInfo, email)).toHaveLength(1);
  const res = await request.post(unsubscribe, { form: { "List-Unsubscribe": "One-Click" } });
  expect(res.status()).toBe(200);
  expect(await rowOf(testInfo, email)).toEqual([]);
});

/**
 * The console's figures for one plan: its confirmed count ("Confirmed per plan or product") and today's
 * confirmations (the per-day chart's numbers), read from the page as an operator reads them.
 */
async function consoleFigures(page: Page, plan: string) {
  await open(page, "/admin/waitlist");
  const plans = page.getByRole("region", { name: "Confirmed per plan or product" });
  const planRow = plans.getByRole("row").filter({ has: page.getByRole("link", { name: plan, exact: true }) });
  const perPlan = (await planRow.count()) === 0 ? 0 : Number((await planRow.getByRole("cell").last().textContent())?.replace(/,/g, ""));
  const days = page.getByRole("region", { name: "Confirmed per day, last 30 days" });
  await days.getByText("Show the numbers").click();
  const today = new Date().toISOString().slice(0, 10);
  const dayRow = days.getByRole("row").filter({ hasText: today });
  const perDay = (await dayRow.count()) === 0 ? 0 : Number((await dayRow.getByRole("cell").last().textContent())?.replace(/,/g, ""));
  return { perPlan, perDay };
}

/** Confirmations other than `email`'s between two moments (other tests confirm addresses meanwhile). */
async function othersConfirmed(testInfo: TestInfo, email: string, from: number, to: number, interest?: string) {
  let query = appDb(testInfo).selectFrom("waitlist_entry").select(["confirmed_at"]).where("status", "=", "confirmed").where("email", "!=", email);
  if (interest) query = query.where("interest", "=", interest);
  const rows = await query.execute();
  return rows.filter((r) => {
    const at = new Date(r.confirmed_at as string | Date).getTime();
    return at >= from && at <= to;
  }).length;
}

test("the operator sees a confirmed address once with its plan, its confirmation in the counts per plan and per day, exports it, and removes it on request (audited)", async ({ page, request }, testInfo) => {
  const email = uniqueEmail(testInfo, "wait-console");
  const origin = new URL(String(testInfo.project.use.baseURL)).origin;
  // Joined twice (plain posts, as a browser without JavaScript sends them), confirmed once.
  for (const interest of ["plan:student", "plan:basic"]) {
    const res = await request.post("/waitlist", { form: { email, interest, source: "/pricing" }, headers: { origin } });
    expect(res.status()).toBe(200);
  }
  const confirmLink = linkIn(await waitForMail(email, CONFIRM_SUBJECT), /\/waitlist\/confirm\?token=/);

  const operator = uniqueEmail(testInfo, "wait-op");
  await createVerifiedUser(request, operator);
  const db = appDb(testInfo);
  const user = await db.selectFrom("user").select("id").where("email", "=", operator).executeTakeFirstOrThrow();
  await db.updateTable("profile").set({ role: "operator" }).where("user_id", "=", user.id).execute();
  await signInViaUi(page, operator);

  // The console's counts before and after the confirmation: each rises by one (plus whatever other tests
  // confirmed meanwhile: counted from the database, exactly between the two reads or at most around them).
  const t0 = Date.now() - 1000;
  const before = await consoleFigures(page, "Student plan");
  const t1 = Date.now();
  await page.goto(confirmLink);
  await page.getByRole("button", { name: "Confirm my place" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are on the list");
  const t2 = Date.now();
  const after = await consoleFigures(page, "Student plan");
  const t3 = Date.now() + 1000;
  for (const [figure, interest] of [["perPlan", "plan:student"], ["perDay", undefined]] as const) {
    const rise = after[figure] - before[figure];
    expect(rise, `${figure}: ${before[figure]} → ${after[figure]}`).toBeGreaterThanOrEqual(1 + (await othersConfirmed(testInfo, email, t1, t2, interest)));
    expect(rise, `${figure}: ${before[figure]} → ${after[figure]}`).toBeLessThanOrEqual(1 + (await othersConfirmed(testInfo, email, t0, t3, interest)));
  }

  await open(page, `/admin/waitlist?q=${encodeURIComponent(email)}`);
  const rows = page.getByRole("list", { name: "Waitlist addresses" }).getByRole("listitem");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(email);
  await expect(rows.first()).toContainText("Student plan · confirmed · from /pricing");
  await expect(page.getByRole("region", { name: "Confirmed per plan or product" }).getByRole("link", { name: "Student plan" })).toBeVisible();

  const csv = await page.request.get(`/admin/waitlist/export?status=all&interest=any&q=${encodeURIComponent(email)}`);
  expect(csv.status()).toBe(200);
  const lines = (await csv.text()).trim().split("\r\n");
  expect(lines[0]).toBe('"email","interest","status","source","joined_at","confirmed_at"');
  expect(lines.slice(1)).toEqual([expect.stringMatching(new RegExp(`^"${email.replace(/[.+]/g, "\\$&")}","Student plan","confirmed","/pricing",`))]);

  const id = (await rowOf(testInfo, email))[0]!.id;
  await rows.first().getByRole("button", { name: `Remove ${email}` }).click();
  await expect(page.getByText(`Removed ${email} from the waitlist.`)).toBeVisible();
  await expect(page.getByText("No address matches.")).toBeVisible();
  expect(await rowOf(testInfo, email)).toEqual([]);
  // The entry's id is audited, not the address of a person who asked to be removed.
  const audit = await db.selectFrom("audit_log").select(["action", "actor_email"]).where("target", "=", `waitlist entry ${id}`).execute();
  expect(audit).toEqual([{ action: "waitlist.removed", actor_email: operator }]);
  expect(await db.selectFrom("audit_log").select("id").where("target", "like", `%${email}%`).execute()).toEqual([]);
});
