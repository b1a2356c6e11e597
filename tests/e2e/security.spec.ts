/**
 * The security page's journeys (issue 19): two-factor set up by typing the
 * key into an authenticator and then asked at every sign-in, a passkey added
 * and used alone, a stale session asked to confirm it's you. Signed in by
 * fixture; signing in again goes through the form, since that is the journey.
 * The refusals' words and codes are the route tests'
 * (app/routes/auth.two-factor.test.ts, profile.security.test.ts).
 */
import type { Page } from "@playwright/test";
import { sessionCookieFor } from "../support/account-fixture";
import { authenticator, type Authenticator } from "../support/authenticator";
import { ageSessions, appDb, expect, PASSWORD, test, waitForMail } from "./fixtures";

/** The code after the current one: valid now too (one step of drift), and never used yet. */
const nextCode = (app: Authenticator) => app.code(1);

/** Turns two-factor on from the security page: the key into an authenticator, the backup codes read, the first code in. */
async function turnOnTwoFactor(page: Page) {
  await page.goto("/profile/security");
  const section = page.getByRole("region", { name: /^Two-factor authentication/ });
  await expect(section).toContainText("Off");
  await section.getByLabel("Your password").fill(PASSWORD);
  await section.getByRole("button", { name: "Set up two-factor" }).click();
  const key = (await section.getByLabel("Setup key").textContent())!;
  await expect(section.getByRole("img", { name: /QR code/ })).toBeVisible();
  const backupCodes = await section.getByRole("list", { name: "Backup codes" }).getByRole("listitem").allTextContents();
  expect(backupCodes).toHaveLength(10);
  const app = authenticator(key);
  const firstCode = await app.code();
  await section.getByLabel("6-digit code from the app").fill(firstCode);
  await section.getByRole("button", { name: "Turn on two-factor" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Two-factor authentication is on." })).toBeVisible();
  await expect(section).toContainText("10 backup codes are left.");
  return { app, backupCodes, firstCode };
}

/** Signed out (the cookies gone), then the password through the form: the code step. */
async function passwordThenCodeStep(page: Page, email: string) {
  await page.context().clearCookies({ name: /session_token|two_factor|dont_remember/ });
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/two-factor/);
  await expect(page.getByRole("heading", { level: 1, name: "Two-factor authentication" })).toBeVisible();
}

test("two-factor: set up by typing the key; every sign-in asks for a code, a backup code works once, a trusted browser skips it", async ({
  page,
  signIn,
}, testInfo) => {
  test.slow(true, "four sign-ins through the form after the setup");
  const user = await signIn();
  const { app, backupCodes, firstCode } = await turnOnTwoFactor(page);
  expect((await waitForMail(user.email, /Two-factor authentication is on/)).text).toContain("from Chrome on Windows");
  // Stored encrypted: neither the key nor a backup code is in the database in clear.
  const row = await appDb(testInfo).selectFrom("twoFactor").select(["secret", "backupCodes"]).where("userId", "=", user.id).executeTakeFirstOrThrow();
  expect(row.backupCodes).not.toContain(backupCodes[0]!);
  expect(row.secret).not.toContain(app.key.slice(0, 8));

  await passwordThenCodeStep(page, user.email);
  const field = page.getByLabel("Authentication code");
  // The code that turned it on was used: not accepted again, though still in its window.
  await field.fill(firstCode);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("That code was already used. Wait for the next one in your authenticator app.")).toBeVisible();
  await expect(field).toBeFocused();
  await field.fill(await nextCode(app));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/home$/);

  await passwordThenCodeStep(page, user.email);
  await page.getByRole("link", { name: "Use a backup code" }).click();
  await page.getByLabel("Backup code").fill(backupCodes[3]!);
  await page.getByLabel("Trust this device for 30 days").check();
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/home$/);

  // Trusted: the password alone signs this browser in.
  await page.context().clearCookies({ name: /session_token/ });
  await page.goto("/auth");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto("/profile/security");
  const section = page.getByRole("region", { name: /^Two-factor authentication/ });
  await expect(section).toContainText("9 backup codes are left.");

  // Turned off with the password; the notice names the device.
  const turnOff = section.locator("form", { has: page.getByRole("button", { name: "Turn off two-factor" }) });
  await turnOff.getByLabel("Your password").fill(PASSWORD);
  await turnOff.getByRole("button", { name: "Turn off two-factor" }).click();
  await expect(section.getByRole("button", { name: "Set up two-factor" })).toBeVisible();
  expect((await waitForMail(user.email, /Two-factor authentication was turned off/)).text).toContain("from Chrome on Windows");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("two-factor: the password, then the code, with plain form posts", async ({ page, browser, baseURL, clientIp, signIn }) => {
    test.slow(true, "a setup in a second browser with scripts, then a sign-in without");
    const user = await signIn();
    // Turned on with scripts (a person sets it up once), in a browser holding the same session.
    const setup = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": clientIp } });
    await setup.addCookies(await page.context().cookies());
    const { app } = await turnOnTwoFactor(await setup.newPage());
    await setup.close();

    await passwordThenCodeStep(page, user.email);
    await page.getByLabel("Authentication code").fill("000000" === (await app.code()) ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("That code is not right. Check your authenticator app and try again.")).toBeVisible();
    await page.getByLabel("Authentication code").fill(await nextCode(app));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await page.goto("/profile/security");
    await expect(page.getByRole("region", { name: /^Two-factor authentication/ })).toContainText("On");
  });

  test("a stale session confirms it's them with the password, then signs every other device out", async ({ page, signIn, accounts }, testInfo) => {
    const user = await signIn();
    await sessionCookieFor(accounts.auth, user.id); // the phone in their pocket
    await ageSessions(testInfo, user.email, 30);
    await page.goto("/profile/security");
    const confirm = page.getByRole("region", { name: "Confirm it's you" });
    await expect(page.getByRole("region", { name: "Change password" })).toContainText("To change your password, first confirm it's you.");
    await confirm.getByLabel("Your password").fill("not-my-password");
    await confirm.getByRole("button", { name: "Confirm with password" }).click();
    await expect(confirm.getByText("That password is not correct.")).toBeVisible();
    await confirm.getByLabel("Your password").fill(PASSWORD);
    await confirm.getByRole("button", { name: "Confirm with password" }).click();
    await expect(page.getByLabel("Current password")).toBeVisible();
    await page.getByRole("button", { name: "Sign out everywhere else" }).click();
    await expect(page.getByText("Every other device was signed out.")).toBeVisible();
    const sessions = await appDb(testInfo).selectFrom("session").select("id").where("userId", "=", user.id).execute();
    expect(sessions).toHaveLength(1);
  });
});

test("a changed password empties the form, and the next attempt's errors replace the notice", async ({ page, signIn }) => {
  await signIn();
  await page.goto("/profile/security");
  const section = page.getByRole("region", { name: "Change password" });
  const current = section.getByLabel("Current password");
  await current.fill(PASSWORD);
  await section.getByLabel("New password", { exact: true }).fill("a-fresh-password-42");
  await section.getByLabel("Repeat the new password").fill("a-fresh-password-42");
  await section.getByRole("button", { name: "Change password" }).click();
  const notice = page.getByText("Your password was changed. Every other device was signed out.");
  await expect(notice).toBeVisible();
  await expect(current).toHaveValue("");
  // Pressed again with nothing typed: the page's own check refuses it, and the old success goes.
  await section.getByRole("button", { name: "Change password" }).click();
  await expect(current).toHaveAttribute("aria-invalid", "true");
  await expect(current).toBeFocused();
  await expect(notice).toHaveCount(0);
});

test.describe("passkeys", () => {
  /** A platform authenticator with user verification (Chromium's virtual one), answering every prompt by itself. */
  async function virtualAuthenticator(page: Page) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    return { credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials };
  }

  async function addPasskey(page: Page, name: string) {
    await page.goto("/profile/security");
    const section = page.getByRole("region", { name: "Passkeys" });
    await section.getByLabel("Name for the new passkey").fill(name);
    await section.getByRole("button", { name: "Add a passkey" }).click();
    await expect(section.getByRole("status")).toHaveText('Passkey added. Next time, choose "Sign in with a passkey".');
    await expect(section.getByRole("list", { name: "Your passkeys" }).getByRole("listitem").filter({ hasText: name })).toBeVisible();
  }

  test("add one, rename it, sign in with it alone, remove it: refused afterwards", async ({ page, signIn }, testInfo) => {
    test.slow(true, "two sign-ins with a passkey and three security mails");
    const authenticator = await virtualAuthenticator(page);
    const user = await signIn();
    await addPasskey(page, "Work laptop");
    expect(await authenticator.credentials()).toHaveLength(1);
    expect((await waitForMail(user.email, /A passkey was added/)).text).toContain('"Work laptop"');

    const section = page.getByRole("region", { name: "Passkeys" });
    await section.getByLabel("New name for Work laptop").fill("Home laptop");
    await section.getByRole("button", { name: "Rename" }).click();
    await expect(section.getByText("Passkey renamed.")).toBeVisible();
    await expect(section.getByRole("list", { name: "Your passkeys" })).toContainText("Home laptop");

    // Signed out: the passkey alone signs in (no address, no password). Its button is there once the page can use it.
    await page.context().clearCookies({ name: /session_token/ });
    await page.goto("/auth");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page).toHaveURL(/\/home$/);
    const row = await appDb(testInfo).selectFrom("passkey").select("last_used_at").where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.last_used_at).not.toBeNull();

    await page.goto("/profile/security");
    await section.getByRole("button", { name: "Remove the passkey Home laptop" }).click();
    await expect(section.getByText("Passkey removed. It can no longer sign in to your account.")).toBeVisible();
    await page.context().clearCookies({ name: /session_token/ });
    await page.goto("/auth");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page.getByRole("alert")).toHaveText("That passkey is not registered here. Sign in another way and add it on your security page.");
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("a stale session confirms it's them with a passkey, then may change the password", async ({ page, signIn, newSession }, testInfo) => {
    await virtualAuthenticator(page);
    const user = await signIn();
    await addPasskey(page, "Phone");
    // Twenty minutes pass (a new session of the same account, aged before this browser uses it).
    await newSession(user);
    await ageSessions(testInfo, user.email, 20);
    await page.goto("/profile/security");
    const confirm = page.getByRole("region", { name: "Confirm it's you" });
    await expect(page.getByLabel("Current password")).toHaveCount(0);
    await confirm.getByRole("button", { name: "Confirm with a passkey" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByLabel("Current password")).toBeVisible();
  });
});
