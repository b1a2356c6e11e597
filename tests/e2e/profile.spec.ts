import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import {
  appDb,
  createVerifiedUser,
  expectAccessible,
  expect,
  linkIn,
  open,
  overlayCleared,
  PASSWORD,
  profileOf,
  queueIdentity,
  signInViaUi,
  test,
  uniqueEmail,
  waitForMail,
} from "./fixtures";

async function signedIn(page: Page, request: APIRequestContext, email: string) {
  const user = await createVerifiedUser(request, email);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInViaUi(page, user.email);
  await open(page, "/profile");
  return user;
}

/** The date of birth as stored. */
async function storedDob(testInfo: TestInfo, email: string) {
  const row = await appDb(testInfo).selectFrom("profile").innerJoin("user", "user.id", "profile.user_id").select("profile.dob").where("user.email", "=", email).executeTakeFirst();
  return row?.dob;
}

test.describe("/profile", () => {
  test("signed out, it sends you to /auth", async ({ page }) => {
    await page.goto("/profile");
    // …and back here after signing in.
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fprofile$/);
  });

  test("shows the header, the three stat cards and the details in view mode", async ({ page, request }, testInfo) => {
    const user = await signedIn(page, request, uniqueEmail(testInfo, "view"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(user.name);
    await expect(page.locator("main header")).toContainText(user.email);
    await expect(page.locator("main header")).toContainText(/Member since \d{1,2} \w+ \d{4}/);
    for (const label of ["Time Spent", "Total Visits", "Last Update on Profile information"]) {
      await expect(page.getByRole("region", { name: label })).toBeVisible();
    }
    await expect(page.getByTestId("time-spent")).toHaveText("0h 0m");
    await expect(page.getByRole("button", { name: "Start Tracking" })).toBeVisible();
    await expect(page.getByTestId("total-visits")).toHaveText(/^[1-9]\d*$/);

    // View mode: the values read as text, not as greyed inputs.
    const details = page.getByRole("region", { name: "Profile Details" });
    await expect(details.getByRole("textbox")).toHaveCount(0);
    await expect(details.locator("dt")).toHaveText(["Name", "Email", "Gender", "Date of Birth", "Email language", "About"]);
    await expect(details.locator("dd").nth(0)).toHaveText(user.name);
    await expect(details.locator("dd").nth(1)).toHaveText(user.email);
    await expect(details.locator("dd").nth(2)).toHaveText("Not set");

    // Edit mode: the fields of the spec; the email stays read-only.
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await expect(page.getByLabel("Name", { exact: true })).toBeFocused();
    await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("readonly", "");
    // The date of birth is three boxes for numbers under one legend (GOV.UK's "memorable date"), not the browser's date picker.
    const dob = page.getByRole("group", { name: "Date of Birth" });
    await expect(dob).toHaveAccessibleDescription("For example, 27 3 1990");
    for (const box of ["Day", "Month", "Year"]) {
      await expect(dob.getByLabel(box, { exact: true })).toHaveAttribute("type", "text");
      await expect(dob.getByLabel(box, { exact: true })).toHaveAttribute("inputmode", "numeric");
    }
    await expect(page.locator('#profile-details-form input[type="date"]')).toHaveCount(0);
    await expect(page.getByLabel("About")).toHaveAttribute("rows", "4");
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("button", { name: "Edit Profile" })).toBeFocused();
    for (const button of ["Edit Profile", "Delete Account", "Sign Out"]) await expect(page.getByRole("button", { name: button })).toBeVisible();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem("user"))) ?? "{}")).toMatchObject({ email: user.email, login_count: 2 }); // the verification link's sign-in and this one
  });

  test("edit, save ('Updating profile...' then 'Profile updated successfully!'), and it persists after a reload", async ({ page, request }, testInfo) => {
    await signedIn(page, request, uniqueEmail(testInfo, "edit"));
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await page.getByLabel("Name", { exact: true }).fill("Asha Verma");
    await page.getByLabel("Gender").selectOption("Female");
    await page.getByLabel("Day", { exact: true }).fill("12");
    await page.getByLabel("Month", { exact: true }).fill("4");
    await page.getByLabel("Year", { exact: true }).fill("1999");
    await page.getByLabel("About").fill("I teach maths in Kanpur.");

    await page.route("**/profile.data*", async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Updating profile...")).toBeVisible();
    await expect(page.getByText("Profile updated successfully!")).toBeVisible();
    // Back in view mode, focus is on the button that reopens the form (never on <body>).
    await expect(page.getByRole("button", { name: "Edit Profile" })).toBeFocused();
    await expect(page.getByRole("region", { name: "Profile Details" }).getByRole("textbox")).toHaveCount(0);
    await page.unroute("**/profile.data*");

    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Asha Verma");
    const details = page.getByRole("region", { name: "Profile Details" });
    await expect(details.locator("dd")).toHaveText(["Asha Verma", /@/, "Female", "12 April 1999", "English", "I teach maths in Kanpur."]);
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await expect(page.getByLabel("Gender")).toHaveValue("Female");
    await expect(page.getByLabel("Day", { exact: true })).toHaveValue("12");
    await expect(page.getByLabel("Month", { exact: true })).toHaveValue("4");
    await expect(page.getByLabel("Year", { exact: true })).toHaveValue("1999");
    expect(await storedDob(testInfo, await page.getByLabel("Email", { exact: true }).inputValue())).toBe("1999-04-12");
    await expect(page.getByLabel("About")).toHaveValue("I teach maths in Kanpur.");
    await expect(page.getByTestId("last-update")).toContainText(String(new Date().getUTCFullYear()));
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole("banner").getByRole("button", { name: "Account menu for Asha Verma" })).toBeVisible();
  });

  test("two tabs: the older save is refused (409) and keeps what was typed; Reload shows the newer", async ({ page, request }, testInfo) => {
    const user = await signedIn(page, request, uniqueEmail(testInfo, "two-tabs"));
    const other = await page.context().newPage();
    await open(other, "/profile");
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await other.getByRole("button", { name: "Edit Profile" }).click();

    await other.getByLabel("About").fill("Saved in tab B.");
    await other.getByRole("button", { name: "Save", exact: true }).click();
    await expect(other.getByText("Profile updated successfully!")).toBeVisible();

    const answer = page.waitForResponse((r) => r.url().includes("/profile.data") && r.request().method() === "POST");
    await page.getByLabel("About").fill("Typed in tab A.");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    expect((await answer).status()).toBe(409);
    const notice = page.getByRole("status").filter({ hasText: "Changed in another tab: reload to see the newest version." });
    await expect(notice).toBeVisible();
    await expect(page.getByText("Failed to update profile")).toHaveCount(0);
    await expect(page.getByLabel("About")).toHaveValue("Typed in tab A.");
    expect(await appDb(testInfo).selectFrom("profile").innerJoin("user", "user.id", "profile.user_id").select("about").where("user.email", "=", user.email).executeTakeFirst()).toEqual({ about: "Saved in tab B." });

    await notice.getByRole("link", { name: "Reload" }).click();
    await expect(page.getByLabel("About")).toHaveValue("Saved in tab B.");
    await expect(notice).toHaveCount(0);
    await page.getByLabel("About").fill("Tab A, after reloading.");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Profile updated successfully!")).toBeVisible();
    await other.close();
  });

  test("a save after the session ended keeps the draft, and it comes back after signing in again", async ({ page, request, baseURL }, testInfo) => {
    const user = await signedIn(page, request, uniqueEmail(testInfo, "ended"));
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await page.getByLabel("About").fill("Written while signed out elsewhere.");
    // Signed out in another tab (the same browser's cookies).
    expect((await page.context().request.post("/api/auth/sign-out", { headers: { origin: new URL(baseURL!).origin } })).status()).toBe(200);

    await page.getByRole("button", { name: "Save", exact: true }).click();
    const notice = page.getByRole("status").filter({ hasText: "Your session ended: sign in again to save." });
    await expect(notice).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByLabel("About")).toHaveValue("Written while signed out elsewhere.");

    await notice.getByRole("link", { name: "Sign in again" }).click();
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fprofile$/);
    // The address bar changes when the navigation starts; the page follows once its code has loaded.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome Back");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("status").filter({ hasText: "Your unsaved changes are back: check them and save." })).toBeVisible();
    await expect(page.getByLabel("About")).toHaveValue("Written while signed out elsewhere.");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Profile updated successfully!")).toBeVisible();
    expect((await profileOf(testInfo, user.email))?.id).toBeTruthy();
    expect(await page.evaluate(() => sessionStorage.getItem("profile-draft"))).toBeNull();
    await page.reload();
    await expect(page.getByRole("region", { name: "Profile Details" }).locator("dd").last()).toHaveText("Written while signed out elsewhere.");
  });

  test("an empty name is refused in its slot before anything is sent, with no toast repeating it, and the form stays open", async ({ page, request }, testInfo) => {
    await signedIn(page, request, uniqueEmail(testInfo, "badsave"));
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await page.getByLabel("Name", { exact: true }).fill("   ");
    const posts: string[] = [];
    page.on("request", (r) => {
      // The page's own posts (the analytics beacons are not the form).
      if (r.method() === "POST" && new URL(r.url()).pathname.startsWith("/profile")) posts.push(r.url());
    });
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByLabel("Name", { exact: true })).toHaveAccessibleDescription("Name is required.");
    await expect(page.getByLabel("Name", { exact: true })).toBeFocused();
    await expect(page.getByText("Failed to update profile")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Save", exact: true })).toBeVisible();
    expect(posts).toEqual([]);
  });

  test("an unparseable stored date shows as empty", async ({ page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, "baddate");
    await createVerifiedUser(request, email);
    const row = await profileOf(testInfo, email);
    await appDb(testInfo).updateTable("profile").set({ dob: "31/02/1999" }).where("user_id", "=", row!.id).execute();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInViaUi(page, email);
    await open(page, "/profile");
    await expect(page.getByRole("region", { name: "Profile Details" }).locator("dd").nth(3)).toHaveText("Not set");
    await page.getByRole("button", { name: "Edit Profile" }).click();
    for (const box of ["Day", "Month", "Year"]) await expect(page.getByLabel(box, { exact: true })).toHaveValue("");
  });

  test("a half-typed or impossible date of birth is refused in its slot and never clears the stored one; three empty boxes clear it", async ({ page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, "dobparts");
    await createVerifiedUser(request, email);
    // Stored before this browser signs in: the server's caches never saw the record without it.
    const row = await profileOf(testInfo, email);
    await appDb(testInfo).updateTable("profile").set({ dob: "1990-08-05" }).where("user_id", "=", row!.id).execute();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInViaUi(page, email);
    await open(page, "/profile");
    await page.getByRole("button", { name: "Edit Profile" }).click();
    const box = (name: string) => page.getByLabel(name, { exact: true });
    await expect(box("Day")).toHaveValue("5");
    await expect(box("Month")).toHaveValue("8");
    await expect(box("Year")).toHaveValue("1990");

    // A year typed halfway: before, the date field posted "" and the save cleared the date.
    await box("Day").fill("");
    await box("Year").fill("19");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(box("Day")).toHaveAccessibleDescription("Date of birth must include a day, a month and a year (or leave all three empty).");
    await expect(box("Day")).toBeFocused();
    // Typing in any box clears the date's one error.
    await box("Month").fill("2");
    await expect(box("Day")).not.toHaveAttribute("aria-invalid", "true");

    await box("Day").fill("31");
    await box("Year").fill("1999");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.locator("#profile-dob-error")).toHaveText("Date of birth must be a real date between 1900 and today.");
    expect(await storedDob(testInfo, email)).toBe("1990-08-05");

    for (const name of ["Day", "Month", "Year"]) await box(name).fill("");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Profile updated successfully!")).toBeVisible();
    await expect(page.getByRole("region", { name: "Profile Details" }).locator("dd").nth(3)).toHaveText("Not set");
    expect(await storedDob(testInfo, email)).toBe("");
  });

  test("time tracking: start, it counts every second, stop, and it resumes after a reload", async ({ page, request }, testInfo) => {
    await signedIn(page, request, uniqueEmail(testInfo, "timer"));
    await page.evaluate(() => localStorage.setItem("totalTimeSpent", String(59 * 60_000 + 57_000)));
    await page.reload();
    await expect(page.getByTestId("time-spent")).toHaveText("0h 59m");
    await page.getByRole("button", { name: "Start Tracking" }).click();
    await expect(page.getByTestId("time-spent")).toHaveText("1h 0m", { timeout: 6000 });
    expect(await page.evaluate(() => localStorage.getItem("trackTime"))).toBe("true");
    expect(Number(await page.evaluate(() => localStorage.getItem("lastActive")))).toBeGreaterThan(Date.now() - 10_000);
    expect(await page.evaluate(() => localStorage.getItem("timeSpent"))).toBe("1h 0m");

    await page.reload();
    await expect(page.getByRole("button", { name: "Stop Tracking" })).toBeVisible();
    const before = Number(await page.evaluate(() => localStorage.getItem("totalTimeSpent")));
    await page.waitForTimeout(2200);
    expect(Number(await page.evaluate(() => localStorage.getItem("totalTimeSpent")))).toBeGreaterThan(before + 1500);
    await page.getByRole("button", { name: "Stop Tracking" }).click();
    expect(await page.evaluate(() => localStorage.getItem("trackTime"))).toBe("false");
    const stopped = await page.evaluate(() => localStorage.getItem("totalTimeSpent"));
    await page.waitForTimeout(1500);
    expect(await page.evaluate(() => localStorage.getItem("totalTimeSpent"))).toBe(stopped);
  });

  test("total visits count once per browser session", async ({ page, browser, request, baseURL }, testInfo) => {
    await signedIn(page, request, uniqueEmail(testInfo, "visits"));
    const first = Number(await page.getByTestId("total-visits").innerText());
    await page.reload();
    await open(page, "/about");
    await open(page, "/profile");
    expect(Number(await page.getByTestId("total-visits").innerText())).toBe(first);

    // Another tab of the same browser session does not count again (sessionStorage alone, one tab's, did).
    const second = await page.context().newPage();
    await open(second, "/profile");
    expect(Number(await second.getByTestId("total-visits").innerText())).toBe(first);
    await second.close();

    // The browser closed and opened again: its session cookies (the visit flag) are gone, local storage stays.
    const storage = await page.context().storageState();
    expect(storage.cookies.find((c) => c.name === "visitCounted")?.expires).toBe(-1);
    storage.cookies = storage.cookies.filter((c) => c.name !== "visitCounted");
    const next = await browser.newContext({ baseURL, storageState: storage, extraHTTPHeaders: { "x-forwarded-for": "10.201.0.7" } });
    const tab = await next.newPage();
    await open(tab, "/profile");
    expect(Number(await tab.getByTestId("total-visits").innerText())).toBe(first + 1);
    await next.close();
  });

  test("download my data gives the record as a JSON file", async ({ page, request }, testInfo) => {
    const user = await signedIn(page, request, uniqueEmail(testInfo, "export"));
    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download my data" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^tuesday-ai-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const body = JSON.parse(await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString()));
    expect(body.record).toMatchObject({ email: user.email, name: user.name, messages: [] });
    expect(body.sign_in_methods).toEqual([expect.objectContaining({ provider: "email and password" })]);
  });
});

test.describe("deleting the account", () => {
  async function openDialog(page: Page) {
    await page.getByRole("button", { name: "Delete Account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  test("a wrong name deletes nothing; a wrong password fails; the right ones delete, and sign-in fails after", async ({ page, request }, testInfo) => {
    const user = await signedIn(page, request, uniqueEmail(testInfo, "delete"));
    let dialog = await openDialog(page);
    await dialog.getByLabel(/Type your name/).fill("Not My Name");
    await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await dialog.getByRole("button", { name: "Delete Account" }).click();
    await expect(page.getByText("Please type your name correctly to confirm deletion")).toBeVisible();
    expect(await profileOf(testInfo, user.email)).toBeTruthy();

    // No password: nothing is sent, and the dialog says what is missing.
    await dialog.getByLabel(/Type your name/).fill(user.name);
    await dialog.getByLabel("Password", { exact: true }).fill("");
    await dialog.getByRole("button", { name: "Delete Account" }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Password is required.")).toBeVisible();
    await expect(dialog.getByLabel("Password", { exact: true })).toBeFocused();
    await expect(page.getByText("Deleting account...")).toHaveCount(0);

    await dialog.getByLabel("Password", { exact: true }).fill("wrong-password");
    await dialog.getByRole("button", { name: "Delete Account" }).click();
    // The dialog stays open with the spec's error, and what was typed stays typed.
    await expect(dialog.getByRole("alert")).toHaveText("Failed to delete account. Please check your password.");
    await expect(dialog.getByLabel(/Type your name/)).toHaveValue(user.name);
    expect(await profileOf(testInfo, user.email)).toBeTruthy();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    // Focus returns to the button that opened it.
    await expect(page.getByRole("button", { name: "Delete Account" })).toBeFocused();

    dialog = await openDialog(page);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();

    dialog = await openDialog(page);
    await dialog.getByLabel(/Type your name/).fill(user.name);
    await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await dialog.getByRole("button", { name: "Delete Account" }).click();
    await expect(page.getByText("Account deleted successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    await overlayCleared(page);
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
    expect(await profileOf(testInfo, user.email)).toBeUndefined();
    // The notice says when and from which device (Playwright's "Desktop Chrome" says Windows whatever the machine).
    expect((await waitForMail(user.email, /Your Tuesday AI account was deleted/)).text).toContain("from Chrome on Windows");
    expect(await page.evaluate(() => localStorage.getItem("user"))).toBeNull();
    // The next person on this browser inherits none of the local stats.
    expect(await page.evaluate(() => ["totalVisits", "timeSpent", "totalTimeSpent", "trackTime", "lastActive"].map((k) => localStorage.getItem(k)))).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);

    await open(page, "/auth");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  });

  test("an account made with GitHub confirms deletion through an emailed link", async ({ page, baseURL }, testInfo) => {
    test.setTimeout(60_000);
    const email = uniqueEmail(testInfo, "ghdelete");
    await page.setViewportSize({ width: 1280, height: 900 });
    await queueIdentity("github", baseURL!, { sub: `gh-${Date.now()}`, email, login: "gh-deleter", name: "GH Deleter" });
    await open(page, "/auth");
    const popupPromise = page.waitForEvent("popup");
    await page.getByRole("button", { name: /Continue with GitHub/ }).click();
    const popup = await popupPromise;
    await popup.getByRole("link", { name: "Authorize" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await overlayCleared(page);
    await open(page, "/profile");

    const dialog = await openDialog(page);
    await expect(dialog.getByLabel("Password", { exact: true })).toHaveCount(0);
    await dialog.getByLabel(/Type your name/).fill("GH Deleter");
    await dialog.getByRole("button", { name: "Delete Account" }).click();
    await expect(page.getByText(/We have emailed you a link to confirm deleting your account/)).toBeVisible();
    expect(await profileOf(testInfo, email)).toBeTruthy();

    const mail = await waitForMail(email, /Confirm deleting your Tuesday AI account/);
    await page.goto(linkIn(mail, /delete-user\/callback/));
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText("Account deleted successfully")).toBeVisible();
    expect(await profileOf(testInfo, email)).toBeUndefined();
  });
});

test.describe("accessibility of the signed-in pages", () => {
  for (const width of [390, 1280]) {
    test(`/profile, in view and edit mode and with the delete modal open, at ${width} px`, async ({ page, request }, testInfo) => {
      const user = await createVerifiedUser(request, uniqueEmail(testInfo, `a11y${width}`));
      await signInViaUi(page, user.email);
      await page.setViewportSize({ width, height: 900 });
      await open(page, "/profile");
      await expectAccessible(page);
      await page.screenshot({ path: testInfo.outputPath(`profile-${width}.png`), fullPage: true });
      await page.getByRole("button", { name: "Edit Profile" }).click();
      await expectAccessible(page);
      await page.getByRole("button", { name: "Delete Account" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({ path: testInfo.outputPath(`profile-delete-${width}.png`) });
    });
  }
});
