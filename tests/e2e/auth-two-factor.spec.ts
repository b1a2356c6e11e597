/**
 * Two-factor authentication (issue 19): set up from the security page by
 * typing the key into a TOTP library (as a person types it into an app),
 * then every sign-in asks for a code; a wrong code and a used code are
 * refused, a backup code works once, "trust this device" skips the step; the
 * same without JavaScript. Google and GitHub sign-in: oauth.spec.ts.
 */
import type { Page } from "@playwright/test";
import { appDb, createVerifiedUser, expect, expectAccessible, open, overlayCleared, PASSWORD, test, uniqueEmail, waitForMail } from "./fixtures";
import { authenticator, nextCode, turnOnTwoFactor } from "./two-factor-helpers";

/** Signs in with the password through the /auth form and lands on the code step. */
async function passwordThenCodeStep(page: Page, email: string) {
  await open(page, "/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/two-factor/);
  await expect(page.getByRole("heading", { level: 1, name: "Two-factor authentication" })).toBeVisible();
}

async function signOut(page: Page) {
  await page.context().clearCookies({ name: /session_token|two_factor|dont_remember/ });
}

test.describe("two-factor authentication", () => {
  test("set up by typing the key; a sign-in asks for the code; wrong and used codes refused; a backup code once; a trusted device skips it", async ({ page, request }, testInfo) => {
    // Seven sign-ins, each with its 1.4 s overlay, and a run of axe: minutes on a busy two-core machine.
    test.setTimeout(180_000);
    const email = uniqueEmail(testInfo, "totp");
    await createVerifiedUser(request, email);
    await open(page, "/auth");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
    await overlayCleared(page);

    const { app, backupCodes, firstCode } = await turnOnTwoFactor(page, PASSWORD);
    const mail = await waitForMail(email, /Two-factor authentication is on/);
    expect(mail.text).toContain("Review account security");
    // Like every security notice, it names the device (Playwright's "Desktop Chrome" says Windows whatever the machine).
    expect(mail.text).toContain("from Chrome on Windows");
    // Stored encrypted: neither the key nor a backup code is in the database in clear.
    const row = await appDb(testInfo).selectFrom("twoFactor").innerJoin("user", "user.id", "twoFactor.userId").select(["secret", "backupCodes"]).where("user.email", "=", email).executeTakeFirstOrThrow();
    expect(row.backupCodes).not.toContain(backupCodes[0]!);
    expect(row.secret).not.toContain(app.secret.base32.slice(0, 8));

    // Signed out, the password alone is not enough.
    await signOut(page);
    await passwordThenCodeStep(page, email);
    expect((await page.request.get("/api/auth/get-session").then((r) => r.json())) ?? null).toBeNull();
    await expectAccessible(page);

    const field = page.getByLabel("Authentication code");
    const wrong = firstCode === "000000" ? "111111" : "000000";
    await field.fill(wrong);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("That code is not right. Check your authenticator app and try again.")).toBeVisible();
    await expect(field).toBeFocused();

    // The code that turned two-factor on was used: it is not accepted again, though still in its window.
    await field.fill(firstCode);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("That code was already used. Wait for the next one in your authenticator app.")).toBeVisible();

    await field.fill(nextCode(app));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await overlayCleared(page);

    // A backup code works once.
    await signOut(page);
    await passwordThenCodeStep(page, email);
    await page.getByRole("link", { name: "Use a backup code" }).click();
    await page.getByLabel("Backup code").fill(backupCodes[3]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await overlayCleared(page);
    await open(page, "/profile/security");
    await expect(page.getByRole("region", { name: /^Two-factor authentication/ })).toContainText("9 backup codes are left.");

    await signOut(page);
    await passwordThenCodeStep(page, email);
    await page.getByRole("link", { name: "Use a backup code" }).click();
    await page.getByLabel("Backup code").fill(backupCodes[3]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("That backup code is not right, or it was used already.")).toBeVisible();

    // "Trust this device for 30 days": the next sign-in on this browser needs no code.
    await page.getByLabel("Backup code").fill(backupCodes[4]!);
    await page.getByLabel("Trust this device for 30 days").check();
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await signOut(page);
    await open(page, "/auth");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);

    // Turned off from the security page (signed in just now: fresh enough); its notice names the device too.
    await open(page, "/profile/security");
    const section = page.getByRole("region", { name: /^Two-factor authentication/ });
    const turnOff = section.locator("form", { has: page.getByRole("button", { name: "Turn off two-factor" }) });
    await turnOff.getByLabel("Your password").fill(PASSWORD);
    await turnOff.getByRole("button", { name: "Turn off two-factor" }).click();
    await expect(section.getByRole("button", { name: "Set up two-factor" })).toBeVisible();
    expect((await waitForMail(email, /Two-factor authentication was turned off/)).text).toContain("from Chrome on Windows");
  });

  test("five wrong codes end the challenge: sign in again", async ({ page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, "totp-guess");
    await createVerifiedUser(request, email);
    await open(page, "/auth");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
    const { app } = await turnOnTwoFactor(page, PASSWORD);
    await signOut(page);
    await passwordThenCodeStep(page, email);
    const valid = new Set([app.generate({ timestamp: Date.now() - 30_000 }), app.generate(), nextCode(app), app.generate({ timestamp: Date.now() + 60_000 })]);
    const wrong = ["000001", "000002", "000003", "000004", "000005", "000006"].filter((c) => !valid.has(c)).slice(0, 5);
    for (const code of wrong) {
      await page.getByLabel("Authentication code").fill(code);
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page.getByText("That code is not right. Check your authenticator app and try again.")).toBeVisible();
    }
    await page.getByLabel("Authentication code").fill(nextCode(app));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("Too many wrong codes. Sign in again to get a new chance.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in again" })).toBeVisible();
  });

  for (const width of [390, 1280]) {
    test(`the setup (QR code, key, backup codes) and the code step pass axe at ${width} px`, async ({ page, request }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      const email = uniqueEmail(testInfo, `totp-axe${width}`);
      await createVerifiedUser(request, email);
      await open(page, "/auth");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(page).toHaveURL(/\/home$/);
      await open(page, "/profile/security");
      await expectAccessible(page);
      const section = page.getByRole("region", { name: /^Two-factor authentication/ });
      await section.getByLabel("Your password").fill(PASSWORD);
      await section.getByRole("button", { name: "Set up two-factor" }).click();
      await expect(section.getByRole("list", { name: "Backup codes" })).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({ path: testInfo.outputPath(`setup-${width}.png`), fullPage: true });
      const app = authenticator((await section.getByLabel("Setup key").textContent())!);
      await section.getByLabel("6-digit code from the app").fill(app.generate());
      await section.getByRole("button", { name: "Turn on two-factor" }).click();
      await expect(section).toContainText("10 backup codes are left.");
      await expectAccessible(page);

      await signOut(page);
      await passwordThenCodeStep(page, email);
      await page.getByLabel("Authentication code").fill("12");
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page.getByText("That code is not right. Check your authenticator app and try again.")).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({ path: testInfo.outputPath(`code-step-${width}.png`), fullPage: true });
    });
  }

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the password, then the code, with plain form posts", async ({ page, browser, baseURL, request, clientIp }, testInfo) => {
      const email = uniqueEmail(testInfo, "totp-nojs");
      await createVerifiedUser(request, email);
      // Turned on with scripts (a person sets it up once); signed in without them from then on.
      const setup = await browser.newContext({ baseURL, javaScriptEnabled: true, extraHTTPHeaders: { "x-forwarded-for": clientIp } });
      const setupPage = await setup.newPage();
      await setupPage.goto("/auth");
      await setupPage.getByLabel("Email").fill(email);
      await setupPage.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await setupPage.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(setupPage).toHaveURL(/\/home$/);
      const { app } = await turnOnTwoFactor(setupPage, PASSWORD);
      await setup.close();

      await page.goto("/auth");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(page).toHaveURL(/\/auth\/two-factor/);
      await page.getByLabel("Authentication code").fill("000000" === app.generate() ? "111111" : "000000");
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page.getByText("That code is not right. Check your authenticator app and try again.")).toBeVisible();
      await page.getByLabel("Authentication code").fill(nextCode(app));
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page).toHaveURL(/\/home$/);
      await page.goto("/profile/security");
      await expect(page.getByRole("region", { name: /^Two-factor authentication/ })).toContainText("On");
    });
  });
});
