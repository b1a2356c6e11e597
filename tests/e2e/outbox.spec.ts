import { expect, open, overlayCleared, PASSWORD, test, uniqueEmail } from "./fixtures";

// This project's server runs as `npm start` does by default: no SMTP_URL, no OAuth credentials.
// The person at the machine sends no proxy header (the mailbox answers nobody who does): no X-Forwarded-For here.
test.use({ extraHTTPHeaders: {} });

test("a newcomer signs up and verifies through the local outbox at /dev/mailbox", async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, "newcomer");
  await open(page, "/auth?mode=signup");
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
  await expect(page.getByTestId("flash")).toContainText("Your email is verified");
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toHaveCount(0);
});

test("without credentials the social buttons say they are not configured", async ({ page }) => {
  await open(page, "/auth");
  const google = page.getByRole("button", { name: /Continue with Google/ });
  await expect(google).toContainText("Not configured on this server");
  await google.click();
  await expect(page.getByRole("alert")).toHaveText("Google sign-in is not configured on this server.");
  await page.getByRole("button", { name: /Continue with GitHub/ }).click();
  await expect(page.getByRole("alert")).toHaveText("GitHub sign-in is not configured on this server.");
});

test("the outbox page is plain HTML without scripts", async ({ request }) => {
  const res = await request.get("/dev/mailbox");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-security-policy"]).toContain("default-src 'none'");
  expect(await res.text()).not.toContain("<script");
});

test("the outbox is not shown through a proxy, a tunnel or under another host name", async ({ request }) => {
  for (const headers of <Record<string, string>[]>[{ "x-forwarded-for": "203.0.113.7" }, { forwarded: "for=203.0.113.7" }, { via: "1.1 nginx" }, { host: "public.example" }]) {
    expect((await request.get("/dev/mailbox?format=json", { headers })).status(), JSON.stringify(headers)).toBe(404);
  }
});

test("with API_KEY set, the user-record API requires the x-api-key header as well as a session", async ({ request }) => {
  for (const [method, path] of [["GET", "/api/user/abc"], ["POST", "/api/saveUser"], ["POST", "/api/saveUser/abc"], ["DELETE", "/api/user/abc"]] as const) {
    const without = await request.fetch(path, { method, data: {} });
    expect(without.status(), `${method} ${path}`).toBe(401);
    expect((await without.json()).message).toBe("Missing or invalid API key (header x-api-key).");
    const wrong = await request.fetch(path, { method, data: {}, headers: { "x-api-key": "nope" } });
    expect(wrong.status()).toBe(401);
    const withKey = await request.fetch(path, { method, data: {}, headers: { "x-api-key": "e2e-api-key" } });
    expect(withKey.status()).toBe(401);
    expect((await withKey.json()).message).toBe("Sign in to use this API.");
  }
  // Forms and health are not behind the key.
  expect((await request.get("/api/health")).status()).toBe(200);
});
