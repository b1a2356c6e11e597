/**
 * Passwords that are not already leaked (issue 19): a common password, the
 * brand's own words and a password a breach published (the local range server
 * of global-setup lists BREACHED_PASSWORD) are refused wherever a password is
 * chosen (sign-up, change, reset), with the reason beside the field; with and
 * without JavaScript.
 */
import type { Page } from "@playwright/test";
import { PASSWORD_MESSAGES } from "../../app/features/auth/password-policy.server";
import { BREACHED_PASSWORD } from "../support/pwned-range-server";
import { randomBytes } from "node:crypto";
import { harnessUrl } from "../support/ports";
import { createVerifiedUser, expect, expectAccessible, linkIn, open, overlayCleared, PASSWORD, signInViaUi, test, uniqueEmail, waitForMail } from "./fixtures";

const REFUSED: Array<[string, string]> = [
  ["password", PASSWORD_MESSAGES.common],
  ["tuesdayai2026", PASSWORD_MESSAGES.brand],
  [BREACHED_PASSWORD, PASSWORD_MESSAGES.breached],
];

/** The field is marked invalid and its description is the reason. */
async function expectRefusedBeside(page: Page, label: string, reason: string) {
  const field = page.getByLabel(label, { exact: true });
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(reason);
}

test.describe("new passwords", () => {
  test("sign-up refuses a common, a brand and a breached password beside the field; a good one goes through", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, "policy-signup");
    await open(page, "/auth?mode=signup");
    for (const [password, reason] of REFUSED) {
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(password);
      await page.getByRole("button", { name: "Create Account" }).click();
      await expectRefusedBeside(page, "Password", reason);
      // Said once, beside the field: no banner repeats it (ADR 0027).
      await expect(page.getByText("Please choose another password.")).toHaveCount(0);
      await expect(page).toHaveURL(/mode=signup/);
    }
    await expectAccessible(page);
    // Typing a new password clears the old reason.
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await expect(page.getByLabel("Password", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(/mode=verify/);
  });

  test("without JavaScript too", async ({ browser, baseURL, clientIp }, testInfo) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": clientIp } });
    const page = await context.newPage();
    await page.goto("/auth?mode=signup");
    await page.getByLabel("Email").fill(uniqueEmail(testInfo, "policy-nojs"));
    await page.getByLabel("Password", { exact: true }).fill(BREACHED_PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expectRefusedBeside(page, "Password", PASSWORD_MESSAGES.breached);
    await context.close();
  });

  test("changing the password on the security page: refused beside the new password", async ({ page, request }, testInfo) => {
    const user = await createVerifiedUser(request, uniqueEmail(testInfo, "policy-change"));
    await signInViaUi(page, user.email);
    await open(page, "/profile/security");
    for (const [password, reason] of REFUSED) {
      await page.getByLabel("Current password").fill(PASSWORD);
      await page.getByLabel("New password", { exact: true }).fill(password);
      await page.getByLabel("Repeat the new password").fill(password);
      await page.getByRole("button", { name: "Change password" }).click();
      await expect(page.getByText(reason)).toBeVisible();
      await expect(page.getByLabel("New password", { exact: true })).toHaveAttribute("aria-invalid", "true");
    }
  });

  test("a reset link: refused beside the new password, then a good one is set", async ({ page, request }, testInfo) => {
    const user = await createVerifiedUser(request, uniqueEmail(testInfo, "policy-reset"));
    await open(page, "/auth?mode=reset");
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    const link = linkIn(await waitForMail(user.email, /Reset your Tuesday AI password/), /reset-password/);
    await page.goto(link);
    for (const [password, reason] of REFUSED) {
      await page.getByLabel("New password", { exact: true }).fill(password);
      await page.getByLabel("Repeat the new password").fill(password);
      await page.getByRole("button", { name: "Set new password" }).click();
      await expectRefusedBeside(page, "New password", reason);
    }
    await expectAccessible(page);
    await page.getByLabel("New password", { exact: true }).fill("brand-new-pass-9");
    await page.getByLabel("Repeat the new password").fill("brand-new-pass-9");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByText("Your password has been changed. Sign in with your new password.")).toBeVisible();
  });

  test("an owner whose password a breach published since is signed in, then asked to change it", async ({ page, request }, testInfo) => {
    const password = `Was-Fine-${randomBytes(4).toString("hex")}`;
    const user = await createVerifiedUser(request, uniqueEmail(testInfo, "policy-later"), password);
    // The password leaks after the account was made.
    expect((await fetch(`${harnessUrl.pwnedRange}/__control/breach`, { method: "POST", body: password })).status).toBe(200);

    await open(page, "/auth");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/profile\/security\?password=weak$/);
    await expect(page.getByRole("status").filter({ hasText: "has appeared in a data breach" })).toBeVisible();
    await overlayCleared(page);
    await expectAccessible(page);

    await page.getByLabel("Current password").fill(password);
    await page.getByLabel("New password", { exact: true }).fill("a-fresh-secret-42");
    await page.getByLabel("Repeat the new password").fill("a-fresh-secret-42");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Your password was changed. Every other device was signed out.")).toBeVisible();
    await expect(page.getByText("has appeared in a data breach")).toHaveCount(0);
    // The next sign-in with the new password goes where it always did.
    await page.context().clearCookies();
    await signInViaUi(page, user.email, "a-fresh-secret-42");
  });
});
