/**
 * The site by keyboard alone (issue 12's acceptance): no mouse, no clicks.
 * After every step focus is on something visible that makes sense, never on
 * <body>: navigating, the chat panel, signing up and in, editing the profile, and
 * deleting the account with a wrong password first. axe runs with the chat
 * panel and the delete dialog open.
 */
import type { Page } from "@playwright/test";
import { expect, expectAccessible, linkIn, open, overlayCleared, PASSWORD, profileOf, test, uniqueEmail, waitForMail } from "./fixtures";

/** What has focus: never <body> (focus lost), always something on screen. */
async function focusIsSomewhere(page: Page) {
  const state = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { body: true, visible: false, what: "body" };
    const box = el.getBoundingClientRect();
    return { body: false, visible: box.width > 0 && box.height > 0, what: `${el.tagName} ${el.textContent?.trim().slice(0, 40)}` };
  });
  expect(state.body, "focus fell to <body>").toBe(false);
  expect(state.visible, `focused element is not visible: ${state.what}`).toBe(true);
}

/** Presses Tab until the focused element matches, at most `max` times. */
async function tabTo(page: Page, matches: (el: { tag: string; text: string; label: string | null }) => boolean, max = 40) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const el = await page.evaluate(() => {
      const a = document.activeElement as HTMLElement;
      return { tag: a.tagName, text: (a.textContent ?? "").trim(), label: a.getAttribute("aria-label") };
    });
    if (matches(el)) return;
  }
  throw new Error("never reached by Tab");
}

for (const width of [390, 1280]) {
  test(`by keyboard at ${width} px: navigate, chat, sign up, sign in, edit the profile, delete the account (wrong password first)`, async ({ page }, testInfo) => {
    // Six journeys in one test, every step by Tab: 46 s on a quiet two-core machine, past 90 s when the
    // machine also builds (a CI run on ec0b9fa ended at the last step, "Account deleted", at 1.7 min).
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: 900 });
    const email = uniqueEmail(testInfo, `kb${width}`);
    // The name typed at sign-up is the one the delete dialog asks for.
    const user = { email, password: PASSWORD, name: "Keyboard Kavya" };

    // The skip link comes first and lands in the page.
    await open(page, "/about");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();

    // The chat panel: open from its button, focus moves in, axe is clean, Escape returns focus to the button.
    const chat = page.getByTestId("chat-button");
    await expect(chat).toBeVisible({ timeout: 5_000 });
    await chat.focus();
    await page.keyboard.press("Enter");
    const panel = page.getByRole("dialog", { name: "Chat with Tuesday AI" });
    await expect(panel).toBeVisible();
    expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(chat).toBeFocused();

    // Sign up: the check-your-email state names the address and takes focus.
    await open(page, "/auth?mode=signup");
    await tabTo(page, (el) => el.tag === "INPUT");
    await expect(page.getByLabel("Name (optional)")).toBeFocused();
    await page.keyboard.type(user.name);
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Email")).toBeFocused();
    await page.keyboard.type(user.email);
    await page.keyboard.press("Tab");
    await page.keyboard.type(user.password);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your email");
    await expect(page.getByText(user.email).first()).toBeVisible();
    await focusIsSomewhere(page);
    // The link in the mail (opened from the mail program, as a person would).
    await page.goto(linkIn(await waitForMail(user.email, /Verify your email/), /verify-email/));
    // It signs in (issue 22); the keyboard sign-in below starts signed out again.
    await expect(page).toHaveURL(/\/home$/);
    await page.context().clearCookies({ name: /session_token|session_data/ });

    // Sign in.
    await open(page, "/auth");
    await tabTo(page, (el) => el.tag === "INPUT");
    await expect(page.getByLabel("Email")).toBeFocused();
    await page.keyboard.type(user.email);
    await page.keyboard.press("Tab");
    await page.keyboard.type(user.password);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/home$/);
    await overlayCleared(page);
    await focusIsSomewhere(page);

    // Edit and save the profile.
    await open(page, "/profile");
    await tabTo(page, (el) => el.text === "Edit Profile");
    await page.keyboard.press("Enter");
    await expect(page.getByLabel("Name")).toBeFocused();
    await tabTo(page, (el) => el.tag === "TEXTAREA");
    await page.keyboard.type("Typed without a mouse.");
    await tabTo(page, (el) => el.text === "Save");
    await page.keyboard.press("Enter");
    // While it saves, focus stays on the Save button (aria-disabled, not disabled, so it keeps focus).
    await focusIsSomewhere(page);
    await expect(page.getByText("Typed without a mouse.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Edit Profile" })).toBeFocused();
    await focusIsSomewhere(page);

    // Delete: a wrong password keeps the dialog open with the spec's message, then the right one deletes.
    await tabTo(page, (el) => el.text === "Delete Account");
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await focusIsSomewhere(page);
    await dialog.getByLabel(/Type your name/).focus();
    await page.keyboard.type(user.name);
    await page.keyboard.press("Tab");
    await page.keyboard.type("not-the-password-9");
    await page.keyboard.press("Enter");
    await expect(dialog.getByText("Failed to delete account. Please check your password.")).toBeVisible();
    await expect(dialog).toBeVisible();
    await focusIsSomewhere(page);
    expect(await profileOf(testInfo, user.email)).toBeTruthy();

    // Escape closes it and focus returns to the button that opened it.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Delete Account" })).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(/Type your name/).focus();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type(user.name);
    await page.keyboard.press("Tab");
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type(user.password);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/home$/);
    await expect.poll(() => profileOf(testInfo, user.email)).toBeUndefined();
    await overlayCleared(page);
    await focusIsSomewhere(page);
  });
}
