/**
 * The operator console (/admin), as an operator works in it: a visitor's
 * message found in the inbox, answered from the console and handled; the
 * analytics charts read by keyboard; the
 * same with plain form posts; and a member who finds no way in. Operators
 * are signed in by fixture (a granted role, as `npm run operator` grants it).
 * Every console loader's and action's branches (404 for everyone else, each
 * action's words, the CSV exports, the audit entries) are the route tests'
 * (app/routes/admin.*.test.ts).
 */
import { randomBytes } from "node:crypto";
import type { TestInfo } from "@playwright/test";
import { NOT_FOUND_TITLE } from "../../app/features/layout/not-found-view";
import { appDb, expect, test, uniqueEmail, waitForMail } from "./fixtures";

const token = (testInfo: TestInfo, label: string) => `${label}-${testInfo.project.name}-${randomBytes(4).toString("hex")}`;

test("an operator finds a visitor's message, replies from the console and the reply reaches the sender", async ({
  page,
  browser,
  baseURL,
  signIn,
}, testInfo) => {
  test.slow(true, "a visitor's browser, then the console over five page loads, then the mail");
  const word = token(testInfo, "Question");
  const sender = uniqueEmail(testInfo, "asker");
  // The visitor, in a browser of their own, sends it through the contact page.
  const visitor = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": "10.77.1.2" } });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto("/contact");
  await visitorPage.getByLabel("Name").fill(`Ravi ${word}`);
  await visitorPage.getByLabel("Email").fill(sender);
  await visitorPage.getByLabel("Message", { exact: true }).fill(`Does it speak Tamil? ${word}`);
  await visitorPage.getByRole("button", { name: "Send Message" }).click();
  await expect(visitorPage.getByText("Message Sent!", { exact: false })).toBeVisible();
  await visitor.close();

  const operator = await signIn({ operator: true, name: "Ops Person" });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/messages$/);
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await page.getByLabel("Search").fill(word);
  await page.getByLabel("Form", { exact: true }).selectOption("contact");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`form=contact.*q=${word}`));
  const card = page.getByRole("list", { name: "Messages" }).getByRole("article");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`Does it speak Tamil? ${word}`);

  await card.getByText("Reply", { exact: true }).click();
  await card.getByLabel(`Your reply to ${sender}`).fill("Not yet, Ravi: Tamil is next on our list.");
  await card.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByText(`Reply sent to ${sender}.`)).toBeVisible();
  const mail = await waitForMail(sender, /Re: your message to/);
  expect(mail.text).toContain("Not yet, Ravi: Tamil is next on our list.");
  expect(mail.text).toContain(`> Does it speak Tamil? ${word}`);

  // Replied is handled: it left the open view, and stays with its reply under "all".
  await page.goto(`/admin/messages?q=${encodeURIComponent(word)}&status=all`);
  await expect(page.getByRole("list", { name: `Replies to Ravi ${word}` })).toContainText(`Reply by ${operator.email}`);
  await expect(page.getByRole("list", { name: "Messages" }).getByRole("article").first()).toContainText("Handled");
  await page.goto(`/admin/audit?q=${encodeURIComponent(sender)}`);
  await expect(page.getByRole("row").filter({ hasText: "message.replied" }).filter({ hasText: sender })).toHaveCount(1);
});

test("the console's sections switch at once, with no loading overlay, and its own navigation", async ({ page, signIn }) => {
  await signIn({ operator: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/admin/messages");
  // No marketing header or footer: the console is an app of its own.
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await page.evaluate(() => {
    const w = window as unknown as { overlaySeen: boolean };
    w.overlaySeen = false;
    // The overlay shows while <html> carries data-navigating (app.css).
    new MutationObserver(() => {
      if (document.documentElement.hasAttribute("data-navigating")) w.overlaySeen = true;
    }).observe(document.documentElement, { attributes: true, attributeFilter: ["data-navigating"] });
  });
  for (const section of ["Forms", "Audit", "Inbox"]) {
    await page
      .getByRole("navigation", { name: /console/i })
      .getByRole("link", { name: section })
      .click();
    await expect(page.getByRole("link", { name: section })).toHaveAttribute("aria-current", "page");
  }
  expect(await page.evaluate(() => (window as unknown as { overlaySeen: boolean }).overlaySeen)).toBe(false);
});

test("a member finds no way to the console: no link in the menus, and /admin is the not-found page", async ({ page, signIn }) => {
  await signIn();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/profile");
  await page.getByRole("button", { name: /Account menu for/ }).click();
  await expect(page.getByRole("menu").getByRole("menuitem", { name: "View Profile" })).toBeVisible();
  await expect(page.getByRole("menu").getByRole("menuitem", { name: "Operator console" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(page.locator('a[href^="/admin"]')).toHaveCount(0);
  const answer = await page.goto("/admin/messages");
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(NOT_FOUND_TITLE);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an operator filters, marks handled and reopens with plain form posts", async ({ page, request, signIn }, testInfo) => {
    const word = token(testInfo, "NoJs");
    const sent = await request.post("/api/forms/feedback", { data: { name: `Cy ${word}`, email: uniqueEmail(testInfo, "cy"), message: `Text ${word}` } });
    expect(sent.status()).toBe(200);
    await signIn({ operator: true });
    await page.goto(`/admin/messages?q=${word}`);
    await page.getByRole("button", { name: "Mark handled" }).click();
    await expect(page.getByText(`Marked the message from Cy ${word} as handled.`)).toBeVisible();
    await page.goto(`/admin/messages?status=handled&q=${word}`);
    await page.getByRole("button", { name: "Reopen" }).click();
    await expect(page.getByText(`Reopened the message from Cy ${word}.`)).toBeVisible();
    const row = await appDb(testInfo).selectFrom("form_message").select(["status", "handled_by"]).where("name", "=", `Cy ${word}`).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "open", handled_by: null });
  });
});

for (const javaScriptEnabled of [false, true]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("deleting selected messages asks first, and Cancel keeps them", async ({ page, request, signIn }, testInfo) => {
      const word = token(testInfo, javaScriptEnabled ? "DelJs" : "DelNoJs");
      const sent = await request.post("/api/forms/feedback", { data: { name: `Di ${word}`, email: uniqueEmail(testInfo, "di"), message: `Text ${word}` } });
      expect(sent.status()).toBe(200);
      await signIn({ operator: true });
      await page.goto(`/admin/messages?q=${word}`);
      await page.getByRole("checkbox", { name: `Select the message from Di ${word}` }).check();
      await page.getByRole("button", { name: "Delete selected" }).click();
      const ask = page.getByRole("dialog", { name: "Delete the selected messages for good?" });
      await expect(ask).toBeVisible();
      await ask.getByRole("button", { name: "Cancel" }).click();
      await expect(ask).toBeHidden();
      await expect(page.getByText(`Text ${word}`)).toBeVisible();

      await page.getByRole("button", { name: "Delete selected" }).click();
      await ask.getByRole("button", { name: "Delete for good" }).click();
      await expect(page.getByText("Deleted 1 message.")).toBeVisible();
      const left = await appDb(testInfo).selectFrom("form_message").select("id").where("name", "=", `Di ${word}`).execute();
      expect(left).toEqual([]);
    });
  });
}

test("the analytics charts are in the site's font, and their legends work by keyboard and by pointer", async ({ page, signIn }) => {
  await signIn({ operator: true });
  // A page view to chart (the charts show once there is something to show).
  const beacon = { device: "desktop", connection: "4g", events: [{ route: "/team", metric: "pageview" }] };
  const sent = await page.request.post("/api/vitals", {
    headers: {
      "content-type": "text/plain;charset=UTF-8",
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
    },
    data: JSON.stringify(beacon),
  });
  expect(sent.status()).toBe(204);
  await page.goto("/admin/analytics");
  await expect(page.getByTestId("page-views-table")).toContainText("/team");
  const chart = page.getByTestId("analytics-charts").locator(".uplot").first();
  const legend = chart.locator(".u-legend");
  await expect(legend).toBeVisible();
  // uPlot's own stylesheet would give the system font.
  for (const part of [legend, chart.locator(".u-title")]) {
    expect(await part.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/^"?Inter"?,/);
  }
  // A legend entry is a toggle button: reached with Tab, pressed with Enter or Space, aria-pressed its state.
  const toggle = legend.getByRole("button", { name: "Page views" });
  const row = legend.locator("tr.u-series", { has: page.getByRole("button", { name: "Page views" }) });
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await toggle.focus();
  await page.keyboard.press("Shift+Tab");
  await expect(toggle).not.toBeFocused();
  await page.keyboard.press("Tab");
  await expect(toggle).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(row).toHaveClass(/\bu-off\b/);
  await page.keyboard.press("Space");
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(row).not.toHaveClass(/\bu-off\b/);
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(row).toHaveClass(/\bu-off\b/);
});
