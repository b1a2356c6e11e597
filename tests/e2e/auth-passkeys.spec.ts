/**
 * Passkeys (issue 19) with Chromium's virtual authenticator (the DevTools
 * protocol's WebAuthn domain): added and named on the security page, then the
 * only thing a sign-in needs; removed, and refused afterwards. Also a passkey
 * as the proof a stale session gives before a security change.
 */
import type { Page } from "@playwright/test";
import { ageSessions, appDb, createVerifiedUser, expect, expectAccessible, open, overlayCleared, signInViaUi, test, uniqueEmail, waitForMail } from "./fixtures";

/** A platform authenticator with user verification, answering every prompt by itself. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return {
    credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
  };
}

async function addPasskey(page: Page, name: string) {
  await open(page, "/profile/security");
  const section = page.getByRole("region", { name: "Passkeys" });
  await section.getByLabel("Name for the new passkey").fill(name);
  await section.getByRole("button", { name: "Add a passkey" }).click();
  await expect(section.getByRole("status")).toHaveText('Passkey added. Next time, choose "Sign in with a passkey".');
  await expect(section.getByRole("list", { name: "Your passkeys" }).getByRole("listitem").filter({ hasText: name })).toBeVisible();
}

test.describe("passkeys", () => {
  test("add one, sign in with it alone, remove it, and it is refused afterwards", async ({ page, request }, testInfo) => {
    const authenticator = await virtualAuthenticator(page);
    const email = uniqueEmail(testInfo, "passkey");
    await createVerifiedUser(request, email);
    await signInViaUi(page, email);

    await addPasskey(page, "Work laptop");
    expect(await authenticator.credentials()).toHaveLength(1);
    const mail = await waitForMail(email, /A passkey was added/);
    expect(mail.text).toContain('"Work laptop"');
    // The device it came from, as every security notice says it (Playwright's "Desktop Chrome" is Chrome on Windows).
    expect(mail.text).toContain("from Chrome on Windows");
    await expectAccessible(page);

    // Renamed with a plain form post.
    const section = page.getByRole("region", { name: "Passkeys" });
    await section.getByLabel("New name for Work laptop").fill("Home laptop");
    await section.getByRole("button", { name: "Rename" }).click();
    await expect(section.getByText("Passkey renamed.")).toBeVisible();
    await expect(section.getByRole("list", { name: "Your passkeys" })).toContainText("Home laptop");

    // Signed out: the passkey alone signs in (no address, no password).
    await page.context().clearCookies({ name: /session_token/ });
    await open(page, "/auth");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await overlayCleared(page);
    const row = await appDb(testInfo).selectFrom("passkey").innerJoin("user", "user.id", "passkey.user_id").select(["passkey.last_used_at"]).where("user.email", "=", email).executeTakeFirstOrThrow();
    expect(row.last_used_at).not.toBeNull();

    // Removed: it signs in no more, though the authenticator still holds it.
    await open(page, "/profile/security");
    await section.getByRole("button", { name: "Remove the passkey Home laptop" }).click();
    await expect(section.getByText("Passkey removed. It can no longer sign in to your account.")).toBeVisible();
    expect((await waitForMail(email, /A passkey was removed/)).text).toContain("from Chrome on Windows");
    await page.context().clearCookies({ name: /session_token/ });
    await open(page, "/auth");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page.getByRole("alert")).toHaveText("That passkey is not registered here. Sign in another way and add it on your security page.");
    await expect(page).toHaveURL(/\/auth$/);
    expect(await page.request.get("/api/auth/get-session").then((r) => r.json())).toBeNull();
  });

  test("a stale session confirms it's them with a passkey, then may change security settings", async ({ page, request }, testInfo) => {
    await virtualAuthenticator(page);
    const email = uniqueEmail(testInfo, "passkey-reauth");
    await createVerifiedUser(request, email);
    await signInViaUi(page, email);
    await addPasskey(page, "Phone");
    // Twenty minutes pass.
    await ageSessions(testInfo, request, email, 20);
    await open(page, "/profile/security");
    const confirm = page.getByRole("region", { name: "Confirm it's you" });
    await expect(confirm).toBeVisible();
    await expect(page.getByLabel("Current password")).toHaveCount(0);
    await confirm.getByRole("button", { name: "Confirm with a passkey" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByLabel("Current password")).toBeVisible();
  });
});
