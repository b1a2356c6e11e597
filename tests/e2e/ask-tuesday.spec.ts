/**
 * Ask Tuesday (issue 41), as visitors meet it: on a phone and a desktop, in
 * English and Hindi, by mouse, by keyboard alone and with JavaScript off.
 * A price, a refund, a privacy question and one the site cannot answer;
 * the sources lead to the place on the page; "Write to the team" opens the
 * contact page with the question in the message.
 */
import type { Page } from "@playwright/test";
import { formatRupees, plans, priceFor } from "~/features/pricing";
import { expect, expectAccessible, test } from "./fixtures";

const student = plans.find((p) => p.id === "student")!;

async function openPanel(page: Page, scripts = true) {
  const button = page.getByTestId("chat-button");
  await expect(button).toBeVisible({ timeout: 8_000 });
  // With scripts, let its pop-in end (a press mid-animation may miss it); without, nothing can be evaluated.
  if (scripts) await button.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  await button.click();
  const panel = page.getByTestId("chat-panel");
  await expect(panel).toBeVisible();
  return panel;
}

for (const device of [
  { name: "phone", viewport: { width: 390, height: 844 }, hasTouch: true },
  { name: "desktop", viewport: { width: 1280, height: 800 }, hasTouch: false },
]) {
  test.describe(device.name, () => {
    test.use({ viewport: device.viewport, hasTouch: device.hasTouch });

    test("a price and a refund are answered in the panel, with the place they come from", async ({ page }) => {
      await page.goto("/pricing");
      const panel = await openPanel(page);
      await panel.getByRole("searchbox").fill("student plan kitne ka hai");
      await panel.getByRole("button", { name: "Ask" }).click();
      const answer = panel.getByTestId("help-panel-answer");
      await expect(answer).toContainText(formatRupees(priceFor(student, "monthly")));
      await expect(answer).toContainText(formatRupees(priceFor(student, "yearly")));
      await expect(answer.getByRole("link", { name: /Student plan/ })).toHaveAttribute("href", "/pricing#plan-student");

      await panel.getByRole("searchbox").fill("Can I get a refund on my subscription?");
      await panel.getByRole("searchbox").press("Enter");
      await expect(answer).toContainText("non-refundable");
      await answer.getByRole("button", { name: "Helpful", exact: true }).click();
      await expect(answer).toContainText("Thank you for telling us.");
      // A text fragment: the browser scrolls to the heading and marks it (and keeps the directive out of location).
      const source = answer.getByRole("link", { name: /Return and Refund Policy/ });
      await expect(source).toHaveAttribute("href", "/terms#:~:text=Return%20and%20Refund%20Policy");
      await source.click();
      await expect(page).toHaveURL(/\/terms$/);
    });
  });
}

test("what the site does not say: one sentence, and the team a press away with the question already written", async ({ page }) => {
  await page.goto("/");
  const panel = await openPanel(page);
  await panel.getByRole("searchbox").fill("Is Tuesday AI better than ChatGPT?");
  await panel.getByRole("button", { name: "Ask" }).click();
  const answer = panel.getByTestId("help-panel-answer");
  await expect(answer).toHaveAttribute("data-kind", "none");
  await expect(answer.getByRole("link", { name: "Contact support" })).toHaveAttribute("href", "/contact");
  await answer.getByRole("link", { name: "Write to the team" }).click();
  await expect(page).toHaveURL(/\/contact\?message=/);
  await expect(page.getByLabel(/Message/)).toHaveValue("Is Tuesday AI better than ChatGPT?");
});

test("in Hindi: a privacy page's starter question, answered in Hindi from the Hindi page", async ({ page }) => {
  await page.goto("/hi/privacy");
  const panel = await openPanel(page);
  await panel.getByRole("link", { name: "क्या आप मेरा डेटा बेचते हैं?" }).click();
  const answer = panel.getByTestId("help-panel-answer");
  await expect(answer).toContainText("हम आपका डेटा नहीं बेचते");
  await expect(answer.getByRole("link").first()).toHaveAttribute("href", /^\/hi\/privacy/);
  await expectAccessible(page);
});

test("a question in Devanagari on an English page: answered in Hindi, marked as Hindi", async ({ page }) => {
  await page.goto("/pricing");
  const panel = await openPanel(page);
  await panel.getByRole("searchbox").fill("क्या मुझे पैसे वापस मिलेंगे?");
  await panel.getByRole("button", { name: "Ask" }).click();
  const answer = panel.getByTestId("help-panel-answer");
  await expect(answer.locator("p[lang=hi]")).toContainText("रिफ़ंड");
  await expect(answer.getByRole("link").first()).toHaveAttribute("href", /^\/hi\/terms/);
});

test("by keyboard alone: the button, the question, the answer announced", async ({ page }) => {
  await page.goto("/privacy");
  const button = page.getByTestId("chat-button");
  await expect(button).toBeVisible({ timeout: 8_000 });
  await button.focus();
  await page.keyboard.press("Enter");
  const panel = page.getByTestId("chat-panel");
  await expect(panel).toBeVisible();
  await page.getByRole("searchbox").focus();
  await page.keyboard.type("how can i download my data");
  await page.keyboard.press("Enter");
  await expect(panel.locator("[aria-live=polite]")).toContainText("Download my data");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the panel's form opens the answer as a page: a price, a privacy question, one it cannot answer", async ({ page }) => {
    await page.goto("/pricing");
    const panel = await openPanel(page, false);
    await panel.getByRole("searchbox").fill("what does the standard plan cost per year");
    await panel.getByRole("button", { name: "Ask" }).click();
    await expect(page).toHaveURL(/\/help\?q=/);
    const answer = page.getByTestId("help-answer");
    const standard = plans.find((p) => p.id === "standard")!;
    await expect(answer).toContainText(formatRupees(priceFor(standard, "yearly")));

    await page.getByRole("searchbox").fill("Do you sell my data?");
    await page.getByRole("button", { name: "Ask" }).click();
    await expect(answer.getByRole("link").first()).toHaveAttribute("href", /^\/privacy/);
    await answer.getByRole("button", { name: "Not helpful" }).click();
    await expect(page.getByRole("status")).toHaveText("Thank you for telling us.");

    await page.goto(`/hi/help?q=${encodeURIComponent("aaj mausam kaisa hai")}`);
    await expect(page.getByTestId("help-answer")).toHaveAttribute("data-kind", "none");
    await expect(page.getByRole("link", { name: "टीम को लिखें" })).toHaveAttribute("href", /^\/hi\/contact\?message=/);
  });
});

test("the answer page passes axe in both languages", async ({ page }) => {
  await page.goto(`/help?q=${encodeURIComponent("Can I cancel my subscription?")}`);
  await expect(page.getByTestId("help-answer")).toContainText("cannot be cancelled");
  await expectAccessible(page);
  await page.goto(`/hi/help?q=${encodeURIComponent("क्या मैं सदस्यता रद्द कर सकता हूँ?")}`);
  await expect(page.getByTestId("help-answer")).toHaveAttribute("data-kind", "answer");
  await expectAccessible(page);
});
