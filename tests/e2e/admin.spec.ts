/**
 * The operator console (/admin) and the Formspree-compatible form API
 * (POST /f/:form), tried as a visitor, a member, an operator and a site built
 * on Formspree's own client (`@formspree/core`, the real package).
 *
 * Operators: `operator-<project>@tuesday.test` is named in OPERATOR_EMAILS (global-setup);
 * other tests grant the role on the user record, as `npm run operator` does.
 */
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createClient } from "@formspree/core";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { NOT_FOUND_TITLE } from "../../app/features/layout/not-found-view";
import { site } from "../../app/config/site";
import { appDb, createVerifiedUser, expect, expectAccessible, failNextMails, open, overlayCleared, signInViaUi, test, uniqueEmail, waitForMail } from "./fixtures";

/**
 * The address OPERATOR_EMAILS names on this project's server (global-setup): one per project, since
 * every server mails the same SMTP sink and a shared address would pick up another server's link.
 */
const listedOperatorEmail = (testInfo: TestInfo) => `operator-${testInfo.project.name}@tuesday.test`;
const ADMIN_PATHS = ["/admin", "/admin/messages", "/admin/forms", "/admin/waitlist", "/admin/waitlist/export", "/admin/accounts/some-id/export", "/admin/audit", "/admin/mail", "/admin/accounts", "/admin/analytics", "/admin/accounts/some-id", "/admin/messages/export", "/admin/nothing-here", "/admin/messages.data"];

function token(testInfo: TestInfo, label: string): string {
  return `${label}-${testInfo.project.name}-${randomBytes(4).toString("hex")}`;
}

async function grantOperator(testInfo: TestInfo, email: string) {
  const db = appDb(testInfo);
  const user = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  await db.updateTable("profile").set({ role: "operator" }).where("user_id", "=", user.id).execute();
}

/**
 * The listed operator's account, made once per database (tests may run in any
 * order, and in parallel: a test that finds the account still unverified, made
 * by another worker a moment ago, waits for its verification instead of signing
 * in to "verify your email first"). Returns its address.
 */
async function listedOperator(request: APIRequestContext, testInfo: TestInfo): Promise<string> {
  const email = listedOperatorEmail(testInfo);
  const verified = async () => (await appDb(testInfo).selectFrom("user").select("emailVerified").where("email", "=", email).executeTakeFirst())?.emailVerified;
  // Another worker may be making it right now: its sign-up wins, this one answers like a taken address.
  if ((await verified()) === undefined) await createVerifiedUser(request, email).catch(() => {});
  await expect.poll(async () => Boolean(await verified()), { timeout: 15_000 }).toBe(true);
  return email;
}

async function postMessage(request: APIRequestContext, kind: "feedback" | "contact", fields: { name: string; email: string; message: string }) {
  const res = await request.post(`/api/forms/${kind}`, { data: fields, headers: { "x-forwarded-for": `10.77.${randomBytes(1)[0]}.${randomBytes(1)[0]! || 1}` } });
  expect(res.status(), await res.text()).toBe(200);
}

async function expectNotFound(page: Page, request: APIRequestContext) {
  for (const path of ADMIN_PATHS) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(404);
    expect(await res.text(), path).not.toMatch(/Operator console|Inbox/);
  }
  const post = await request.post("/admin/messages", { form: { intent: "handled", id: "x" }, headers: { Origin: new URL(page.url() || "http://x").origin } });
  expect(post.status()).toBe(404);
  const forms = await request.post("/admin/forms", { form: { intent: "create", key: "evil", name: "Evil", notifyEmail: "", allowedOrigins: "" } });
  expect(forms.status()).toBe(404);
}

test.describe("the operator console", () => {
  test("does not exist for a visitor or a member: 404 for every path and action", async ({ page, request }, testInfo) => {
    await open(page, "/");
    await expectNotFound(page, request);
    await open(page, "/admin/messages");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(NOT_FOUND_TITLE);

    const member = await createVerifiedUser(request, uniqueEmail(testInfo, "member"));
    await signInViaUi(page, member.email);
    await expectNotFound(page, page.request);
    // Nothing leads a member there: their account menu and the side menu have no "Operator console".
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, "/profile");
    await page.getByRole("button", { name: /Account menu for/ }).click();
    const accountMenu = page.getByRole("menu");
    await expect(accountMenu.getByRole("menuitem", { name: "View Profile" })).toBeVisible();
    await expect(accountMenu.getByRole("menuitem", { name: "Operator console" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "Open menu" }).click();
    const sideMenu = page.getByRole("dialog", { name: "Menu" });
    await expect(sideMenu.getByRole("link", { name: "View Profile" })).toBeVisible();
    await expect(sideMenu.getByRole("link", { name: "Operator console" })).toHaveCount(0);
    await expect(page.locator('a[href^="/admin"]')).toHaveCount(0);
    await page.keyboard.press("Escape");
    await open(page, "/admin");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(NOT_FOUND_TITLE);
    // The form it could not create does not exist.
    expect(await appDb(testInfo).selectFrom("form").select("key").where("key", "=", "evil").executeTakeFirst()).toBeUndefined();
  });

  test("an operator finds a contact message, marks it handled (audited) and exports exactly the filter", async ({ page, request }, testInfo) => {
    const operator = await listedOperator(request, testInfo);
    const word = token(testInfo, "Inbox");
    const visitor = uniqueEmail(testInfo, "visitor");
    // A contact message through the page, as a visitor sends it; a feedback message with the same word.
    await open(page, "/contact");
    await page.getByLabel("Name").fill(`Ada ${word}`);
    await page.getByLabel("Email").fill(visitor);
    await page.getByLabel("Message", { exact: true }).fill(`Please call me back about ${word}.`);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Message Sent!", { exact: false })).toBeVisible();
    await postMessage(request, "feedback", { name: `Bo ${word}`, email: uniqueEmail(testInfo, "fb"), message: `Lovely, ${word}.` });

    await signInViaUi(page, operator);
    await open(page, "/admin");
    await expect(page).toHaveURL(/\/admin\/messages$/);
    await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Inbox" })).toHaveAttribute("aria-current", "page");

    await page.getByLabel("Search").fill(word);
    await page.getByLabel("Form", { exact: true }).selectOption("contact");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(new RegExp(`form=contact.*q=${word}`));
    const cards = page.getByRole("list", { name: "Messages" }).getByRole("article");
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(`Please call me back about ${word}.`);
    // The reply is written here, not in a mail program (the reply test below sends one).
    await expect(cards.first().getByText("Reply", { exact: true })).toBeVisible();
    await expectAccessible(page);

    await cards.first().getByRole("button", { name: "Mark handled" }).click();
    await expect(page.getByText(`Marked the message from Ada ${word} as handled.`)).toBeVisible();
    // The default view shows open messages: it is gone from it, and it is under "Handled".
    await expect(cards).toHaveCount(0);
    await page.getByLabel("Status").selectOption("handled");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(`Handled by ${operator}`);

    // The CSV of a filter: exactly its messages (both forms with the word; then only contact).
    const all = await page.request.get(`/admin/messages/export?status=all&q=${word}`);
    expect(all.status()).toBe(200);
    expect(all.headers()["content-type"]).toContain("text/csv");
    expect(all.headers()["content-disposition"]).toMatch(/attachment; filename="messages-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (await all.text()).trim().split("\r\n");
    expect(lines[0]).toContain('"id","created_at","kind","name","email","message"');
    expect(lines.slice(1).map((line) => line.split(",")[2]).sort()).toEqual(['"contact"', '"feedback"']);
    // A link on another site cannot start the download (nor write the audit log).
    const linked = await page.request.get(`/admin/messages/export?q=${word}`, { headers: { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" } });
    expect(linked.status()).toBe(404);
    const contactOnly = (await (await page.request.get(`/admin/messages/export?form=contact&status=handled&q=${word}`)).text()).trim().split("\r\n");
    expect(contactOnly).toHaveLength(2);
    expect(contactOnly[1]).toContain(visitor);
    expect(contactOnly[1]).toContain(',"handled",');

    // Searched by the visitor's address: other tests' operators write to the same log meanwhile.
    await open(page, `/admin/audit?q=${encodeURIComponent(visitor)}`);
    const row = page.getByRole("row").filter({ hasText: "message.handled" }).filter({ hasText: visitor });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(operator);
    await open(page, `/admin/audit?q=${encodeURIComponent(`messages.exported ${word}`)}`);
    await expect(page.getByRole("row").filter({ hasText: "messages.exported" }).filter({ hasText: word }).first()).toBeVisible();
    await expectAccessible(page);
  });

  test("no loading overlay ever covers the console: its sections switch at once", async ({ page, request }, testInfo) => {
    await signInViaUi(page, await listedOperator(request, testInfo));
    await open(page, "/admin/messages");
    await page.evaluate(() => {
      const w = window as unknown as { overlaySeen: boolean };
      w.overlaySeen = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="route-overlay"]')) w.overlaySeen = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    for (const section of ["Forms", "Audit", "Inbox"]) {
      await page.getByRole("navigation", { name: /console/i }).getByRole("link", { name: section }).click();
      await expect(page.getByRole("link", { name: section })).toHaveAttribute("aria-current", "page");
    }
    expect(await page.evaluate(() => (window as unknown as { overlaySeen: boolean }).overlaySeen)).toBe(false);
  });

  test("without JavaScript: filter and reopen with plain form posts", async ({ browser, request }, testInfo) => {
    const operator = await createVerifiedUser(request, uniqueEmail(testInfo, "ops"));
    await grantOperator(testInfo, operator.email);
    const word = token(testInfo, "NoJs");
    await postMessage(request, "feedback", { name: `Cy ${word}`, email: uniqueEmail(testInfo, "cy"), message: `Text ${word}` });
    const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": `10.78.${randomBytes(1)[0]}.9` } });
    const page = await context.newPage();
    await page.goto("/auth");
    await page.getByLabel("Email").fill(operator.email);
    await page.getByLabel("Password", { exact: true }).fill(operator.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
    await page.goto(`/admin/messages?q=${word}`);
    await page.getByRole("button", { name: "Mark handled" }).click();
    await expect(page.getByText(`Marked the message from Cy ${word} as handled.`)).toBeVisible();
    await page.goto(`/admin/messages?status=handled&q=${word}`);
    await page.getByRole("button", { name: "Reopen" }).click();
    await expect(page.getByText(`Reopened the message from Cy ${word}.`)).toBeVisible();
    const row = await appDb(testInfo).selectFrom("form_message").select(["status", "handled_by"]).where("name", "=", `Cy ${word}`).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "open", handled_by: null });
    await context.close();
  });
});

test.describe("mail, as an operator sees it", () => {
  test("a mail the server refused is listed with its error; Retry now sends it (audited); delivered mail leaves the list", async ({ page, request }, testInfo) => {
    const operator = await createVerifiedUser(request, uniqueEmail(testInfo, "mail-op"));
    await grantOperator(testInfo, operator.email);
    const word = token(testInfo, "Refused");
    // Refused for as long as the test says (other mails succeeding would otherwise bring it forward at once).
    await failNextMails(1_000, word);
    await postMessage(request, "contact", { name: word, email: "sender@example.com", message: `About ${word}` });
    const db = appDb(testInfo);
    await expect
      .poll(async () => (await db.selectFrom("mail_outbox").select("attempts").where("subject", "like", `%${word}%`).executeTakeFirst())?.attempts, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1);

    await signInViaUi(page, operator.email);
    await open(page, "/admin/mail");
    await expect(page.getByRole("heading", { name: "Mail", level: 1 })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: word });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("form-notification");
    await expect(row).toContainText(site.contactEmail);
    // Waiting for its next attempt. Other tests' mail going out brings a failing mail forward (the outbox
    // asks again as soon as the server answers), so the page may catch it mid-attempt ("sending", without
    // "Retry now"): look again until it waits.
    const untilWaiting = async () => {
      await expect(async () => {
        if (!(await row.textContent())?.includes("waiting")) await open(page, "/admin/mail");
        await expect(row).toContainText("waiting", { timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
    };
    await untilWaiting();
    await expect(row).toContainText("451");
    await expectAccessible(page);

    // Retry now while the server still refuses: the operator is told it is on its way, the attempt fails
    // again and the mail waits again. (Between the look and the click another test's mail may bring it
    // forward; then the page says it is not waiting, and we look again.)
    await expect(async () => {
      await untilWaiting();
      await row.getByRole("button", { name: /^Retry now/ }).click();
      await expect(page.getByText(`Retrying the form-notification mail to ${site.contactEmail} now.`)).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 40_000 });
    // Once the server takes it, the next retry (the operator's, or one brought forward) delivers it.
    await failNextMails(0, word);
    await expect(async () => {
      const status = (await db.selectFrom("mail_outbox").select("status").where("subject", "like", `%${word}%`).executeTakeFirst())?.status;
      if (status === "sent") return;
      await open(page, "/admin/mail");
      const retry = row.getByRole("button", { name: /^Retry now/ });
      if (await retry.isVisible()) await retry.click();
      throw new Error(`still ${status}`);
    }).toPass({ timeout: 30_000 });
    await waitForMail(site.contactEmail, new RegExp(word));
    await open(page, "/admin/mail");
    await expect(page.getByRole("row").filter({ hasText: word })).toHaveCount(0);

    await open(page, `/admin/audit?q=${encodeURIComponent(`mail.retried ${operator.email}`)}`);
    await expect(page.getByRole("row").filter({ hasText: "mail.retried" }).filter({ hasText: site.contactEmail })).not.toHaveCount(0);
    await overlayCleared(page);
  });
});

test.describe("accounts, as an operator sees them", () => {
  test("counts and search; a read-only record with no secret; password reset by mail; sign-in stopped and allowed again (audited)", async ({ page, browser, request, playwright, baseURL, clientIp }, testInfo) => {
    const operator = await createVerifiedUser(request, uniqueEmail(testInfo, "acct-op"));
    await grantOperator(testInfo, operator.email);
    // Its own API client: the first one holds cookies now, and Better Auth wants an Origin with cookies.
    const memberApi = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": `10.80.${randomBytes(1)[0]}.8` } });
    const member = await createVerifiedUser(memberApi, uniqueEmail(testInfo, "acct-member"));
    await memberApi.dispose();
    // The member is signed in elsewhere.
    const memberContext = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": `10.79.${randomBytes(1)[0]}.7` } });
    const memberPage = await memberContext.newPage();
    await signInViaUi(memberPage, member.email);

    await signInViaUi(page, operator.email);
    // Other tests sign up in parallel: the page's count lies between the database's before and after it.
    const countUsers = async () => Number((await appDb(testInfo).selectFrom("user").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    const before = await countUsers();
    await open(page, "/admin/accounts");
    await expect(page.getByRole("heading", { level: 1, name: "Accounts" })).toBeVisible();
    const total = Number((await page.locator("dt", { hasText: /^Accounts$/ }).locator("xpath=following-sibling::dd").innerText()).replace(/,/g, ""));
    const after = await countUsers();
    expect(total).toBeGreaterThanOrEqual(before);
    expect(total).toBeLessThanOrEqual(after);
    await expect(page.getByRole("img", { name: /^Sign-ups per day: \d+ in 30 days/ })).toBeVisible();
    await page.getByRole("link", { name: "90 days" }).click();
    await expect(page.getByRole("img", { name: /in 90 days/ })).toBeVisible();

    await page.getByLabel("Email address contains").fill(member.email.slice(0, 20));
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("list", { name: "Accounts found" }).getByRole("link", { name: member.email }).click();
    await expect(page.getByRole("heading", { level: 1, name: member.email })).toBeVisible();
    await expect(page.getByText("password", { exact: true })).toBeVisible();
    const html = await page.content();
    const secrets = await appDb(testInfo)
      .selectFrom("session")
      .innerJoin("user", "user.id", "session.userId")
      .select("session.token")
      .where("user.email", "=", member.email)
      .execute();
    expect(secrets.length).toBeGreaterThan(0);
    for (const { token: secret } of secrets) expect(html).not.toContain(secret);
    const hash = await appDb(testInfo).selectFrom("account").innerJoin("user", "user.id", "account.userId").select("account.password").where("user.email", "=", member.email).executeTakeFirstOrThrow();
    expect(html).not.toContain(hash.password!);
    expect(html).not.toContain(clientIp);
    await expectAccessible(page);

    await page.getByRole("button", { name: "Send password reset" }).click();
    await expect(page.getByText(`A password-reset link was sent to ${member.email}.`)).toBeVisible();
    await waitForMail(member.email, /^Reset your .* password$/);

    await page.getByRole("button", { name: "Stop sign-in" }).click();
    await expect(page.getByText(`${member.email} can no longer sign in, and was signed out everywhere.`)).toBeVisible();
    // Signed out at once, and refused at the next sign-in with a clear message.
    await memberPage.goto("/profile");
    await expect(memberPage).toHaveURL(/\/auth/);
    await memberPage.getByLabel("Email").fill(member.email);
    await memberPage.getByLabel("Password", { exact: true }).fill(member.password);
    await memberPage.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(memberPage.getByText("This account cannot sign in at the moment.", { exact: false })).toBeVisible();
    await expect(memberPage).toHaveURL(/\/auth/);

    await page.getByRole("button", { name: "Allow sign-in" }).click();
    await expect(page.getByText(`${member.email} can sign in again.`)).toBeVisible();
    await signInViaUi(memberPage, member.email);
    await memberContext.close();

    await open(page, `/admin/audit?q=${encodeURIComponent(member.email)}`);
    for (const action of ["account.password-reset-sent", "account.sign-in-disabled", "account.sign-in-enabled"]) {
      await expect(page.getByRole("row").filter({ hasText: action }).filter({ hasText: member.email })).toHaveCount(1);
    }
  });

  test("the console is an app of its own: its navigation, the operator shown, no marketing header or footer; the account menu links to it", async ({ page, request }, testInfo) => {
    const operator = await listedOperator(request, testInfo);
    await signInViaUi(page, operator);
    await open(page, "/profile");
    await page.getByRole("button", { name: /Account menu for/ }).click();
    await page.getByRole("menuitem", { name: "Operator console" }).click();
    await expect(page).toHaveURL(/\/admin\/messages$/);
    await expect(page.getByRole("navigation", { name: "Operator console" }).getByRole("link")).toHaveText(["Inbox", "Forms", "Accounts", "Waitlist", "Analytics", "Mail", "Audit log"]);
    await expect(page.getByRole("banner")).toContainText(operator);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole("link", { name: "View the site" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    // On a phone, the side menu has the link too.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Operator console" }).click();
    await expect(page).toHaveURL(/\/admin\/messages$/);
  });

  test("the inbox by keyboard and in bulk: select, mark handled, reopen and delete many at once (each audited)", async ({ page, request }, testInfo) => {
    const operator = await listedOperator(request, testInfo);
    const word = token(testInfo, "Bulk");
    for (const name of ["Anu", "Bela", "Chitra"]) {
      await postMessage(request, "contact", { name: `${name} ${word}`, email: uniqueEmail(testInfo, name.toLowerCase()), message: `About ${word}, from ${name}.` });
    }
    await signInViaUi(page, operator);
    await open(page, `/admin/messages?status=all&q=${word}`);
    const cards = page.getByRole("list", { name: "Messages" }).getByRole("article");
    await expect(cards).toHaveCount(3);

    // By keyboard: "/" is the search, j moves to the first message, x selects it, e marks it handled.
    await page.locator("body").click({ position: { x: 1, y: 1 } });
    await page.keyboard.press("/");
    await expect(page.getByLabel("Search")).toBeFocused();
    await page.getByLabel("Search").press("Escape");
    await page.locator("h1").click();
    await page.keyboard.press("j");
    await expect(cards.first()).toBeFocused();
    await page.keyboard.press("x");
    await expect(cards.first().getByRole("checkbox")).toBeChecked();
    await page.keyboard.press("e");
    await expect(page.getByText(/^Marked the message from \S+ \S+ as handled\.$/)).toBeVisible();

    // The console's own help, which "?" shows and hides, says what the other keys do.
    const help = page.locator("details", { has: page.getByText("Keyboard shortcuts", { exact: true }) });
    await page.locator("h1").click();
    await expect(help).not.toHaveAttribute("open");
    await page.keyboard.press("?");
    await expect(help).toHaveAttribute("open", "");
    const says = Object.fromEntries(await help.locator("dl > div").evaluateAll((rows) => rows.map((row) => [row.querySelector("dt")?.textContent?.trim(), row.querySelector("dd")?.textContent?.trim()])));
    expect(says).toMatchObject({ "j / k": "next / previous message", r: "reply", "?": "show or hide these keys" });
    // k: the previous message.
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    await expect(cards.nth(1)).toBeFocused();
    await page.keyboard.press("k");
    await expect(cards.first()).toBeFocused();
    // r: the reply to the message in focus, ready to type; in the field, keys are text, not shortcuts.
    await page.keyboard.press("r");
    const reply = cards.first().getByLabel(/^Your reply to /);
    await expect(reply).toBeVisible();
    await expect(reply).toBeFocused();
    await page.keyboard.type("kj?");
    await expect(reply).toHaveValue("kj?");
    await expect(reply).toBeFocused();
    await expect(help).toHaveAttribute("open", "");
    // ?: hides the help again.
    await page.locator("h1").click();
    await page.keyboard.press("?");
    await expect(help).not.toHaveAttribute("open");

    // In bulk: the other two selected, marked handled together; then all three reopened; then two deleted.
    for (const i of [1, 2]) await cards.nth(i).getByRole("checkbox").check();
    await page.getByRole("button", { name: "Handle selected" }).click();
    await expect(page.getByText("Marked 2 messages as handled.")).toBeVisible();
    await expect(cards.filter({ hasText: "Handled by" })).toHaveCount(3);
    for (const i of [0, 1, 2]) await cards.nth(i).getByRole("checkbox").check();
    await page.getByRole("button", { name: "Open selected again" }).click();
    await expect(page.getByText("Reopened 3 messages.")).toBeVisible();
    for (const i of [0, 1]) await cards.nth(i).getByRole("checkbox").check();
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "Delete selected" }).click();
    await expect(page.getByText("Deleted 2 messages.")).toBeVisible();
    await expect(cards).toHaveCount(1);
    const kept = await appDb(testInfo).selectFrom("form_message").select("id").where("message", "like", `%${word}%`).execute();
    expect(kept).toHaveLength(1);
    const audit = await appDb(testInfo).selectFrom("audit_log").select("action").where("actor_email", "=", operator).where("detail", "like", "contact%").execute();
    const counts = audit.reduce<Record<string, number>>((all, { action }) => ({ ...all, [action]: (all[action] ?? 0) + 1 }), {});
    expect(counts["message.deleted"]).toBeGreaterThanOrEqual(2);
  });

  test("a person stuck before verification gets a fresh link; their data is exported and their account deleted on request (each audited)", async ({ page, request, playwright, baseURL }, testInfo) => {
    const operator = await createVerifiedUser(request, uniqueEmail(testInfo, "help-op"));
    await grantOperator(testInfo, operator.email);
    const stuck = uniqueEmail(testInfo, "stuck");
    // Signed up (its own client: no cookies of the operator's), never verified.
    const stuckApi = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": `10.81.${randomBytes(1)[0]}.9` } });
    const signUp = await stuckApi.post("/api/auth/sign-up/email", { data: { email: stuck, password: "a-long-enough-password-7", name: "Stuck Person" }, headers: { origin: new URL(baseURL!).origin } });
    expect(signUp.status(), await signUp.text()).toBe(200);
    await stuckApi.dispose();
    await waitForMail(stuck, /^Verify your email/);
    const user = await appDb(testInfo).selectFrom("user").select("id").where("email", "=", stuck).executeTakeFirstOrThrow();

    await signInViaUi(page, operator.email);
    await open(page, `/admin/accounts/${encodeURIComponent(user.id)}`);
    await page.getByRole("button", { name: "Resend verification" }).click();
    await expect(page.getByText(`A new verification link was sent to ${stuck}.`)).toBeVisible();
    await waitForMail(stuck, /^Verify your email/, 2);

    const exported = await page.request.get(`/admin/accounts/${encodeURIComponent(user.id)}/export`);
    expect(exported.status()).toBe(200);
    expect(exported.headers()["content-disposition"]).toMatch(/^attachment; filename="account-/);
    const json = (await exported.json()) as { record: { email: string; name: string }; sign_in_methods: { provider: string }[] };
    expect(json.record).toMatchObject({ email: stuck, name: "Stuck Person" });
    expect(json.sign_in_methods.map((m) => m.provider)).toEqual(["email and password"]);

    const confirm = page.getByLabel("Type the address to confirm");
    await confirm.fill("someone-else@example.com");
    await page.getByRole("button", { name: "Delete account" }).click();
    await expect(page.getByText(`Type the account's address (${stuck}) to confirm the deletion.`)).toBeVisible();
    expect(await appDb(testInfo).selectFrom("user").select("id").where("id", "=", user.id).executeTakeFirst()).toBeTruthy();
    // The person is on the waitlist too: a deletion on request takes that address with the account.
    const now = new Date().toISOString();
    await appDb(testInfo)
      .insertInto("waitlist_entry")
      .values({ id: `wl-${user.id}`, email: stuck.toLowerCase(), interest: "", status: "confirmed", confirm_token_hash: null, confirm_sent_at: null, source: "/coming-soon", created_at: now, confirmed_at: now, language: "en" })
      .execute();
    await page.getByLabel("Type the address to confirm").fill(stuck);
    await page.getByRole("button", { name: "Delete account" }).click();
    await expect(page).toHaveURL(/\/admin\/accounts$/);
    await expect(page.getByTestId("flash")).toContainText(`Deleted the account ${stuck}, with any place its address had on the waitlist; a notice went to the address.`);
    expect(await appDb(testInfo).selectFrom("user").select("id").where("id", "=", user.id).executeTakeFirst()).toBeUndefined();
    expect(await appDb(testInfo).selectFrom("waitlist_entry").select("id").where("email", "=", stuck.toLowerCase()).executeTakeFirst()).toBeUndefined();
    await waitForMail(stuck, /deleted/i);

    await open(page, `/admin/audit?q=${encodeURIComponent(stuck)}`);
    for (const action of ["account.verification-resent", "account.data-exported", "account.deleted"]) {
      await expect(page.getByRole("row").filter({ hasText: action }).filter({ hasText: stuck })).toHaveCount(1);
    }
  });
});

test.describe("the Formspree-compatible form API", () => {
  /** @formspree/core posts with the global fetch: give its requests this test's own client IP. */
  function withClientIp(ip: string) {
    const original = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set("x-forwarded-for", ip);
      return original(input, { ...init, headers });
    };
    return () => void (globalThis.fetch = original);
  }

  test("any fields: @formspree/core sends company and phone and the inbox shows them; a required number refuses text (TYPE_NUMERIC); the autoresponder answers; a honeypot catch waits in spam", async ({ page, request, baseURL, clientIp }, testInfo) => {
    const operator = await createVerifiedUser(request, uniqueEmail(testInfo, "parity-op"));
    await grantOperator(testInfo, operator.email);
    const key = `p-${randomBytes(4).toString("hex")}`;
    await signInViaUi(page, operator.email);
    await open(page, "/admin/forms");
    const create = page.locator("section", { has: page.getByRole("heading", { name: "New form" }) });
    await create.getByLabel("Key").fill(key);
    await create.getByLabel("Name").fill("Demo requests");
    // The usual three are there to start with; the operator adds a number that must be given.
    await expect(create.getByLabel("Fields")).toHaveValue("name text required\nemail email required\nmessage text required");
    await create.getByLabel("Fields").fill("name text required\nemail email required\nseats number required");
    await create.getByLabel("Autoresponder subject").fill("Thanks for asking for a demo");
    await create.getByLabel("Autoresponder text").fill("We will write within two working days.");
    await create.getByRole("button", { name: "Create form" }).click();
    await expect(page.getByText(`Created the form "Demo requests". It takes posts at /f/${key}.`)).toBeVisible();

    const sender = uniqueEmail(testInfo, "demo");
    const word = token(testInfo, "Parity");
    const restore = withClientIp(clientIp);
    try {
      const client = createClient();
      const ok = await client.submitForm(key, { name: `Di ${word}`, email: sender, company: "Acme Tools", phone: "+91 98765 43210", seats: 12 }, { endpoint: baseURL });
      expect(ok.kind).toBe("success");
      const bad = await client.submitForm(key, { name: "Di", email: sender, seats: "a dozen" }, { endpoint: baseURL });
      if (bad.kind !== "error") throw new Error("expected field errors");
      expect((bad as unknown as { getFieldErrors(field: string): ReadonlyArray<{ code: string; message: string }> }).getFieldErrors("seats")).toEqual([
        expect.objectContaining({ code: "TYPE_NUMERIC", message: "Seats: must be a number" }),
      ]);
    } finally {
      restore();
    }
    const reply = await waitForMail(sender, /Thanks for asking for a demo/);
    expect(reply.text).toContain("We will write within two working days.");
    expect(reply.text).not.toContain(word);

    // A bot fills Formspree's honeypot: told it worked, kept in spam, not in the inbox, no autoresponder.
    const bot = await request.post(`/f/${key}`, { data: { name: `Bot ${word}`, email: "bot@example.com", seats: "1", _gotcha: "http://spam.example" }, headers: { Accept: "application/json" } });
    expect(bot.status()).toBe(200);

    await open(page, `/admin/messages?form=${key}`);
    const messages = page.getByRole("list", { name: "Messages" }).getByRole("article");
    await expect(messages).toHaveCount(1);
    const card = messages.first();
    await expect(card).toContainText(`Di ${word}`);
    const extra = card.getByRole("definition");
    await expect(extra).toHaveText(["Acme Tools", "+91 98765 43210", "12"]);
    await expect(card.getByRole("term")).toHaveText(["company", "phone", "seats"]);
    await expect(page.getByText(`Bot ${word}`)).toHaveCount(0);
    await expectAccessible(page);

    await open(page, `/admin/messages?form=${key}&status=spam`);
    const spam = page.getByRole("list", { name: "Messages" }).getByRole("article");
    await expect(spam).toHaveCount(1);
    await expect(spam.first()).toContainText(`Bot ${word}`);
    await expect(spam.first()).toContainText("caught by: honeypot");
    await spam.first().getByRole("button", { name: "Not spam: move to the inbox" }).click();
    await expect(page.getByText(`Moved the message from Bot ${word} to the inbox.`)).toBeVisible();
    await open(page, `/admin/messages?form=${key}`);
    await expect(page.getByRole("list", { name: "Messages" }).getByRole("article")).toHaveCount(2);
    // The bot got no autoresponder: one mail to the sender only, none to the bot's address.
    expect((await appDb(testInfo).selectFrom("mail_outbox").select("id").where("kind", "=", "form-autoreply").where("ref", "in", (await appDb(testInfo).selectFrom("form_message").select("id").where("kind", "=", key).execute()).map((r) => r.id)).execute()).length).toBe(1);
    await overlayCleared(page);
  });

  test("a webhook to a local receiver arrives signed (the HMAC checks out), is retried when it answers 500, and is redelivered on demand (audited)", async ({ page, request }, testInfo) => {
    // The receiver: answers 500 to the first POST, then 200; keeps what it got.
    const received: Array<{ body: string; signature: string; event: string; delivery: string }> = [];
    const answers = [500];
    const receiver = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        received.push({ body, signature: String(req.headers["x-tuesday-signature"] ?? ""), event: String(req.headers["x-tuesday-event"] ?? ""), delivery: String(req.headers["x-tuesday-delivery"] ?? "") });
        res.writeHead(answers.shift() ?? 200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    try {
      const operator = await createVerifiedUser(request, uniqueEmail(testInfo, "hook-op"));
      await grantOperator(testInfo, operator.email);
      const key = `w-${randomBytes(4).toString("hex")}`;
      await signInViaUi(page, operator.email);
      await open(page, "/admin/forms");
      const create = page.locator("section", { has: page.getByRole("heading", { name: "New form" }) });
      await create.getByLabel("Key").fill(key);
      await create.getByLabel("Name").fill("Hooked");
      await create.getByLabel("Webhook").fill("ftp://example.com/x");
      await create.getByRole("button", { name: "Create form" }).click();
      await expect(create.getByText("Webhook: the address must start with https:// (or http://)")).toBeVisible();
      await create.getByLabel("Webhook").fill(hookUrl);
      await create.getByRole("button", { name: "Create form" }).click();
      await expect(page.getByText(`Created the form "Hooked". It takes posts at /f/${key}.`)).toBeVisible();
      const panel = page.locator(`section[aria-labelledby="hook-${key} form-${key}"]`);
      await expect(panel.getByRole("heading", { name: "Webhook deliveries" })).toBeVisible();
      const secret = (await panel.locator("code").first().textContent())!.trim();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

      const word = token(testInfo, "Hook");
      const post = await request.post(`/f/${key}`, { data: { name: `Hana ${word}`, email: "hana@example.com", message: "Ping", plan: "team" }, headers: { Accept: "application/json" } });
      expect(post.status()).toBe(200);
      await expect.poll(() => received.length, { timeout: 20_000 }).toBe(2);
      const [first, second] = received;
      expect(second!.delivery).toBe(first!.delivery);
      for (const got of received) {
        const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(got.signature) ?? [];
        expect(v1, got.signature).toBe(createHmac("sha256", secret).update(`${t}.${got.body}`).digest("hex"));
        expect(Math.abs(Number(t) - Date.now() / 1000)).toBeLessThan(120);
        expect(got.event).toBe("form.submission");
      }
      const payload = JSON.parse(second!.body) as { event: string; data: { form: string; message: { name: string; email: string; fields: Record<string, string> } } };
      expect(payload).toMatchObject({ event: "form.submission", data: { form: key, message: { name: `Hana ${word}`, email: "hana@example.com", fields: { plan: "team" } } } });
      // The delivery is what /api/openapi.json documents under `webhooks`: its body and its three headers.
      const doc = (await (await request.get("/api/openapi.json")).json()) as { webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: object }> }; parameters: Array<{ name: string; schema: object }> } }> };
      const ajv = new Ajv2020({ strict: false, allErrors: true });
      addFormats(ajv);
      ajv.addSchema({ ...doc, $id: "https://tuesday.test/openapi.json" });
      const hook = doc.webhooks["form.submission"]!.post;
      const validBody = ajv.compile({ $ref: "https://tuesday.test/openapi.json#/webhooks/form.submission/post/requestBody/content/application~1json/schema" });
      expect(validBody(payload), ajv.errorsText(validBody.errors)).toBe(true);
      const headers = { "X-Tuesday-Signature": second!.signature, "X-Tuesday-Event": second!.event, "X-Tuesday-Delivery": second!.delivery };
      for (const parameter of hook.parameters) {
        const valid = ajv.compile(parameter.schema);
        expect(valid(headers[parameter.name as keyof typeof headers]), `${parameter.name}: ${ajv.errorsText(valid.errors)}`).toBe(true);
      }

      await open(page, "/admin/forms");
      const row = panel.getByRole("row").filter({ hasText: "delivered" });
      await expect(row).toContainText("2 attempts");
      await expect(row).toContainText("HTTP 200");
      await expectAccessible(page);
      await row.getByRole("button", { name: "Redeliver" }).click();
      await expect(page.getByText("Redelivering now: its state below changes when the receiver answers.")).toBeVisible();
      await expect.poll(() => received.length, { timeout: 15_000 }).toBe(3);
      expect(received[2]!.body).toBe(second!.body);
      await open(page, `/admin/audit?q=${key}`);
      await expect(page.getByRole("row").filter({ hasText: "webhook.redelivered" })).toHaveCount(1);
      await overlayCleared(page);
    } finally {
      receiver.close();
    }
  });

  test("a reply written in the console reaches the sender, stays with the message and is audited; fifty messages are handled in one action", async ({ page, request }, testInfo) => {
    const operator = await createVerifiedUser(request, uniqueEmail(testInfo, "reply-op"));
    await grantOperator(testInfo, operator.email);
    const sender = uniqueEmail(testInfo, "asker");
    const word = token(testInfo, "Question");
    await postMessage(request, "contact", { name: `Ravi ${word}`, email: sender, message: `Does it speak Tamil? ${word}` });

    await signInViaUi(page, operator.email);
    await open(page, `/admin/messages?q=${encodeURIComponent(word)}`);
    const card = page.getByRole("list", { name: "Messages" }).getByRole("article").first();
    await expect(card).toContainText(`Ravi ${word}`);
    await card.getByText("Reply", { exact: true }).click();
    await card.getByRole("button", { name: "Send reply" }).click();
    await expect(card.getByText("Reply: write something first")).toBeVisible();
    await card.getByLabel(`Your reply to ${sender}`).fill(`Not yet, Ravi: Tamil is next on our list.`);
    await card.getByRole("button", { name: "Send reply" }).click();
    await expect(page.getByText(`Reply sent to ${sender}.`)).toBeVisible();
    const mail = await waitForMail(sender, /Re: your message to/);
    expect(mail.text).toContain("Not yet, Ravi: Tamil is next on our list.");
    expect(mail.text).toContain(`> Does it speak Tamil? ${word}`);
    await open(page, `/admin/messages?q=${encodeURIComponent(word)}&status=all`);
    const replied = page.getByRole("list", { name: `Replies to Ravi ${word}` });
    await expect(replied).toContainText(`Reply by ${operator.email}`);
    await expect(replied).toContainText("Not yet, Ravi: Tamil is next on our list.");
    await expect(page.getByRole("list", { name: "Messages" }).getByRole("article").first()).toContainText("Handled");
    await expectAccessible(page);
    await open(page, `/admin/audit?q=${encodeURIComponent(sender)}`);
    await expect(page.getByRole("row").filter({ hasText: "message.replied" }).filter({ hasText: sender })).toHaveCount(1);

    // Fifty open messages of one form: one press with "all messages of this view" handles them all (two pages' worth).
    const bulkKey = `b-${randomBytes(4).toString("hex")}`;
    const db = appDb(testInfo);
    const now = Date.now();
    await db.insertInto("form").values({ key: bulkKey, name: "Bulk", notify_email: "", enabled: 1, allowed_origins: "", built_in: 0, created_at: new Date(now).toISOString(), updated_at: new Date(now).toISOString() }).execute();
    await db
      .insertInto("form_message")
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          id: randomUUID(),
          kind: bulkKey,
          name: `Bulk ${i}`,
          email: `bulk${i}@example.com`,
          message: `Message ${i}`,
          user_id: null,
          ip_hash: "0".repeat(64),
          user_agent: "",
          created_at: new Date(now - i * 1000).toISOString(),
          notified_at: null,
          notify_error: null,
          notify_claimed_until: null,
        })),
      )
      .execute();
    await open(page, `/admin/messages?form=${bulkKey}`);
    await expect(page.getByRole("list", { name: "Messages" }).getByRole("article")).toHaveCount(25);
    await page.getByLabel("All messages of this view, not only this page (up to 1,000)").check();
    await page.getByRole("button", { name: "Handle selected" }).click();
    await expect(page.getByText("Marked 50 messages as handled.")).toBeVisible();
    const open50 = await db.selectFrom("form_message").select("id").where("kind", "=", bulkKey).where("status", "=", "open").execute();
    expect(open50).toHaveLength(0);
    // One action: an audit entry per message (its history, a search for its sender), all by this operator at one moment.
    const fifty = await db.selectFrom("form_message").select(["id", "email"]).where("kind", "=", bulkKey).execute();
    const entries = await db.selectFrom("audit_log").selectAll().where("target", "in", fifty.map((m) => `message ${m.id}`)).execute();
    expect(entries.map((e) => ({ action: e.action, actor: e.actor_email, target: e.target, detail: e.detail })).sort((a, b) => a.target.localeCompare(b.target))).toEqual(
      fifty.map((m) => ({ action: "message.handled", actor: operator.email, target: `message ${m.id}`, detail: `${bulkKey} from ${m.email}` })).sort((a, b) => a.target.localeCompare(b.target)),
    );
    expect(new Set(entries.map((e) => new Date(e.at as string | Date).toISOString())).size).toBe(1);
    await open(page, `/admin/audit?q=${encodeURIComponent(`message.handled ${bulkKey}`)}`);
    await expect(page.getByRole("row").filter({ hasText: "message.handled" }).filter({ hasText: bulkKey })).toHaveCount(50);
    await overlayCleared(page);
  });

  test("@formspree/core: success for a valid post, field errors for an invalid one, INACTIVE, FORM_NOT_FOUND; the operator manages the form", async ({ page, request, baseURL, clientIp }, testInfo) => {
    const operator = await createVerifiedUser(request, uniqueEmail(testInfo, "forms-op"));
    await grantOperator(testInfo, operator.email);
    const key = `t-${randomBytes(4).toString("hex")}`;
    const notify = uniqueEmail(testInfo, "notify");

    await signInViaUi(page, operator.email);
    await open(page, "/admin/forms");
    const create = page.getByRole("region", { name: "New form" }).or(page.locator("section", { has: page.getByRole("heading", { name: "New form" }) }));
    await create.getByLabel("Key").fill(key);
    await create.getByLabel("Name").fill("Beta waitlist");
    await create.getByLabel("Notification address").fill(notify);
    await create.getByLabel("Other sites allowed to post").fill("https://partner.example");
    await create.getByRole("button", { name: "Create form" }).click();
    await expect(page.getByText(`Created the form "Beta waitlist". It takes posts at /f/${key}.`)).toBeVisible();
    await expectAccessible(page);

    const restore = withClientIp(clientIp);
    try {
      const client = createClient();
      const word = token(testInfo, "Formspree");
      const ok = await client.submitForm(key, { name: `Di ${word}`, email: "di@example.com", message: `Hi ${word}` }, { endpoint: baseURL });
      expect(ok.kind).toBe("success");
      expect(ok.kind === "success" && ok.next).toBe(`${baseURL}/f/${key}/thanks`);
      const stored = await appDb(testInfo).selectFrom("form_message").select(["kind", "email"]).where("message", "=", `Hi ${word}`).executeTakeFirstOrThrow();
      expect(stored).toEqual({ kind: key, email: "di@example.com" });
      const mail = await waitForMail(notify, new RegExp(`New message from Di ${word}`));
      expect(mail.text).toContain(`Hi ${word}`);

      const bad = await client.submitForm(key, { name: "", email: "not-an-email" }, { endpoint: baseURL });
      expect(bad.kind).toBe("error");
      if (bad.kind !== "error") throw new Error("expected errors");
      expect(bad.getFieldErrors("name").map((e) => e.code)).toEqual(["REQUIRED_FIELD_EMPTY"]);
      expect(bad.getFieldErrors("email").map((e) => e.code)).toEqual(["TYPE_EMAIL"]);
      expect((bad as unknown as { getFieldErrors(field: string): ReadonlyArray<{ code: string }> }).getFieldErrors("message").map((e) => e.code)).toEqual(["REQUIRED_FIELD_MISSING"]);

      const missing = await client.submitForm("no-such-form", { name: "x", email: "x@example.com", message: "x" }, { endpoint: baseURL });
      expect(missing.kind === "error" && missing.getFormErrors().map((e) => e.code)).toEqual(["FORM_NOT_FOUND"]);

      // Switched off by the operator: INACTIVE.
      const editor = page.locator("li", { has: page.getByRole("heading", { name: /Beta waitlist/ }) });
      await editor.getByLabel("Accepting messages").uncheck();
      await editor.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText('Saved the form "Beta waitlist".')).toBeVisible();
      const inactive = await client.submitForm(key, { name: "x", email: "x@example.com", message: "x" }, { endpoint: baseURL });
      expect(inactive.kind === "error" && inactive.getFormErrors().map((e) => e.code)).toEqual(["INACTIVE"]);
    } finally {
      restore();
    }

    // In the inbox under its form, and both changes in the audit log.
    await open(page, `/admin/messages?form=${key}`);
    await expect(page.getByRole("list", { name: "Messages" }).getByRole("article")).toHaveCount(1);
    await open(page, `/admin/audit?q=${key}`);
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue(key);
    await expect(page.getByRole("row").filter({ hasText: "form.created" }).filter({ hasText: key })).toHaveCount(1);
    await expect(page.getByRole("row").filter({ hasText: "form.updated" }).filter({ hasText: key })).toHaveCount(1);
    await overlayCleared(page);
  });

  test("other sites: the allowed origin gets CORS, any other is BLOCKED; our own pages may post", async ({ request }, testInfo) => {
    const key = `c-${randomBytes(4).toString("hex")}`;
    const now = new Date().toISOString();
    await appDb(testInfo)
      .insertInto("form")
      .values({ key, name: "CORS", notify_email: "", enabled: 1, allowed_origins: "https://partner.example", built_in: 0, created_at: now, updated_at: now })
      .execute();
    const fields = { name: "Eve", email: "eve@example.com", message: "cross-site" };

    const preflight = await request.fetch(`/f/${key}`, { method: "OPTIONS", headers: { Origin: "https://partner.example", "Access-Control-Request-Method": "POST" } });
    expect(preflight.status()).toBe(204);
    expect(preflight.headers()["access-control-allow-origin"]).toBe("https://partner.example");
    expect(preflight.headers()["access-control-allow-headers"]).toContain("Formspree-Client");
    const foreignPreflight = await request.fetch(`/f/${key}`, { method: "OPTIONS", headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "POST" } });
    expect(foreignPreflight.headers()["access-control-allow-origin"]).toBeUndefined();

    const allowed = await request.post(`/f/${key}`, { data: fields, headers: { Origin: "https://partner.example", Accept: "application/json" } });
    expect(allowed.status()).toBe(200);
    expect(allowed.headers()["access-control-allow-origin"]).toBe("https://partner.example");
    expect(await allowed.json()).toMatchObject({ ok: true });

    const refused = await request.post(`/f/${key}`, { data: fields, headers: { Origin: "https://evil.example", Accept: "application/json" } });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ errors: [{ code: "BLOCKED", message: "This form does not accept submissions from this site." }] });

    const get = await request.get(`/f/${key}`);
    expect(get.status()).toBe(405);
    const tooBig = await request.post(`/f/${key}`, { data: { ...fields, message: "x".repeat(40_000) } });
    expect(tooBig.status()).toBe(413);
    const stored = await appDb(testInfo).selectFrom("form_message").select("id").where("kind", "=", key).execute();
    expect(stored).toHaveLength(1);
  });
});
