/**
 * A member's own record (spec section 6): reading it, editing it, the stats
 * kept in this browser, downloading it and deleting the account, with
 * scripts and without. Signed in by fixture. What the profile's action
 * answers for each refused value, and the 409 of a stale save, are the route
 * tests' (app/routes/profile.test.ts); here is what a person sees and keeps.
 */
import type { Page } from "@playwright/test";
import { appDb, expect, hydrated, linkIn, PASSWORD, profileOf, test, waitForMail } from "./fixtures";

test.beforeEach(async ({ page }) => page.setViewportSize({ width: 1280, height: 900 }));

test("a member reads the record, edits it, and the save holds after a reload", async ({ page, signIn }, testInfo) => {
  test.slow(true, "view, edit, a refused date, a save and a reload of one page");
  const user = await signIn({ name: "Asha Rao" });
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Asha Rao");
  await expect(page.locator("main header")).toContainText(user.email);
  await expect(page.locator("main header")).toContainText(/Member since \d{1,2} \w+ \d{4}/);
  for (const label of ["Time Spent", "Total Visits", "Last Update on Profile information"])
    await expect(page.getByRole("region", { name: label })).toBeVisible();
  const details = page.getByRole("region", { name: "Profile Details" });
  // View mode: the values read as text, not as greyed inputs.
  await expect(details.getByRole("textbox")).toHaveCount(0);
  await expect(details.locator("dt")).toHaveText(["Name", "Email", "Gender", "Date of Birth", "Email language", "About"]);
  await expect(details.locator("dd").nth(2)).toHaveText("Not set");

  // Pressed as soon as it shows (before the scripts it asks for ?edit=1); the rest of the edit is the scripts' once they have.
  await page.getByRole("button", { name: "Edit Profile" }).click();
  await expect(page.getByLabel("Name", { exact: true })).toBeVisible();
  await hydrated(page);
  await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("readonly", "");
  await page.getByLabel("Name", { exact: true }).fill("Asha Verma");
  await page.getByLabel("Gender").selectOption("Female");
  // The date of birth: three boxes for numbers (GOV.UK's "memorable date"); an impossible one is refused in its slot.
  const box = (name: string) => page.getByRole("group", { name: "Date of Birth" }).getByLabel(name, { exact: true });
  await box("Day").fill("31");
  await box("Month").fill("2");
  await box("Year").fill("1999");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.locator("#profile-dob-error")).toHaveText("Date of birth must be a real date between 1900 and today.");
  await box("Day").fill("12");
  await box("Month").fill("4");
  await page.getByLabel("About").fill("I teach maths in Kanpur.");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Profile updated successfully!")).toBeVisible();
  // Back in view mode, focus is on the button that reopens the form (never on <body>).
  await expect(page.getByRole("button", { name: "Edit Profile" })).toBeFocused();

  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Asha Verma");
  await expect(details.locator("dd")).toHaveText(["Asha Verma", user.email, "Female", "12 April 1999", "English", "I teach maths in Kanpur."]);
  await expect(page.getByRole("banner").getByRole("button", { name: "Account menu for Asha Verma" })).toBeVisible();
  const row = await appDb(testInfo).selectFrom("profile").select(["dob", "gender"]).where("user_id", "=", user.id).executeTakeFirstOrThrow();
  expect(row).toEqual({ dob: "1999-04-12", gender: "Female" });

  // Download my data: the record as a JSON file.
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download my data" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^tuesday-ai-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const body = JSON.parse(Buffer.concat(await (await download.createReadStream()).toArray()).toString());
  expect(body.record).toMatchObject({ email: user.email, name: "Asha Verma", dob: "1999-04-12", messages: [] });
});

test("two tabs: the older save is refused and keeps what was typed; Reload shows the newer", async ({ page, signIn }, testInfo) => {
  test.slow(true, "two tabs, each editing and saving");
  const user = await signIn();
  await page.goto("/profile");
  const other = await page.context().newPage();
  await other.goto("/profile");
  // The refusal comes in place, without a page load: the page's scripts are its.
  await hydrated(page);
  await hydrated(other);
  await page.getByRole("button", { name: "Edit Profile" }).click();
  await other.getByRole("button", { name: "Edit Profile" }).click();
  await other.getByLabel("About").fill("Saved in tab B.");
  await other.getByRole("button", { name: "Save", exact: true }).click();
  await expect(other.getByText("Profile updated successfully!")).toBeVisible();

  await page.getByLabel("About").fill("Typed in tab A.");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const notice = page.getByRole("status").filter({ hasText: "Changed in another tab: reload to see the newest version." });
  await expect(notice).toBeVisible();
  await expect(page.getByLabel("About")).toHaveValue("Typed in tab A.");
  expect((await appDb(testInfo).selectFrom("profile").select("about").where("user_id", "=", user.id).executeTakeFirstOrThrow()).about).toBe("Saved in tab B.");

  await notice.getByRole("link", { name: "Reload" }).click();
  await expect(page.getByLabel("About")).toHaveValue("Saved in tab B.");
  await other.close();
});

test("a save after the session ended keeps the draft, and it comes back after signing in again", async ({ page, signIn, baseURL }) => {
  test.slow(true, "a sign-in through the form between two saves");
  const user = await signIn();
  await page.goto("/profile");
  // The draft kept for after the sign-in is the page's scripts' (without them: the no-JavaScript test below).
  await hydrated(page);
  await page.getByRole("button", { name: "Edit Profile" }).click();
  await page.getByLabel("About").fill("Written while signed out elsewhere.");
  // Signed out in another tab (the same browser's cookies).
  expect((await page.context().request.post("/api/auth/sign-out", { headers: { origin: new URL(baseURL!).origin } })).status()).toBe(200);

  await page.getByRole("button", { name: "Save", exact: true }).click();
  const notice = page.getByRole("status").filter({ hasText: "Your session ended: sign in again to save." });
  await expect(notice).toBeVisible();
  await expect(page.getByLabel("About")).toHaveValue("Written while signed out elsewhere.");
  await notice.getByRole("link", { name: "Sign in again" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome Back");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("status").filter({ hasText: "Your unsaved changes are back: check them and save." })).toBeVisible();
  await expect(page.getByLabel("About")).toHaveValue("Written while signed out elsewhere.");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Profile updated successfully!")).toBeVisible();
});

test("time spent counts while tracking and resumes after a reload; visits count once per browser session", async ({ page, browser, baseURL, signIn }) => {
  test.slow(true, "waits on a clock that ticks by the second, in two browsers");
  await signIn();
  await page.goto("/profile");
  await hydrated(page);
  await page.evaluate(() => localStorage.setItem("totalTimeSpent", String(59 * 60_000 + 57_000)));
  await page.reload();
  await expect(page.getByTestId("time-spent")).toHaveText("0h 59m");
  await page.getByRole("button", { name: "Start Tracking" }).click();
  await expect(page.getByTestId("time-spent")).toHaveText("1h 0m");
  await page.reload();
  await expect(page.getByRole("button", { name: "Stop Tracking" })).toBeVisible();
  await page.getByRole("button", { name: "Stop Tracking" }).click();
  const stopped = await page.evaluate(() => localStorage.getItem("totalTimeSpent"));
  await page.waitForTimeout(1_500);
  expect(await page.evaluate(() => localStorage.getItem("totalTimeSpent"))).toBe(stopped);

  // The count is this browser's: the page shows it once its script has read it ("—" until then).
  await expect(page.getByTestId("total-visits")).toHaveText(/^\d+$/);
  const visits = Number(await page.getByTestId("total-visits").innerText());
  expect(visits).toBeGreaterThan(0);
  await page.goto("/about");
  await page.goto("/profile");
  await expect(page.getByTestId("total-visits")).toHaveText(String(visits));
  // The browser closed and opened again: its session cookies (the visit flag) are gone, local storage stays.
  const storage = await page.context().storageState();
  storage.cookies = storage.cookies.filter((c) => c.name !== "visitCounted");
  const next = await browser.newContext({ baseURL, storageState: storage, extraHTTPHeaders: { "x-forwarded-for": "10.201.0.7" } });
  const tab = await next.newPage();
  await tab.goto("/profile");
  await expect(tab.getByTestId("total-visits")).toHaveText(String(visits + 1));
  await next.close();
});

test.describe("deleting the account", () => {
  /** The dialog is the page's scripts' (without them, a section of the page: the no-JavaScript test). */
  async function openDialog(page: Page) {
    await hydrated(page);
    await page.getByRole("button", { name: "Delete Account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  test("a wrong name or password deletes nothing and keeps what was typed; the right ones delete and clear this browser", async ({
    page,
    signIn,
  }, testInfo) => {
    test.slow(true, "three attempts in one dialog, then the mail");
    const user = await signIn({ name: "Ravi Kumar" });
    await page.goto("/profile");
    const dialog = await openDialog(page);
    await dialog.getByLabel(/Type your name/).fill("Not My Name");
    await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await dialog.getByRole("button", { name: "Delete Account" }).click();
    await expect(page.getByText("Please type your name correctly to confirm deletion")).toBeVisible();

    await dialog.getByLabel(/Type your name/).fill("Ravi Kumar");
    await dialog.getByLabel("Password", { exact: true }).fill("wrong-password");
    await dialog.getByRole("button", { name: "Delete Account" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Failed to delete account. Please check your password.");
    await expect(dialog.getByLabel(/Type your name/)).toHaveValue("Ravi Kumar");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Delete Account" })).toBeFocused();
    expect(await profileOf(testInfo, user.email)).toBeTruthy();

    const again = await openDialog(page);
    await again.getByLabel(/Type your name/).fill("Ravi Kumar");
    await again.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await again.getByRole("button", { name: "Delete Account" }).click();
    // The password checked (scrypt), the session ended, the account deleted, the home page loaded: over
    // the default 5 s beside CI's other lane once ("Deleting..." still showing).
    await expect(page.getByText("Account deleted successfully")).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
    expect(await profileOf(testInfo, user.email)).toBeUndefined();
    expect((await waitForMail(user.email, /Your Tuesday AI account was deleted/)).text).toContain("from Chrome on Windows");
    // The next person on this browser inherits none of the local stats.
    expect(
      await page.evaluate(() => ["user", "totalVisits", "timeSpent", "totalTimeSpent", "trackTime", "lastActive"].map((k) => localStorage.getItem(k))),
    ).toEqual([null, null, null, null, null, null]);
  });

  test("an account without a password confirms deletion through an emailed link", async ({ page, signIn }, testInfo) => {
    const user = await signIn({ name: "GH Deleter", password: null, providers: ["github"] });
    await page.goto("/profile");
    const dialog = await openDialog(page);
    await expect(dialog.getByLabel("Password", { exact: true })).toHaveCount(0);
    await dialog.getByLabel(/Type your name/).fill("GH Deleter");
    await dialog.getByRole("button", { name: "Delete Account" }).click();
    await expect(page.getByText(/We have emailed you a link to confirm deleting your account/)).toBeVisible();
    expect(await profileOf(testInfo, user.email)).toBeTruthy();
    await page.goto(linkIn(await waitForMail(user.email, /Confirm deleting your Tuesday AI account/), /delete-user\/callback/));
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText("Account deleted successfully")).toBeVisible();
    expect(await profileOf(testInfo, user.email)).toBeUndefined();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("edit with a refused value kept, save, then delete the account: plain form posts", async ({ page, signIn }, testInfo) => {
    test.slow(true, "every step a full page load");
    const user = await signIn({ name: "Ravi Kumar" });
    await page.goto("/profile");
    // Without scripts each button asks for the page that shows its outcome; Cancel asks for the page without it.
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await expect(page).toHaveURL(/\/profile\?edit=1$/);
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByLabel("Name", { exact: true })).toHaveCount(0);
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await page.getByLabel("Name", { exact: true }).fill("   ");
    await page.getByLabel("About").fill("Typed before the error, kept after it.");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByLabel("Name", { exact: true })).toHaveAccessibleDescription("Name is required.");
    await expect(page.getByLabel("About")).toHaveValue("Typed before the error, kept after it.");
    await page.getByLabel("Name", { exact: true }).fill("Ravi Without Scripts");
    await page.getByRole("button", { name: "Save" }).click();
    // Saved, the answer is a redirect to the profile in view mode: a reload posts nothing again.
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId("flash")).toHaveText("Profile updated successfully!");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ravi Without Scripts");

    await page.getByRole("button", { name: "Delete Account" }).click();
    const section = page.getByRole("region", { name: "Delete your account" });
    await section.getByLabel(/Type your name/).fill("Ravi Without Scripts");
    await section.getByLabel("Password", { exact: true }).fill("wrong-password");
    await section.getByRole("button", { name: "Delete Account" }).click();
    await expect(page.getByRole("alert")).toHaveText("Failed to delete account. Please check your password.");
    await section.getByLabel(/Type your name/).fill("Ravi Without Scripts");
    await section.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await section.getByRole("button", { name: "Delete Account" }).click();
    await expect(page).toHaveURL(/\/home\?deleted=1(#.*)?$/);
    await expect(page.getByTestId("flash")).toHaveText("Account deleted successfully");
    expect(await profileOf(testInfo, user.email)).toBeUndefined();
  });

  test("a save whose session ended says why on the sign-in page and comes back after it", async ({ page, signIn }) => {
    test.slow(true, "a sign-in through the form between two full page loads");
    const user = await signIn();
    await page.goto("/profile?edit=1");
    await page.context().clearCookies({ name: /session_token/ });
    await page.getByLabel("About").fill("Lost, but not in silence.");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fprofile%3Fedit%3D1$/);
    await expect(page.getByTestId("flash")).toHaveText(
      "Your session ended before your profile was saved: sign in again. What you typed is kept and comes back in the form.",
    );
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/profile\?edit=1$/);
    await expect(page.getByLabel("About")).toHaveValue("Lost, but not in silence.");
  });
});
