/**
 * Google and GitHub sign-in through their stand-ins (tests/support/oauth-servers.ts,
 * the real protocols): the popup, its failures, the same window when popups are
 * blocked or scripts are off, two-factor after a provider, connecting and
 * disconnecting. The popup is a script's: these tests wait for the sign-in
 * page's script to have started before pressing (a press before that signs in
 * in the same window, as the no-JavaScript test shows).
 */
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { authenticator, type Authenticator } from "../support/authenticator";
import { expect, mailsTo, profileOf, queueIdentity, test, uniqueEmail, waitForMail } from "./fixtures";

// Identities are queued per app server; the tests of one project take turns.
test.describe.configure({ mode: "serial" });
// Every test makes at least one round trip through a provider's stand-in: a popup or a redirect, then our callback.
test.beforeEach(() => test.slow(true, "a round trip through a provider's stand-in"));

const sub = () => `u${randomBytes(5).toString("hex")}`;

/** Opens a page and waits for its scripts: the sign-in page's own (auth-page.ts, which opens the popup), or React Router's. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.locator("[data-auth-page][data-started], html[data-hydrated]").first().waitFor();
}

/** Waits until a popup has closed (one that ends its flow at once may close before a listener is added). */
async function popupClosed(popup: Page) {
  if (!popup.isClosed()) await popup.waitForEvent("close");
}

/** Turns two-factor on from the security page (a fresh provider sign-in needs no password); its authenticator. */
async function turnOnTwoFactor(page: Page) {
  await page.goto("/profile/security");
  const section = page.getByRole("region", { name: /^Two-factor authentication/ });
  await section.getByRole("button", { name: "Set up two-factor" }).click();
  const key = (await section.getByLabel("Setup key").textContent())!;
  const app = authenticator(key);
  await section.getByLabel("6-digit code from the app").fill(await app.code());
  await section.getByRole("button", { name: "Turn on two-factor" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Two-factor authentication is on." })).toBeVisible();
  return { app };
}

/** The code after the current one: valid now too, and never used yet. */
const nextCode = (app: Authenticator) => app.code(1);

test.describe("Google sign-in (OpenID Connect via GOOGLE_ISSUER)", () => {
  test("a popup of 500×600 signs a new user in; a second sign-in counts a second login", async ({ page, baseURL }, testInfo) => {
    test.slow(true, "two round trips through Google's stand-in");
    await page.setViewportSize({ width: 1280, height: 800 });
    const email = uniqueEmail(testInfo, "google");
    const identity = { sub: sub(), email, name: "Priya Sharma" };

    await queueIdentity("google", baseURL!, identity);
    await page.addInitScript(() => {
      const original = window.open.bind(window);
      window.open = (...args: Parameters<typeof window.open>) => {
        (window as unknown as { popupFeatures: string }).popupFeatures = String(args[2]);
        return original(...args);
      };
    });
    await open(page, "/auth");
    const popupPromise = page.waitForEvent("popup");
    await page.getByRole("button", { name: /Continue with Google/ }).click();
    const popup = await popupPromise;
    expect(await page.evaluate(() => (window as unknown as { popupFeatures: string }).popupFeatures)).toMatch(/width=500,height=600/);
    await popupClosed(popup);

    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("banner").getByRole("button", { name: "Account menu for Priya Sharma" })).toBeVisible();
    const first = await profileOf(testInfo, email);
    expect(first).toMatchObject({ name: "Priya Sharma", login_count: 1 });
    expect(Boolean(first?.emailVerified)).toBe(true);

    await page.context().clearCookies();
    await queueIdentity("google", baseURL!, identity);
    await open(page, "/auth");
    const again = page.waitForEvent("popup");
    await page.getByRole("button", { name: /Continue with Google/ }).click();
    await popupClosed(await again);
    await expect(page).toHaveURL(/\/home$/);
    const second = await profileOf(testInfo, email);
    expect(second?.login_count).toBe(2);
    expect(new Date(String(second?.last_login)).getTime()).toBeGreaterThan(new Date(String(first?.last_login)).getTime());
  });

  test("an ID token with the wrong nonce is refused", async ({ page, baseURL }, testInfo) => {
    const email = uniqueEmail(testInfo, "nonce");
    await queueIdentity("google", baseURL!, { sub: sub(), email, name: "Mallory", badNonce: true });
    await open(page, "/auth");
    const popup = page.waitForEvent("popup");
    await page.getByRole("button", { name: /Continue with Google/ }).click();
    await popupClosed(await popup);
    await expect(page.getByRole("alert")).toHaveText("Failed to sign in with Google");
    expect(await profileOf(testInfo, email)).toBeUndefined();
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  });

  test("declining at Google gives 'Failed to sign in with Google'", async ({ page, baseURL }, testInfo) => {
    await queueIdentity("google", baseURL!, { sub: sub(), email: uniqueEmail(testInfo, "deny"), deny: true });
    await open(page, "/auth");
    const popup = page.waitForEvent("popup");
    await page.getByRole("button", { name: /Continue with Google/ }).click();
    await popupClosed(await popup);
    await expect(page.getByRole("alert")).toHaveText("Failed to sign in with Google");
  });

  test("with popups blocked it signs in in the same window", async ({ page, baseURL }, testInfo) => {
    await page.addInitScript(() => {
      window.open = () => null;
    });
    const email = uniqueEmail(testInfo, "redirect");
    await queueIdentity("google", baseURL!, { sub: sub(), email, name: "Ravi Kumar" });
    await open(page, "/auth");
    await page.getByRole("button", { name: /Continue with Google/ }).click();
    await expect(page).toHaveURL(/\/home$/);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole("banner").getByRole("button", { name: "Account menu for Ravi Kumar" })).toBeVisible();
  });
});

test.describe("GitHub sign-in (GITHUB_URL, GITHUB_API_URL)", () => {
  test("takes the login name when the display name is empty", async ({ page, baseURL }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const email = uniqueEmail(testInfo, "github");
    await queueIdentity("github", baseURL!, { sub: sub(), email, login: "octo-dev", name: "" });
    await open(page, "/auth");
    const popupPromise = page.waitForEvent("popup");
    await page.getByRole("button", { name: /Continue with GitHub/ }).click();
    const popup = await popupPromise;
    await expect(popup.getByRole("heading", { name: "Authorize Tuesday AI" })).toBeVisible();
    await popup.getByRole("link", { name: "Authorize" }).click();
    await popupClosed(popup);

    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("banner").getByRole("button", { name: "Account menu for octo-dev" })).toBeVisible();
    expect(await profileOf(testInfo, email)).toMatchObject({ name: "octo-dev", login_count: 1 });
  });

  test("closing the popup gives 'Failed to sign in with GitHub'", async ({ page, baseURL }, testInfo) => {
    await queueIdentity("github", baseURL!, { sub: sub(), email: uniqueEmail(testInfo, "closer"), login: "closer" });
    await open(page, "/auth");
    const popupPromise = page.waitForEvent("popup");
    await page.getByRole("button", { name: /Continue with GitHub/ }).click();
    const popup = await popupPromise;
    await expect(popup.getByRole("heading", { name: "Authorize Tuesday AI" })).toBeVisible();
    await popup.close();
    await expect(page.getByRole("alert")).toHaveText("Failed to sign in with GitHub");
  });

  test("cancelling on GitHub gives 'Failed to sign in with GitHub'", async ({ page, baseURL }, testInfo) => {
    await queueIdentity("github", baseURL!, { sub: sub(), email: uniqueEmail(testInfo, "cancel"), login: "cancel" });
    await open(page, "/auth");
    const popupPromise = page.waitForEvent("popup");
    await page.getByRole("button", { name: /Continue with GitHub/ }).click();
    const popup = await popupPromise;
    await popup.getByRole("link", { name: "Cancel" }).click();
    await popupClosed(popup);
    await expect(page.getByRole("alert")).toHaveText("Failed to sign in with GitHub");
  });
});

/** Google or GitHub sign-in through the popup, GitHub's consent page answered. */
async function socialSignIn(page: Page, provider: "google" | "github") {
  await open(page, "/auth");
  const popupPromise = page.waitForEvent("popup");
  await page.getByRole("button", { name: provider === "google" ? /Continue with Google/ : /Continue with GitHub/ }).click();
  const popup = await popupPromise;
  if (provider === "github") await popup.getByRole("link", { name: "Authorize" }).click();
  await popupClosed(popup);
}

test.describe("two-factor with Google and GitHub (issue 19: Better Auth checks only the password sign-in)", () => {
  // GitHub's own path is the no-JavaScript test below.
  for (const provider of ["google"] as const) {
    test(`${provider} sign-in asks for the code when two-factor is on; the popup hands over to the code step`, async ({ page, baseURL }, testInfo) => {
      test.slow(true, "two provider round trips and a two-factor setup");
      await page.setViewportSize({ width: 1280, height: 800 });
      const email = uniqueEmail(testInfo, `${provider}-2fa`);
      const identity = { sub: sub(), email, name: "Asha Verma", login: "asha" };
      await queueIdentity(provider, baseURL!, identity);
      await socialSignIn(page, provider);
      await expect(page).toHaveURL(/\/home$/);
      // No password: the setup needs none (a fresh sign-in is the proof).
      const { app } = await turnOnTwoFactor(page);

      await page.context().clearCookies({ name: /session_token/ });
      await queueIdentity(provider, baseURL!, identity);
      await socialSignIn(page, provider);
      await expect(page).toHaveURL(/\/auth\/two-factor$/);
      expect(await page.request.get("/api/auth/get-session").then((r) => r.json())).toBeNull();
      const logins = (await profileOf(testInfo, email))?.login_count;
      await page.getByLabel("Authentication code").fill(await nextCode(app));
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByRole("banner").getByRole("button", { name: "Account menu for Asha Verma" })).toBeVisible();
      // The sign-in counted once, when the code was accepted.
      expect((await profileOf(testInfo, email))?.login_count).toBe(Number(logins) + 1);
    });
  }

  test("without JavaScript, GitHub sign-in goes on to the code step in the same window", async ({ browser, page, baseURL }, testInfo) => {
    test.slow(true, "two provider sign-ins and a two-factor setup in two browsers");
    const email = uniqueEmail(testInfo, "github-2fa-nojs");
    const identity = { sub: sub(), email, name: "Dev Rao", login: "devrao" };
    await queueIdentity("github", baseURL!, identity);
    await socialSignIn(page, "github");
    await expect(page).toHaveURL(/\/home$/);
    const { app } = await turnOnTwoFactor(page);

    const plain = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const noJs = await plain.newPage();
    await queueIdentity("github", baseURL!, identity);
    await noJs.goto("/auth");
    await noJs.getByRole("button", { name: /Continue with GitHub/ }).click();
    await noJs.getByRole("link", { name: "Authorize" }).click();
    await expect(noJs).toHaveURL(/\/auth\/two-factor$/);
    await noJs.getByLabel("Authentication code").fill(await nextCode(app));
    await noJs.getByRole("button", { name: "Verify" }).click();
    await expect(noJs).toHaveURL(/\/home$/);
    await plain.close();
  });
});

test.describe("connected accounts (issue 19)", () => {
  test("connect GitHub to a password account, sign in with it, disconnect it; the last way to sign in stays", async ({ page, baseURL, signIn }, testInfo) => {
    test.slow(true, "GitHub's round trip twice and two security mails");
    const { email } = await signIn();
    await open(page, "/profile/security");
    const ways = page.getByRole("region", { name: "Ways to sign in" });
    // A different address at GitHub: connecting from the security page allows it.
    const identity = { sub: sub(), email: uniqueEmail(testInfo, "connect-gh"), name: "Connected", login: "connected" };
    await queueIdentity("github", baseURL!, identity);
    await ways.getByRole("button", { name: "Connect GitHub" }).click();
    await page.getByRole("link", { name: "Authorize" }).click();
    await expect(page).toHaveURL(/\/profile\/security\?connected=github$/);
    await expect(page.getByRole("status").filter({ hasText: "GitHub is connected. You can now sign in with it." })).toBeVisible();
    await expect(ways.getByRole("listitem").filter({ hasText: "GitHub" })).toContainText("Connected");
    await waitForMail(email, /GitHub was connected/);

    // GitHub signs in to this account now.
    await page.context().clearCookies({ name: /session_token/ });
    await queueIdentity("github", baseURL!, identity);
    await socialSignIn(page, "github");
    await expect(page).toHaveURL(/\/home$/);
    await open(page, "/profile/security");
    await expect(page.getByRole("main").getByText(`How you sign in to ${email}`)).toBeVisible();

    await ways.getByRole("button", { name: "Disconnect GitHub" }).click();
    await expect(page.getByText("GitHub is disconnected. It can no longer sign in to your account.")).toBeVisible();
    await waitForMail(email, /GitHub was disconnected/);
    await expect(ways.getByRole("button", { name: "Connect GitHub" })).toBeVisible();
    expect((await mailsTo(email)).filter((m) => /connected|disconnected/.test(m.subject))).toHaveLength(2);
  });

  test("an account that signs in only with GitHub cannot disconnect it", async ({ page, baseURL }, testInfo) => {
    await queueIdentity("github", baseURL!, { sub: sub(), email: uniqueEmail(testInfo, "only-gh"), name: "Only", login: "only" });
    await socialSignIn(page, "github");
    await expect(page).toHaveURL(/\/home$/);
    await open(page, "/profile/security");
    const github = page.getByRole("region", { name: "Ways to sign in" }).getByRole("listitem").filter({ hasText: "GitHub" });
    await expect(github).toContainText("Your only way to sign in");
    await expect(github.getByRole("button", { name: "Disconnect GitHub" })).toHaveCount(0);
  });
});
