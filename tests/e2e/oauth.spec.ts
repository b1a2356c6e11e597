import { randomBytes } from "node:crypto";
import { expect, open, overlayCleared, popupClosed, profileOf, queueIdentity, test, uniqueEmail } from "./fixtures";

// Identities are queued per app server; the tests of one project take turns.
test.describe.configure({ mode: "serial" });

const sub = () => `u${randomBytes(5).toString("hex")}`;

test.describe("Google sign-in (OpenID Connect via GOOGLE_ISSUER)", () => {
  test("a popup of 500×600 signs a new user in; a second sign-in counts a second login", async ({ page, baseURL }, testInfo) => {
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
    await overlayCleared(page);
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
    await expect(page).toHaveURL(/\/home$/, { timeout: 15_000 });
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
