/**
 * /auth/reset-password (and /hi/…): where the emailed reset link lands, and
 * the new password's post. A link works once and for an hour; a dead one says
 * so on the page itself.
 */
import { describe, expect, test } from "vitest";
import { PASSWORD_MESSAGES } from "~/features/auth/password-policy.server";
import { services } from "~/services.server";
import { fill } from "~/shared/i18n/messages";
import { hi } from "~/shared/i18n/messages.hi";
import { callRoute, FIXTURE_PASSWORD, lastMail, makeAccount, type RouteCall, signIn } from "../../tests/routes/route-kit";
import { loader as apiLoader } from "./api/auth";
import { action as authAction } from "./auth";
import { action, loader } from "./auth.reset-password";
import { loader as rootLoader } from "../root";

const CHROME_ON_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const NEW_PASSWORD = "brand-new-pass-9";
const DEAD_LINK = "This password reset link is not valid or has expired. Request a new one.";

interface PageData {
  token: string;
  error: string | null;
  minPasswordLength: number;
  i18n: unknown;
}
interface ResetData {
  done: boolean;
  error: string | null;
  fieldErrors?: Record<string, string>;
}

const page = (path: string) => callRoute<PageData>(loader, { path });
const post = (form: Record<string, string>, call: Omit<RouteCall, "path" | "form"> & { path?: string } = {}) =>
  callRoute<ResetData>(action, { path: "/auth/reset-password", form, ...call });

/**
 * "Forgot Password?" from `from` (/auth or /hi/auth), the mailed link opened:
 * the link, and where it landed (the reset page with its token).
 */
async function resetLink(email: string, from = "/auth") {
  await callRoute(authAction, { path: from, form: { intent: "request-reset", email }, ip: "10.20.0.1" });
  const link = new URL((await lastMail(email, "password-reset")).links.find((l) => l.includes("/api/auth/reset-password/"))!);
  const path = link.pathname + link.search;
  const landing = new URL((await callRoute(apiLoader, { path })).location!, "http://localhost:3000");
  return { path, landing, token: landing.searchParams.get("token") ?? "" };
}

const signInWith = (email: string, password: string) => callRoute(authAction, { path: "/auth", form: { intent: "sign-in", email, password }, ip: "10.20.0.2" });

describe("the page", () => {
  test("the mailed link lands here with its token, and the page takes it", async () => {
    const asha = await makeAccount();
    const { landing, token } = await resetLink(asha.email);
    expect(landing.pathname).toBe("/auth/reset-password");
    expect(token).not.toBe("");
    expect((await page(landing.pathname + landing.search)).data).toEqual({ token, error: null, minPasswordLength: 8, i18n: null });
  });

  test("a made-up token is a dead link", async () => {
    expect((await page("/auth/reset-password?token=not-a-real-token")).data).toMatchObject({ token: "not-a-real-token", error: "INVALID_TOKEN" });
  });

  test("an hour on, the link is dead", async () => {
    const asha = await makeAccount();
    const { token } = await resetLink(asha.email);
    const { database } = await services();
    await database.db
      .updateTable("verification")
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where("identifier", "=", `reset-password:${token}`)
      .execute();
    expect((await page(`/auth/reset-password?token=${token}`)).data.error).toBe("INVALID_TOKEN");
  });

  test("Better Auth's own refusal (?error=) is kept; no token at all is no form", async () => {
    expect((await page("/auth/reset-password?error=INVALID_TOKEN")).data).toMatchObject({ token: "", error: "INVALID_TOKEN" });
    expect((await page("/auth/reset-password")).data).toMatchObject({ token: "", error: null });
  });

  test("the Hindi page carries its words, and a link asked for there lands on it", async () => {
    const ravi = await makeAccount({ language: "hi" });
    const { landing } = await resetLink(ravi.email, "/hi/auth");
    expect(landing.pathname).toBe("/hi/auth/reset-password");
    expect((await page(landing.pathname + landing.search)).data.i18n).not.toBeNull();
  });
});

describe("the new password", () => {
  test("without a token it is a dead link", async () => {
    const answer = await post({ password: NEW_PASSWORD, confirm: NEW_PASSWORD });
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({ done: false, error: DEAD_LINK });
  });

  test.each([
    ["empty", "", "", { password: "Choose a password." }],
    ["too short", "short", "short", { password: "Use at least 8 characters for your new password." }],
    ["too long", "x".repeat(129), "x".repeat(129), { password: "Use at most 128 characters for your new password." }],
    ["mistyped", "a-much-longer-password-9", "a-much-longer-password-8", { confirm: "The two passwords do not match." }],
  ])("%s: refused beside the field", async (_, password, confirm, fieldErrors) => {
    const answer = await post({ token: "any-token", password, confirm });
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({ done: false, error: null, fieldErrors });
  });

  test.each([
    ["a common", "password", PASSWORD_MESSAGES.common],
    ["a brand", "TuesdayAI-2026", PASSWORD_MESSAGES.brand],
  ])("%s password is refused beside the field, and the link still works for a good one", async (_, password, reason) => {
    const asha = await makeAccount();
    const { token } = await resetLink(asha.email);
    const refused = await post({ token, password, confirm: password });
    expect(refused.status).toBe(400);
    expect(refused.data).toEqual({ done: false, error: null, fieldErrors: { password: reason } });
    expect((await post({ token, password: NEW_PASSWORD, confirm: NEW_PASSWORD })).data).toEqual({ done: true, error: null });
  });

  test("a good one is set: every session ends, only the new password signs in, and the owner is told from which device", async () => {
    const asha = await signIn();
    const { path, token } = await resetLink(asha.email);
    const answer = await post({ token, password: NEW_PASSWORD, confirm: NEW_PASSWORD }, { headers: { "user-agent": CHROME_ON_WINDOWS } });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ done: true, error: null });

    // The other device is signed out.
    const elsewhere = await callRoute<{ viewer: unknown }>(rootLoader, { path: "/profile", cookie: asha.cookie });
    expect(elsewhere.data.viewer).toBeNull();
    expect((await signInWith(asha.email, FIXTURE_PASSWORD)).status).toBe(401);
    expect((await signInWith(asha.email, NEW_PASSWORD)).location).toBe("/home");
    const notice = await lastMail(asha.email, "password-changed");
    expect(notice.subject).toBe("Your Tuesday AI password was changed");
    expect(notice.text).toContain("from Chrome on Windows");

    // The link worked once: posted again, opened again, or the page kept open, it is dead.
    expect((await post({ token, password: "another-pass-77", confirm: "another-pass-77" })).data).toEqual({ done: false, error: DEAD_LINK });
    const reopened = await callRoute(apiLoader, { path });
    expect(new URL(reopened.location!, "http://localhost:3000").searchParams.get("error")).toBe("INVALID_TOKEN");
    expect((await page(`/auth/reset-password?token=${token}`)).data.error).toBe("INVALID_TOKEN");
  });

  test("on the Hindi page: Hindi errors, and the notice mail in Hindi names the device the Hindi way", async () => {
    const ravi = await makeAccount({ language: "hi" });
    const { token } = await resetLink(ravi.email, "/hi/auth");
    const mistyped = await post({ token, password: NEW_PASSWORD, confirm: `${NEW_PASSWORD}x` }, { path: "/hi/auth/reset-password" });
    expect(mistyped.data.fieldErrors).toEqual({ confirm: hi.auth.fields.mismatch });
    expect((await post({ token: "", password: "x" }, { path: "/hi/auth/reset-password" })).data.error).toBe(hi.auth.messages.resetLinkInvalid);
    const common = await post({ token, password: "password", confirm: "password" }, { path: "/hi/auth/reset-password" });
    expect(common.data.fieldErrors).toEqual({ password: hi.auth.password.common });

    const done = await post(
      { token, password: NEW_PASSWORD, confirm: NEW_PASSWORD },
      { path: "/hi/auth/reset-password", headers: { "user-agent": CHROME_ON_WINDOWS } },
    );
    expect(done.data.done).toBe(true);
    const notice = await lastMail(ravi.email, "password-changed");
    expect(notice.subject).toBe(hi.mail.passwordChanged.subject);
    expect(notice.html).toContain('<html lang="hi">');
    expect(notice.text).toContain(fill(hi.shell.device.name, { browser: "Chrome", system: "Windows" }));
  });
});
