/**
 * The views a visitor sees only in the middle of a journey (issues 20, 21 and
 * 22: "axe clean on every route, signed out and in, both themes, both
 * languages"; the W3C Nu checker on the signed-in pages): the check-your-email
 * view after a sign-up, the live reset form from a mailed link (and its
 * refusal), the two-factor step, the waitlist's confirm and unsubscribe pages
 * before and after the press, the form service's thank-you page, and the
 * Hindi account pages. Each is reached the way a visitor reaches it, then
 * checked by axe in the light and the dark theme at 390 and 1280 px, and its
 * document by the Nu checker.
 *
 * With VIEW_SHOTS=dir set, every view is also saved as a full-page screenshot
 * per theme and width, to be looked at; VIEW_WIDTHS=1280,1024,768,390 adds
 * widths to the two that are always checked.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { hi } from "../../app/shared/i18n/messages.hi";
import { appDb, createVerifiedUser, expect, expectAccessible, linkIn, open, PASSWORD, signInViaUi, test, uniqueEmail, waitForMail } from "./fixtures";
import { nuErrors } from "./nu-checker";
import { turnOnTwoFactor } from "./two-factor-helpers";

/** Luminance of the page's background (0 black – 1 white), to be sure the theme really changed. */
async function backgroundLuminance(page: Page): Promise<number> {
  return page.evaluate(() => {
    const [r, g, b] = getComputedStyle(document.documentElement).backgroundColor.match(/[\d.]+/g)!.map(Number);
    return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
  });
}

/** Waits until no CSS transition is running (a theme switch fades colours; axe must see the end state). */
async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
}

/**
 * Checks the view the page shows now: axe in both themes at 390 and 1280 px
 * (the view is the same document, so a resize does not lose it), and keeps its
 * DOM for one Nu run at the end of the test.
 */
async function checkView(page: Page, name: string, documents: Map<string, string>) {
  for (const width of (process.env.VIEW_WIDTHS ?? "1280,390").split(",").map(Number)) {
    await page.setViewportSize({ width, height: 900 });
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await settled(page);
      const luminance = await backgroundLuminance(page);
      expect(colorScheme === "dark" ? luminance < 0.2 : luminance > 0.8, `${name}: ${colorScheme} background (luminance ${luminance.toFixed(2)})`).toBe(true);
      await expectAccessible(page);
      if (process.env.VIEW_SHOTS) {
        mkdirSync(process.env.VIEW_SHOTS, { recursive: true });
        await page.screenshot({ path: path.join(process.env.VIEW_SHOTS, `${name.replace(/[^a-z0-9\p{Script=Devanagari}]+/giu, "_")}-${width}-${colorScheme}.png`), fullPage: true });
      }
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 900 });
  documents.set(name, await page.content());
}

async function expectValidHtml(documents: Map<string, string>) {
  const errors = await nuErrors(documents);
  expect(errors, errors.join("\n")).toEqual([]);
}

test.describe("views inside the English journeys", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("check your email after sign-up, the live reset form and its refusal", async ({ page, request }, testInfo) => {
    test.setTimeout(180_000);
    const documents = new Map<string, string>();

    const email = uniqueEmail(testInfo, "views-signup");
    await open(page, "/auth?mode=signup");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your email");
    await checkView(page, "check-your-email", documents);

    const user = await createVerifiedUser(request, uniqueEmail(testInfo, "views-reset"));
    await open(page, "/auth?mode=reset");
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("status").filter({ hasText: "a password reset link is on its way" })).toBeVisible();
    await checkView(page, "reset-requested", documents);
    const mail = await waitForMail(user.email, /Reset your Tuesday AI password/);
    await page.goto(linkIn(mail, /reset-password/));
    await expect(page.getByLabel("New password", { exact: true })).toBeEditable();
    await checkView(page, "reset-form", documents);
    await page.getByLabel("New password", { exact: true }).fill("brand-new-pass-9");
    await page.getByLabel("Repeat the new password").fill("brand-new-pass-8");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByLabel("Repeat the new password")).toHaveAttribute("aria-invalid", "true");
    await checkView(page, "reset-form-mismatch", documents);

    await expectValidHtml(documents);
  });

  test("the two-factor step, and the form service's thank-you page", async ({ page, request }, testInfo) => {
    test.setTimeout(180_000);
    const documents = new Map<string, string>();
    const user = await createVerifiedUser(request, uniqueEmail(testInfo, "views-2fa"));
    await signInViaUi(page, user.email);
    await turnOnTwoFactor(page, PASSWORD);
    await page.context().clearCookies();

    await open(page, "/auth");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Two-factor authentication" })).toBeVisible();
    await checkView(page, "two-factor-step", documents);
    await page.getByLabel(/code/i).first().fill("000000");
    await page.getByRole("button", { name: /^Verify/ }).click();
    await expect(page.getByRole("alert").or(page.locator("[aria-invalid=true]")).first()).toBeVisible();
    await checkView(page, "two-factor-step-refused", documents);

    await open(page, "/f/contact/thanks");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you. Your message was sent.");
    await checkView(page, "form-thanks", documents);

    await expectValidHtml(documents);
  });

  test("the waitlist's confirm and unsubscribe pages, before and after the press", async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    const documents = new Map<string, string>();
    const email = uniqueEmail(testInfo, "views-wait");
    await open(page, "/waitlist");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Notify me at launch" }).click();
    await expect(page.getByRole("status")).toContainText("a link to confirm it is on its way");
    const mail = await waitForMail(email, /Confirm your place on the Tuesday AI waitlist/);

    await page.goto(linkIn(mail, /\/waitlist\/confirm\?token=/));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your place");
    await checkView(page, "waitlist-confirm", documents);
    await page.getByRole("button", { name: "Confirm my place" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are on the list");
    await checkView(page, "waitlist-confirmed", documents);

    await page.goto(linkIn(mail, /\/waitlist\/unsubscribe\?id=/));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Leave the waitlist?");
    await checkView(page, "waitlist-unsubscribe", documents);
    await page.getByRole("button", { name: "Leave the waitlist" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You have left the waitlist");
    await checkView(page, "waitlist-left", documents);

    await expectValidHtml(documents);
  });
});

test.describe("the Hindi account views", () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  const t = hi;

  test("sign-in, sign-up, check your email, reset request, profile (read, edit, delete) and security, in Hindi", async ({ page, request }, testInfo) => {
    test.setTimeout(300_000);
    const documents = new Map<string, string>();

    await open(page, "/hi/auth");
    await expect(page.getByRole("button", { name: t.auth.views.submit.signin, exact: true })).toBeVisible();
    await checkView(page, "hi-sign-in", documents);

    await open(page, "/hi/auth?mode=signup");
    await page.getByLabel(t.auth.views.emailLabel, { exact: true }).fill(uniqueEmail(testInfo, "views-hi"));
    await page.getByLabel(t.auth.views.passwordLabel, { exact: true }).fill(`hindi-pass-${Date.now()}`);
    await page.getByRole("button", { name: t.auth.views.submit.signup }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.auth.views.headings.verify.title);
    await checkView(page, "hi-check-your-email", documents);

    await open(page, "/hi/auth?mode=reset");
    await expect(page.getByRole("button", { name: t.auth.views.submit.reset })).toBeVisible();
    await checkView(page, "hi-reset-request", documents);

    const user = await createVerifiedUser(request, uniqueEmail(testInfo, "views-hi-in"));
    await signInViaUi(page, user.email);
    const db = appDb(testInfo);
    await db.updateTable("user").set({ language: "hi" }).where("email", "=", user.email).execute();
    await open(page, "/hi/profile");
    await expect(page.getByText(t.account.page.editProfile)).toBeVisible();
    // The toolbar's four buttons in one row at 1280 px, even with the wider Hindi labels and a long name.
    const toolbar = [t.account.page.editProfile, t.account.page.security, t.account.page.signOut, t.account.page.deleteAccount];
    const tops = await Promise.all(toolbar.map(async (label) => (await page.locator("main header").getByText(label, { exact: true }).first().boundingBox())!.y));
    expect(new Set(tops.map(Math.round)).size, `toolbar rows: ${tops.join(", ")}`).toBe(1);
    await checkView(page, "hi-profile", documents);
    await open(page, "/hi/profile?edit=1");
    await expect(page.getByRole("button", { name: t.account.details.save })).toBeVisible();
    await checkView(page, "hi-profile-edit", documents);
    await open(page, "/hi/profile?delete=1");
    await expect(page.getByRole("button", { name: t.account.page.deleteAccount }).first()).toBeVisible();
    await checkView(page, "hi-profile-delete", documents);
    await open(page, "/hi/profile/security");
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await checkView(page, "hi-security", documents);

    await expectValidHtml(documents);
  });
});
