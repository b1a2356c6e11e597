/**
 * Sessions at the 2026 baseline (issue 19): security changes need a recent
 * sign-in or a re-authentication; sessions end at an absolute time whatever
 * the activity; a sign-in from a new device is mailed.
 */
import { ageSessions, appDb, forgetCachedSessions, createVerifiedUser, expect, expectAccessible, mailsTo, open, PASSWORD, signInViaUi, test, uniqueEmail, waitForMail } from "./fixtures";

const FIREFOX_UA = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

test.describe("re-authentication", () => {
  test("changing the password 20 minutes after sign-in asks to confirm it's you first; then it works", async ({ page, request, baseURL }, testInfo) => {
    const email = uniqueEmail(testInfo, "reauth");
    await createVerifiedUser(request, email);
    await signInViaUi(page, email);
    await open(page, "/profile/security");
    await expect(page.getByLabel("Current password")).toBeVisible();
    await expect(page.getByRole("region", { name: "Confirm it's you" })).toHaveCount(0);

    await ageSessions(testInfo, request, email, 20);
    await open(page, "/profile/security");
    const confirm = page.getByRole("region", { name: "Confirm it's you" });
    await expect(confirm).toBeVisible();
    await expect(page.getByLabel("Current password")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Change password" })).toContainText("To change your password, first confirm it's you.");
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 720 });

    // Straight to the API, the change is refused as well.
    const direct = await page.request.post("/api/auth/change-password", {
      data: { currentPassword: PASSWORD, newPassword: "a-new-pass-2026!", revokeOtherSessions: true },
      headers: { origin: baseURL! },
    });
    expect(direct.status()).toBe(403);
    expect(await direct.json()).toMatchObject({ code: "REAUTHENTICATION_REQUIRED" });

    // A wrong password is refused beside the field; the right one opens the change.
    await confirm.getByLabel("Your password").fill("not-my-password");
    await confirm.getByRole("button", { name: "Confirm with password" }).click();
    await expect(confirm.getByText("That password is not correct.")).toBeVisible();
    await confirm.getByLabel("Your password").fill(PASSWORD);
    await confirm.getByRole("button", { name: "Confirm with password" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Thanks, that's you." })).toBeVisible();
    await expect(page.getByRole("region", { name: "Confirm it's you" })).toHaveCount(0);

    await page.getByLabel("Current password").fill(PASSWORD);
    await page.getByLabel("New password", { exact: true }).fill("a-new-pass-2026!");
    await page.getByLabel("Repeat the new password").fill("a-new-pass-2026!");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your password was changed." })).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the prompt and the change work with plain form posts", async ({ page, request }, testInfo) => {
      const email = uniqueEmail(testInfo, "reauth-nojs");
      await createVerifiedUser(request, email);
      await page.goto("/auth");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(page).toHaveURL(/\/home$/);
      await ageSessions(testInfo, request, email, 30);
      await page.goto("/profile/security");
      const confirm = page.getByRole("region", { name: "Confirm it's you" });
      await confirm.getByLabel("Your password").fill(PASSWORD);
      await confirm.getByRole("button", { name: "Confirm with password" }).click();
      await expect(page.getByLabel("Current password")).toBeVisible();
      await page.getByRole("button", { name: "Sign out everywhere else" }).click();
      await expect(page.getByText("Every other device was signed out.")).toBeVisible();
    });
  });
});

test.describe("session lifetimes", () => {
  test("24 hours without 'Remember this device', 30 days with it, however active; past it, refused", async ({ page, browser, baseURL, request, clientIp }, testInfo) => {
    const email = uniqueEmail(testInfo, "lifetime");
    await createVerifiedUser(request, email, PASSWORD, { keepLinkSession: true });
    const db = appDb(testInfo);
    const user = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    const sessions = () => db.selectFrom("session").select(["id", "createdAt", "expiresAt"]).where("userId", "=", user.id).orderBy("createdAt", "asc").execute();
    const hours = (s: { createdAt: unknown; expiresAt: unknown }) => (new Date(s.expiresAt as string).getTime() - new Date(s.createdAt as string).getTime()) / 3_600_000;

    // The verification link signed its opener in, for the short lifetime (nobody ticked "Remember this device").
    const [byLink] = await sessions();
    expect(hours(byLink!)).toBeCloseTo(24, 1);
    await db.deleteFrom("session").where("id", "=", byLink!.id).execute();

    await signInViaUi(page, email);
    const [short] = await sessions();
    expect(hours(short!)).toBeCloseTo(24, 1);

    const other = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": clientIp } });
    const remembered = await other.newPage();
    await signInViaUi(remembered, email, PASSWORD, { remember: true });
    const long = (await sessions()).find((s) => s.id !== short!.id)!;
    expect(hours(long) / 24).toBeCloseTo(30, 1);

    // Activity moves nothing: many requests a day apart as far as the server can tell (updated long ago).
    await db.updateTable("session").set({ updatedAt: new Date(Date.now() - 3 * 86_400_000).toISOString() }).where("id", "=", long.id).execute();
    for (let i = 0; i < 3; i++) await open(remembered, "/profile");
    const after = (await sessions()).find((s) => s.id === long.id)!;
    expect(new Date(after.expiresAt as string).getTime()).toBe(new Date(long.expiresAt as string).getTime());

    // Thirty days on (its end moved to a minute ago, as the clock would), an active session is refused.
    await db.updateTable("session").set({ createdAt: new Date(Date.now() - 30 * 86_400_000 - 60_000).toISOString(), expiresAt: new Date(Date.now() - 60_000).toISOString() }).where("id", "=", long.id).execute();
    await forgetCachedSessions(testInfo, request, email);
    const res = await remembered.goto("/profile");
    expect(res?.url()).toMatch(/\/auth/);
    expect(await remembered.request.get("/api/auth/get-session").then((r) => r.json())).toBeNull();
    await other.close();
  });
});

test.describe("new-device notice", () => {
  test("a sign-in from a browser the account has not used mails its owner; the same browser again does not", async ({ page, browser, baseURL, request, clientIp }, testInfo) => {
    const email = uniqueEmail(testInfo, "new-device");
    await createVerifiedUser(request, email);
    // The first sign-in ever (the browser that made the account): no notice.
    await signInViaUi(page, email);
    await page.context().clearCookies({ name: /session_token/ });
    await signInViaUi(page, email);
    // In its first hour an account is still being set up by its maker on whatever devices they have:
    // no notice for a second browser then.
    const early = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": clientIp } });
    await signInViaUi(await early.newPage(), email);
    await early.close();
    // An hour on, a browser the account has not used is news to its owner.
    await appDb(testInfo).updateTable("user").set({ createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString() }).where("email", "=", email).execute();

    const other = await browser.newContext({ baseURL, userAgent: FIREFOX_UA, extraHTTPHeaders: { "x-forwarded-for": clientIp } });
    await signInViaUi(await other.newPage(), email);
    const mail = await waitForMail(email, /New sign-in to your Tuesday AI account/);
    expect(mail.text).toContain("from Firefox on Linux");
    expect(mail.text).toMatch(/UTC \(\d\d:\d\d IST\)/);
    expect(mail.links.some((l) => l.endsWith("/profile/security"))).toBe(true);
    await other.close();

    await page.context().clearCookies({ name: /session_token/ });
    await signInViaUi(page, email);
    await page.waitForTimeout(1_000);
    expect((await mailsTo(email)).filter((m) => /New sign-in/.test(m.subject))).toHaveLength(1);
  });
});
