import type { APIRequestContext, Browser } from "@playwright/test";
import { createVerifiedUser, expect, PASSWORD, profileOf, test, uniqueEmail } from "./fixtures";

/** A signed-in API client of its own (cookies kept per context). */
async function client(browser: Browser, baseURL: string, email: string, ip: string): Promise<{ api: APIRequestContext; id: string }> {
  // Like a browser, it sends its Origin (Better Auth refuses cookie-bearing writes without one).
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": ip, origin: new URL(baseURL).origin } });
  const api = context.request;
  await createVerifiedUser(api, email);
  const res = await api.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD } });
  expect(res.status()).toBe(200);
  return { api, id: ((await res.json()) as { user: { id: string } }).user.id };
}

test.describe("the user-record API (contract)", () => {
  test("401 when signed out", async ({ request }) => {
    expect((await request.get("/api/user/anything")).status()).toBe(401);
    expect((await request.post("/api/saveUser", { data: {} })).status()).toBe(401);
    expect((await request.post("/api/saveUser/anything", { data: { name: "x" } })).status()).toBe(401);
    const del = await request.delete("/api/user/anything", { data: { name: "x", password: "y" } });
    expect(del.status()).toBe(401);
    expect(await del.json()).toMatchObject({ success: false });
  });

  test("an owner reads, creates/refreshes and updates their own record; only name, gender, dob and about change", async ({ browser, baseURL }, testInfo) => {
    const email = uniqueEmail(testInfo, "owner");
    const a = await client(browser, baseURL!, email, "10.150.0.1");

    const read = await a.api.get(`/api/user/${a.id}`);
    expect(read.status()).toBe(200);
    const { success, data } = (await read.json()) as { success: boolean; data: Record<string, unknown> };
    expect(success).toBe(true);
    expect(Object.keys(data).sort()).toEqual(
      ["about", "created_at", "dob", "email", "email_verified", "gender", "id", "last_login", "login_count", "messages", "name", "updated_at", "verification_attempts", "verification_sent_at"].sort(),
    );
    // Two sign-ins: the verification link's and the client's own.
    expect(data).toMatchObject({ id: a.id, email, email_verified: true, login_count: 2, verification_attempts: 1, dob: "", messages: [] });

    const saved = await a.api.post("/api/saveUser", { data: { login_count: 999, email: "evil@example.test" } });
    expect(saved.status()).toBe(200);
    expect(await saved.json()).toMatchObject({ success: true, message: expect.any(String), data: { id: a.id, email, login_count: 2 } });

    const update = await a.api.post(`/api/saveUser/${a.id}`, {
      data: {
        name: "Meera K",
        gender: "Female",
        dob: "2001-02-03",
        about: "Hello",
        // None of these may change:
        id: "someone-else",
        email: "evil@example.test",
        email_verified: false,
        login_count: 999,
        verification_attempts: 0,
        created_at: "2000-01-01T00:00:00.000Z",
        role: "admin",
        isAdmin: true,
        messages: [{ id: "x" }],
        // The profile page's date boxes are the form's, not the contract's: the API reads `dob` only.
        "dob-day": "9",
        "dob-month": "9",
        "dob-year": "1999",
      },
    });
    expect(update.status()).toBe(200);
    const after = ((await update.json()) as { data: Record<string, unknown> }).data;
    expect(after).toMatchObject({ id: a.id, email, name: "Meera K", gender: "Female", dob: "2001-02-03", about: "Hello", email_verified: true, login_count: 2, verification_attempts: 1, messages: [] });
    expect(after.created_at).toBe(data.created_at);
    expect(after).not.toHaveProperty("role");
    expect(after).not.toHaveProperty("isAdmin");
    expect(new Date(String(after.updated_at)).getTime()).toBeGreaterThan(new Date(String(data.updated_at)).getTime());
  });

  test("user A can neither read, change nor delete user B's record", async ({ browser, baseURL }, testInfo) => {
    const a = await client(browser, baseURL!, uniqueEmail(testInfo, "alice"), "10.150.1.1");
    const bEmail = uniqueEmail(testInfo, "bob");
    const b = await client(browser, baseURL!, bEmail, "10.150.1.2");

    expect((await a.api.get(`/api/user/${b.id}`)).status()).toBe(403);
    const change = await a.api.post(`/api/saveUser/${b.id}`, { data: { name: "Hacked" } });
    expect(change.status()).toBe(403);
    const del = await a.api.delete(`/api/user/${b.id}`, { data: { name: bEmail.split("@")[0], password: PASSWORD } });
    expect(del.status()).toBe(403);

    const bRecord = (await (await b.api.get(`/api/user/${b.id}`)).json()) as { data: { name: string } };
    expect(bRecord.data.name).toBe(bEmail.split("@")[0]);
    expect(await profileOf(testInfo, bEmail)).toBeTruthy();
  });

  test("bad input gets a 400 with a clear message and changes nothing", async ({ browser, baseURL }, testInfo) => {
    const email = uniqueEmail(testInfo, "badinput");
    const a = await client(browser, baseURL!, email, "10.150.2.1");
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ name: "Ok", dob: "2020-02-30" }, /Date of birth must be a real date/],
      [{ name: "Ok", dob: "yesterday" }, /Date of birth must be a real date/],
      [{ name: "Ok", dob: "2999-01-01" }, /Date of birth must be a real date/],
      // The contract's format only: the profile page's day-month-year order is not read here.
      [{ name: "Ok", dob: "03/02/2001" }, /Date of birth must be a real date \(YYYY-MM-DD\)/],
      // A form's date boxes do not stand in for it: a bad `dob` is refused whatever comes along.
      [{ name: "Ok", dob: "1999-02-31", "dob-day": "3", "dob-month": "2", "dob-year": "2001" }, /Date of birth must be a real date \(YYYY-MM-DD\)/],
      [{ name: "" }, /Name is required/],
      [{ name: "x".repeat(101) }, /Name must be at most 100 characters/],
      [{ name: "Ok", about: "y".repeat(2001) }, /About must be at most 2000 characters/],
      [{ name: "Ok", gender: { nested: true } }, /Gender must be text/],
    ];
    for (const [body, message] of cases) {
      const res = await a.api.post(`/api/saveUser/${a.id}`, { data: body });
      expect(res.status(), JSON.stringify(body)).toBe(400);
      const answer = (await res.json()) as { success: boolean; message: string };
      expect(answer.success).toBe(false);
      expect(answer.message).toMatch(message);
    }
    const notJson = await a.api.post(`/api/saveUser/${a.id}`, { headers: { "content-type": "application/json" }, data: "{not json" });
    expect(notJson.status()).toBe(400);
    const huge = await a.api.post(`/api/saveUser/${a.id}`, { data: { name: "Ok", about: "z".repeat(70_000) } });
    expect(huge.status()).toBe(413);

    const record = (await (await a.api.get(`/api/user/${a.id}`)).json()) as { data: { name: string; dob: string } };
    expect(record.data).toMatchObject({ name: email.split("@")[0], dob: "" });
  });

  test("DELETE checks the name and the password, then removes the account, its sessions and its record", async ({ browser, baseURL }, testInfo) => {
    const email = uniqueEmail(testInfo, "apidelete");
    const a = await client(browser, baseURL!, email, "10.150.3.1");
    const name = email.split("@")[0]!;

    const mismatch = await a.api.delete(`/api/user/${a.id}`, { data: { name: "wrong", password: PASSWORD } });
    expect(mismatch.status()).toBe(400);
    expect(await mismatch.json()).toEqual({ success: false, message: "Please type your name correctly to confirm deletion" });
    const badPassword = await a.api.delete(`/api/user/${a.id}`, { data: { name, password: "nope-nope" } });
    expect(badPassword.status()).toBe(403);
    expect(await badPassword.json()).toEqual({ success: false, message: "Failed to delete account. Please check your password." });
    expect(await profileOf(testInfo, email)).toBeTruthy();

    const ok = await a.api.delete(`/api/user/${a.id}`, { data: { name, password: PASSWORD } });
    expect(ok.status()).toBe(200);
    expect(await ok.json()).toEqual({ success: true, message: "Account deleted successfully" });
    expect(await profileOf(testInfo, email)).toBeUndefined();
    expect((await a.api.get(`/api/user/${a.id}`)).status()).toBe(401);
    const again = await a.api.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD } });
    expect(again.status()).toBe(401);
  });
});
