/**
 * The journeys about an account's door: signing up, the mail, verifying,
 * signing in and out, a forgotten password. These alone go through the forms
 * and the real mail (the SMTP sink); every other journey signs in by fixture.
 * Each presses as soon as the page shows, scripts or not; what each answer
 * says word for word is the route tests' (app/routes/auth*.test.ts).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { appDb, expect, linkIn, mailsTo, PASSWORD, profileOf, test, uniqueEmail, waitForMail } from "./fixtures";

const CHECK_EMAIL = "Please check your email to verify your account before signing in.";

test("a newcomer signs up, verifies from the mail in another tab, and is signed in in both", async ({ page }, testInfo) => {
  test.slow(true, "two tabs, the real mail, and a tab that notices the verification by polling");
  const email = uniqueEmail(testInfo, "asha");
  await page.goto("/auth");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome Back");
  await page.getByRole("link", { name: "Create one" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create your account");
  await page.getByLabel("Name (optional)").fill("  Asha   Verma ");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your email");
  await expect(page.getByText(CHECK_EMAIL)).toBeVisible();
  // The form went with the post: the answer has the focus (a keyboard or screen-reader user is not left on <body>).
  await expect(page.locator(":focus")).toContainText(CHECK_EMAIL);
  await expect(page.getByText(`We sent a verification link to ${email}.`)).toBeVisible();
  // Just sent: the resend button waits, counting down, with the spec's words beside it.
  const resend = page.getByRole("button", { name: /Resend Verification Email/ });
  await expect(resend).toBeDisabled();
  await expect(resend).toHaveText(/Resend Verification Email \((5:00|4:5\d)\)/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  expect(await profileOf(testInfo, email)).toMatchObject({ name: "Asha Verma", login_count: 0, verification_attempts: 1 });

  const mail = await waitForMail(email, /^Verify your email for Tuesday AI$/);
  expect(mail.text).toContain("Hi Asha Verma");
  const link = linkIn(mail, /\/api\/auth\/verify-email\?token=/);
  // Opened in a new tab, as a mail program does: it signs its opener in and says so.
  const tab = await page.context().newPage();
  await tab.goto(link);
  await expect(tab).toHaveURL(/\/home$/);
  await expect(tab.getByRole("status").filter({ hasText: "Your email is verified" })).toBeVisible();
  await expect(tab.getByRole("banner").getByRole("button", { name: /Account menu for Asha Verma/ })).toBeVisible();
  await tab.close();
  // The first tab, still on "Check your email", notices and moves on.
  await expect(page).toHaveURL(/\/home$/, { timeout: 15_000 });
  await expect(page.getByRole("banner").getByRole("button", { name: /Account menu for/ })).toContainText("Asha Verma");
  expect((await profileOf(testInfo, email))?.login_count).toBe(1);
  await waitForMail(email, /^Your email is verified for Tuesday AI$/);
  expect((await mailsTo(email)).map((m) => m.subject).sort()).toEqual(["Verify your email for Tuesday AI", "Your email is verified for Tuesday AI"]);
});

test("a returning member signs in, remembered on this device, and signs out from the account menu", async ({ page, makeAccount }) => {
  test.slow(true, "a journey over six page loads");
  const user = await makeAccount({ name: "Ravi Kumar" });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/auth");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill("not-the-password");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toHaveText("Invalid email or password");
  // The ✕ works without a script (Banner's `dismissible`): the label of a box, pressed where it shows.
  await page.locator("label", { has: page.getByRole("checkbox", { name: "Dismiss message" }) }).click();
  await expect(alert).toHaveCount(0);

  const password = page.getByLabel("Password", { exact: true });
  await password.fill(PASSWORD);
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Hide password" }).click();
  await expect(password).toHaveAttribute("type", "password");
  await page.getByLabel("Remember this device").check();
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("status").filter({ hasText: "Welcome back, Ravi Kumar!" })).toBeVisible();
  const session = (await page.context().cookies()).find((c) => c.name === "tuesday.session_token");
  expect(session?.httpOnly).toBe(true);
  expect(session?.expires).toBeGreaterThan(Date.now() / 1000 + 6 * 24 * 3600);

  // The prerendered pages show the signed-in header straight from the server.
  await page.goto("/pricing");
  await expect(page.getByRole("banner").getByRole("button", { name: "Account menu for Ravi Kumar" })).toBeVisible();
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/profile$/);

  await page
    .getByRole("banner")
    .getByRole("button", { name: /Account menu for/ })
    .click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/(\?signed-out=1)?$/);
  await expect(page.getByText("Signed out successfully")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fprofile$/);
});

test("a forgotten password: the mailed link sets a new one and signs every other device out", async ({ page, browser, makeAccount }, testInfo) => {
  test.slow(true, "two browsers and the real mail over seven page loads");
  const user = await makeAccount();
  // Another device is signed in.
  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL, extraHTTPHeaders: { "x-forwarded-for": "10.200.0.9" } });
  const otherPage = await other.newPage();
  await otherPage.goto("/auth");
  await otherPage.getByLabel("Email").fill(user.email);
  await otherPage.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await otherPage.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(otherPage).toHaveURL(/\/home$/);

  await page.goto("/auth");
  await page.getByRole("link", { name: "Forgot Password?" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reset your password");
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("If an account exists for that address, a password reset link is on its way. Check your inbox.")).toBeVisible();
  const link = linkIn(await waitForMail(user.email, /Reset your Tuesday AI password/), /reset-password/);

  await page.goto(link);
  await expect(page).toHaveTitle("Choose a new password | Tuesday AI");
  await page.getByLabel("New password", { exact: true }).fill("brand-new-pass-9");
  await page.getByLabel("Repeat the new password").fill("brand-new-pass-9");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Your password has been changed. Sign in with your new password.")).toBeVisible();

  await otherPage.goto("/profile");
  await expect(otherPage).toHaveURL(/\/auth\?redirectTo=%2Fprofile$/);
  await other.close();

  // Spent: the link opened again offers a new one, with no password fields that could only fail.
  await page.goto(link);
  await expect(page.getByRole("alert")).toContainText("not valid or has expired");
  await expect(page.getByRole("link", { name: "Request a new link" })).toBeVisible();
  await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);

  // Back by its link to a sign-in page that runs its own script: its passkey sign-in is there.
  await page.getByRole("link", { name: "Back to Sign In" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeVisible();
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill("brand-new-pass-9");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test("a sign-in refused for an address still waiting for its link offers the resend, which then counts down", async ({ page, makeAccount }, testInfo) => {
  const user = await makeAccount({ verified: false });
  // Its last verification mail went out ten minutes ago: another may be sent now.
  const db = appDb(testInfo);
  await db
    .updateTable("profile")
    .set({ verification_attempts: 1, verification_sent_at: new Date(Date.now() - 10 * 60_000).toISOString() })
    .where("user_id", "=", user.id)
    .execute();
  await page.goto("/auth");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Please verify your email before signing in.");
  const resend = page.getByRole("button", { name: /Resend Verification Email/ });
  await expect(resend).toBeEnabled();
  await expect(page.getByText("You can ask for 4 more emails.")).toBeVisible();
  await resend.click();
  await expect(page.getByRole("status").filter({ hasText: "Verification email sent!" })).toBeVisible();
  await waitForMail(user.email, /Verify your email/);
  await expect(resend).toBeDisabled();
  await expect(resend).toHaveText(/^Resend Verification Email \((5:00|4:5\d)\)$/);
  const first = await resend.textContent();
  // It counts down by the second.
  await expect(resend).not.toHaveText(first!, { timeout: 3_000 });
  expect((await profileOf(testInfo, user.email))?.verification_attempts).toBe(2);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sign up, verify, sign in after a wrong password, reset the password, sign out: plain form posts", async ({ page }, testInfo) => {
    test.slow(true, "the whole account door with two mails, each step a full page load");
    const email = uniqueEmail(testInfo, "nojs");
    const password = `nojs-pass-${Date.now()}`;
    const newPassword = `nojs-new-${Date.now()}`;
    const urls: string[] = [];
    page.on("request", (request) => urls.push(request.url()));

    await page.goto("/auth?mode=signup");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(/\/auth\?mode=verify$/);
    await expect(page.getByText(`We sent a verification link to ${email}.`)).toBeVisible();

    await page.goto(linkIn(await waitForMail(email, /Verify your email/), /verify-email/));
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId("flash")).toContainText("Your email is verified");
    await page.context().clearCookies({ name: /session_token|session_data/ });

    await page.goto("/auth");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId("flash")).toContainText(`Welcome back, ${email.split("@")[0]!}!`);

    await page.goto("/profile");
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/\?signed-out=1$/);
    await expect(page.getByTestId("flash")).toHaveText("Signed out successfully");

    await page.goto("/auth?mode=reset");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText("If an account exists for that address, a password reset link is on its way. Check your inbox.")).toBeVisible();
    await page.goto(linkIn(await waitForMail(email, /Reset your/), /reset-password/));
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Repeat the new password").fill(newPassword);
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByText("Your password has been changed. Sign in with your new password.")).toBeVisible();
    // The notice names the device the reset came from (Playwright's "Desktop Chrome" says Windows).
    expect((await waitForMail(email, /password was changed/)).text).toContain("from Chrome on Windows");
    await page.goto("/auth");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);

    // No request carried a password in its URL, and the server logged none.
    const log = readFileSync(path.resolve(import.meta.dirname, `../.artifacts/server-${testInfo.project.name}.log`), "utf8");
    for (const secret of [password, newPassword]) {
      expect(urls.filter((u) => u.includes(secret))).toEqual([]);
      expect(log.includes(secret)).toBe(false);
    }
  });
});
