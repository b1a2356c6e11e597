/**
 * Every account flow with JavaScript off (or before the page has hydrated, on
 * a slow phone): plain form posts to the route actions, the spec's messages on
 * the next page, and the password never in a URL or the server's log.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, linkIn, test, uniqueEmail, waitForMail } from "./fixtures";

test.use({ javaScriptEnabled: false });

test("sign up, verify, sign in, a wrong password, reset the password, sign out: all without JavaScript", async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, "nojs");
  const password = `nojs-pass-${Date.now()}`;
  const newPassword = `nojs-new-${Date.now()}`;
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));

  // Sign up: the check-your-email page, and the mail.
  await page.goto("/auth");
  await page.getByRole("link", { name: "Create one" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create your account");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/auth\?mode=verify$/);
  await expect(page.getByText("Please check your email to verify your account before signing in.")).toBeVisible();
  await expect(page.getByText(`We sent a verification link to ${email}.`)).toBeVisible();
  const verification = await waitForMail(email, /Verify your email/);

  // The link signs in, and the page says so without JavaScript (a flash message); the check-your-email
  // page moves on by reload. Then signed out, a wrong password, then the right one.
  await page.goto(linkIn(verification, /verify-email/));
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId("flash")).toContainText("Your email is verified");
  await page.goto("/auth?mode=verify");
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId("flash")).toHaveCount(0);
  await page.context().clearCookies({ name: /session_token|session_data/ });
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("not-the-password");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("banner")).toContainText(email.split("@")[0]!);
  await expect(page.getByTestId("flash")).toContainText(`Welcome back, ${email.split("@")[0]!}!`);

  // Signed in, /auth sends you to your profile; Sign Out there is a plain form.
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/\?signed-out=1$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(page.getByTestId("flash")).toHaveText("Signed out successfully");

  // Forgot Password? → the mail → a new password → signed in with it.
  await page.goto("/auth");
  await page.getByRole("link", { name: "Forgot Password?" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("If an account exists for that address, a password reset link is on its way. Check your inbox.")).toBeVisible();
  const reset = await waitForMail(email, /Reset your/);
  await page.goto(linkIn(reset, /reset-password/));
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Repeat the new password").fill(newPassword);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Your password has been changed. Sign in with your new password.")).toBeVisible();
  // The notice names the device the reset came from, as every security mail does (issue 22): the
  // browser here is Playwright's "Desktop Chrome", whose user agent says Windows whatever the machine.
  expect((await waitForMail(email, /password was changed/)).text).toContain("from Chrome on Windows");
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);

  // No request carried a password in its URL, and the server logged none.
  for (const secret of [password, newPassword]) {
    expect(urls.filter((u) => u.includes(secret))).toEqual([]);
    const log = readFileSync(path.resolve(import.meta.dirname, `../.artifacts/server-${testInfo.project.name}.log`), "utf8");
    expect(log.includes(secret)).toBe(false);
  }
});

test("profile edit and account deletion work without JavaScript", async ({ page, request }, testInfo) => {
  const { createVerifiedUser, PASSWORD } = await import("./fixtures");
  const user = await createVerifiedUser(request, uniqueEmail(testInfo, "nojs-profile"));
  await page.goto("/auth");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.goto("/profile");

  await page.getByRole("link", { name: "Edit Profile" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Ravi Without Scripts");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Profile updated successfully!")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ravi Without Scripts");

  // A save whose session has ended says why on the sign-in page, which leads back to the form with what was typed.
  await page.goto("/profile?edit=1");
  await page.context().clearCookies({ name: /session_token|session_data/ });
  await page.getByLabel("About").fill("Lost, but not in silence.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fprofile%3Fedit%3D1$/);
  await expect(page.getByTestId("flash")).toHaveText("Your session ended before your profile was saved: sign in again. What you typed is kept and comes back in the form.");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/profile\?edit=1$/);
  await expect(page.getByText("Your unsaved changes are back: check them and save.")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Ravi Without Scripts");
  await expect(page.getByLabel("About")).toHaveValue("Lost, but not in silence.");
  // Taken once: a reload shows the saved record, not the draft again.
  await page.reload();
  await expect(page.getByLabel("About")).toHaveValue("");
  await page.getByLabel("About").fill("Lost, but not in silence.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Profile updated successfully!")).toBeVisible();
  await expect(page.getByRole("region", { name: "Profile Details" }).getByText("Lost, but not in silence.")).toBeVisible();
  await page.goto("/profile");

  await page.getByRole("link", { name: "Delete Account" }).click();
  const section = page.getByRole("region", { name: "Delete your account" });
  await section.getByLabel(/Type your name/).fill("Ravi Without Scripts");
  await section.getByLabel("Password", { exact: true }).fill("wrong-password");
  await section.getByRole("button", { name: "Delete Account" }).click();
  await expect(page.getByRole("alert")).toHaveText("Failed to delete account. Please check your password.");
  await section.getByLabel(/Type your name/).fill("Ravi Without Scripts");
  await section.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await section.getByRole("button", { name: "Delete Account" }).click();
  await expect(page).toHaveURL(/\/home\?deleted=1(#.*)?$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(page.getByTestId("flash")).toHaveText("Account deleted successfully");
});

test("a refused profile save keeps what was typed without JavaScript: a field error, and another tab's newer save (409)", async ({ page, browser, request }, testInfo) => {
  const { createVerifiedUser, PASSWORD } = await import("./fixtures");
  const user = await createVerifiedUser(request, uniqueEmail(testInfo, "nojs-keep"));
  const signIn = async (p: typeof page) => {
    await p.goto("/auth");
    await p.getByLabel("Email").fill(user.email);
    await p.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await p.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(p).toHaveURL(/\/home$/);
  };
  await signIn(page);

  // A field error: the page that answers is a new page, and the form still holds everything typed.
  await page.goto("/profile?edit=1");
  await page.getByLabel("Name", { exact: true }).fill("   ");
  await page.getByLabel("About").fill("Typed before the error, kept after it.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByLabel("Name", { exact: true })).toHaveAccessibleDescription("Name is required.");
  await expect(page.getByLabel("About")).toHaveValue("Typed before the error, kept after it.");

  // Two tabs: this one opens the form, the other saves first; this one's save is refused (409) and keeps its text.
  await page.goto("/profile?edit=1");
  const other = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": "10.250.1.2" } });
  const otherPage = await other.newPage();
  await signIn(otherPage);
  await otherPage.goto("/profile?edit=1");
  await otherPage.getByLabel("About").fill("Saved in the other tab.");
  await otherPage.getByRole("button", { name: "Save" }).click();
  await expect(otherPage.getByText("Profile updated successfully!")).toBeVisible();
  await other.close();

  await page.getByLabel("About").fill("Mine, written meanwhile.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Changed in another tab: reload to see the newest version. What you typed is still in the form.")).toBeVisible();
  await expect(page.getByLabel("About")).toHaveValue("Mine, written meanwhile.");
  // Reload (a link without JavaScript) shows the newest record.
  await page.getByRole("link", { name: "Reload" }).click();
  await expect(page.getByLabel("About")).toHaveValue("Saved in the other tab.");
});
