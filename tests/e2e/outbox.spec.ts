/**
 * The newcomer's first minutes with `npm start` as it runs by default: no
 * SMTP_URL (mail waits in the local outbox at /dev/mailbox) and no Google or
 * GitHub credentials. The mailbox's answers to a proxy or another host, and
 * the API key, are the route tests' (app/routes/dev/mailbox.test.ts,
 * api/user.api-key.test.ts).
 */
import { expect, overlayCleared, PASSWORD, test, uniqueEmail } from "./fixtures";

// The person at the machine sends no proxy header (the mailbox answers nobody who does).
test.use({ extraHTTPHeaders: {} });

test("a newcomer signs up and verifies through the local outbox at /dev/mailbox", async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, "newcomer");
  await page.goto("/auth?mode=signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Please check your email to verify your account before signing in.")).toBeVisible();

  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await expect(page.getByRole("heading", { name: "Local mailbox" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Verify your email for Tuesday AI" })).toBeVisible();
  await page.getByRole("link", { name: /\/api\/auth\/verify-email\?token=/ }).click();
  // The link signs the newcomer in.
  await expect(page).toHaveURL(/\/home$/);
  await overlayCleared(page);
  await expect(page.getByText("Your email is verified", { exact: false })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toHaveCount(0);
});

test("without credentials the social buttons say they are not configured, and a press says it again", async ({ page }) => {
  await page.goto("/auth");
  const google = page.getByRole("button", { name: /Continue with Google/ });
  await expect(google).toContainText("Not configured on this server");
  await google.click();
  await expect(page.getByRole("alert").filter({ hasText: "Google sign-in is not configured on this server." })).toBeVisible();
  await page.getByRole("button", { name: /Continue with GitHub/ }).click();
  await expect(page.getByRole("alert").filter({ hasText: "GitHub sign-in is not configured on this server." })).toBeVisible();
});
