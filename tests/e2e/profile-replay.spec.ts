/**
 * Signed-in answers are remembered and replayed by the edge
 * (app/replay-cache.server.ts). These tests try to catch a replay serving
 * something it must not: an answer older than the last write, an answer for
 * a session that ended, one user's page for another, a page whose scripts
 * the replayed Content-Security-Policy would block.
 */
import type { APIRequestContext, Browser } from "@playwright/test";
import { createVerifiedUser, expect, open, PASSWORD, test, uniqueEmail } from "./fixtures";

async function signedInClient(browser: Browser, baseURL: string, email: string, ip: string) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": ip, origin: new URL(baseURL).origin } });
  const api = context.request;
  const res = await api.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD } });
  expect(res.status()).toBe(200);
  return { context, api, id: ((await res.json()) as { user: { id: string } }).user.id };
}

async function recordOf(api: APIRequestContext, id: string) {
  const res = await api.get(`/api/user/${id}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { name: string; about: string; messages: unknown[]; login_count: number } }).data;
}

test.describe("replayed signed-in answers", () => {
  test("are never older than the last write: profile saves, messages, sign-ins", async ({ browser, baseURL, request, clientIp }, testInfo) => {
    const email = uniqueEmail(testInfo, "replay");
    await createVerifiedUser(request, email);
    const a = await signedInClient(browser, baseURL!, email, clientIp);

    // Twice, so the second answer can come from the replay cache.
    expect((await recordOf(a.api, a.id)).about).toBe("");
    expect((await recordOf(a.api, a.id)).about).toBe("");
    const page1 = await (await a.api.get("/profile")).text();
    expect(page1).not.toContain("Written after the first read");

    const saved = await a.api.post(`/api/saveUser/${a.id}`, { data: { name: "Replay Tester", about: "Written after the first read" } });
    expect(saved.status()).toBe(200);
    expect(await recordOf(a.api, a.id)).toMatchObject({ name: "Replay Tester", about: "Written after the first read" });
    expect(await (await a.api.get("/profile")).text()).toContain("Written after the first read");

    // A message sent while signed in shows in the record at once.
    const sent = await a.api.post("/api/forms/feedback", { data: { name: "Replay Tester", email, message: "A message after the replay." } });
    expect(sent.status()).toBe(200);
    expect((await recordOf(a.api, a.id)).messages).toHaveLength(1);

    // A sign-in elsewhere counts at once in this browser's view too.
    const before = (await recordOf(a.api, a.id)).login_count;
    const b = await signedInClient(browser, baseURL!, email, clientIp);
    expect((await recordOf(a.api, a.id)).login_count).toBe(before + 1);
    await Promise.all([a.context.close(), b.context.close()]);
  });

  test("carry every header of the answer they repeat, the security headers included", async ({ browser, baseURL, request, clientIp }, testInfo) => {
    // The edge keeps an answer without the headers it sets on every response (server/http.ts) and sets
    // them before a replay: the second answer (a replay) must look exactly like the first (rendered).
    const email = uniqueEmail(testInfo, "replay-headers");
    await createVerifiedUser(request, email);
    const a = await signedInClient(browser, baseURL!, email, clientIp);
    for (const path of [`/api/user/${a.id}`, "/profile", "/profile.data"]) {
      const [first, second] = [await a.api.get(path), await a.api.get(path)];
      const headers = (res: typeof first) => Object.fromEntries(Object.entries(res.headers()).filter(([name]) => name !== "date"));
      expect(second.status(), path).toBe(200);
      expect(headers(second), path).toMatchObject({
        "x-content-type-options": "nosniff",
        "x-frame-options": "DENY",
        "referrer-policy": "strict-origin-when-cross-origin",
        "cross-origin-resource-policy": "same-origin",
        "cache-control": "private, no-store",
      });
      expect(headers(second)["content-security-policy"], path).toContain("frame-ancestors 'none'");
      if (path.startsWith("/api/")) expect(headers(second), path).toEqual(headers(first));
    }
    await a.context.close();
  });

  test("end with the session: signed out or revoked, the old cookie gets nothing remembered", async ({ browser, baseURL, request, clientIp }, testInfo) => {
    const email = uniqueEmail(testInfo, "replay-end");
    await createVerifiedUser(request, email);
    const a = await signedInClient(browser, baseURL!, email, clientIp);
    const cookie = (await a.context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const asOldCookie = (path: string) => request.get(path, { headers: { cookie }, maxRedirects: 0 });

    expect((await asOldCookie("/profile")).status()).toBe(200);
    expect((await asOldCookie("/profile")).status()).toBe(200);
    expect((await asOldCookie(`/api/user/${a.id}`)).status()).toBe(200);

    // Revoked from another browser ("sign out everywhere else").
    const b = await signedInClient(browser, baseURL!, email, clientIp);
    expect((await b.api.post("/api/auth/revoke-other-sessions", { data: {} })).status()).toBe(200);
    const page = await asOldCookie("/profile");
    expect(page.status()).toBe(302);
    expect(page.headers().location).toContain("/auth");
    expect((await asOldCookie(`/api/user/${a.id}`)).status()).toBe(401);
    expect(await (await asOldCookie("/api/auth/get-session")).json()).toBeNull();

    // Signed out: the same.
    const bCookie = (await b.context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    expect((await request.get(`/api/user/${a.id}`, { headers: { cookie: bCookie } })).status()).toBe(200);
    expect((await b.api.post("/api/auth/sign-out", { data: {} })).status()).toBe(200);
    expect((await request.get(`/api/user/${a.id}`, { headers: { cookie: bCookie } })).status()).toBe(401);
    await Promise.all([a.context.close(), b.context.close()]);
  });

  test("are one user's alone", async ({ browser, baseURL, request, clientIp }, testInfo) => {
    const [emailA, emailB] = [uniqueEmail(testInfo, "replay-a"), uniqueEmail(testInfo, "replay-b")];
    await createVerifiedUser(request, emailA);
    // A second sign-up from a client of its own (the first one now holds cookies).
    const other = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": clientIp } });
    await createVerifiedUser(other.request, emailB);
    await other.close();
    const a = await signedInClient(browser, baseURL!, emailA, clientIp);
    const b = await signedInClient(browser, baseURL!, emailB, clientIp);
    for (let i = 0; i < 2; i++) {
      expect(await (await a.api.get("/profile")).text()).toContain(emailA);
      const other = await (await b.api.get("/profile")).text();
      expect(other).toContain(emailB);
      expect(other).not.toContain(emailA);
      expect((await b.api.get(`/api/user/${a.id}`)).status()).toBe(403);
    }
    await Promise.all([a.context.close(), b.context.close()]);
  });

  test("are one device's alone: the security page marks this device on each", async ({ browser, baseURL, request, clientIp }, testInfo) => {
    const email = uniqueEmail(testInfo, "replay-devices");
    await createVerifiedUser(request, email);
    const a = await signedInClient(browser, baseURL!, email, clientIp);
    const b = await signedInClient(browser, baseURL!, email, clientIp);
    /** The id of the session the security page marks "This device", from its sign-out buttons (every other device has one). */
    const marked = async (client: typeof a) => {
      const html = await (await client.api.get("/profile/security")).text();
      expect(html).toContain("This device");
      return [...html.matchAll(/name="sessionId" value="([^"]+)"/g)].map((m) => m[1]);
    };
    const sessions = async (client: typeof a) => ((await (await client.api.get("/api/auth/get-session")).json()) as { session: { id: string } }).session.id;
    const [idA, idB] = [await sessions(a), await sessions(b)];
    expect(idA).not.toBe(idB);
    // Twice each, so that the second answers can be replays: each device is offered to sign out the other, never itself.
    for (let i = 0; i < 2; i++) {
      expect(await marked(a)).toEqual([idB]);
      expect(await marked(b)).toEqual([idA]);
    }
    await Promise.all([a.context.close(), b.context.close()]);
  });

  test("keep their scripts running: a replayed page hydrates under its own CSP", async ({ page, request, baseURL }, testInfo) => {
    const email = uniqueEmail(testInfo, "replay-csp");
    await createVerifiedUser(request, email);
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    const res = await page.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD }, headers: { origin: new URL(baseURL!).origin } });
    expect(res.status()).toBe(200);
    // The page a sign-in leads to shows (and spends) its "Welcome back" flash; a request carrying one is
    // always rendered, and the answer that clears it is not kept for replay (ADR 0025).
    await open(page, "/home");
    for (let i = 0; i < 3; i++) {
      const response = await open(page, "/profile");
      const csp = response!.headers()["content-security-policy"] ?? "";
      // The first answer is rendered (its nonce); the next ones are replays (the hashes of the nonce's scripts).
      expect(csp).toMatch(i === 0 ? /script-src[^;]*'nonce-/ : /script-src[^;]*'sha256-/);
      await page.getByRole("button", { name: "Edit Profile" }).click();
      await expect(page.getByLabel("Name")).toBeEditable();
    }
    expect(violations).toEqual([]);
  });
  test("never answer a page with the data a client-side navigation fetched for it", async ({ browser, baseURL, request, clientIp }, testInfo) => {
    // A data request (/auth.data, /profile.data) reaches the middleware under its page's URL;
    // remembered under that URL, the next full load of the page would get a turbo-stream.
    const anonymous = await browser.newContext({ baseURL });
    for (let i = 0; i < 2; i++) expect((await anonymous.request.get("/auth.data?mode=signup")).status()).toBe(200);
    for (let i = 0; i < 2; i++) {
      const page = await anonymous.request.get("/auth?mode=signup");
      expect(page.headers()["content-type"]).toContain("text/html");
      expect(await page.text()).toContain("<h1");
    }
    await anonymous.close();

    const email = uniqueEmail(testInfo, "replay-data");
    await createVerifiedUser(request, email);
    const a = await signedInClient(browser, baseURL!, email, clientIp);
    for (let i = 0; i < 2; i++) expect((await a.api.get("/profile.data")).status()).toBe(200);
    const page = await a.context.newPage();
    await open(page, "/profile");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await a.context.close();
  });
});
