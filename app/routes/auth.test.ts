/**
 * /auth (and /hi/auth): the sign-in, sign-up, reset-request and
 * check-your-email views' loader, and the action every one of their forms
 * posts to, with or without JavaScript. The two-factor step after a password
 * is in auth.two-factor.test.ts; the API's own answers in api/auth.test.ts.
 */
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, test, vi } from "vitest";
import { PASSWORD_MESSAGES } from "~/features/auth/password-policy.server";
import { services } from "~/services.server";
import { fill } from "~/shared/i18n/messages";
import { hi } from "~/shared/i18n/messages.hi";
import { callRoute, FIXTURE_PASSWORD, freshEmail, lastMail, mailsTo, makeAccount, type RouteCall, signIn } from "../../tests/routes/route-kit";
import { loader as apiLoader } from "./api/auth";
import { action, loader } from "./auth";
import { loader as rootLoader } from "../root";

/** A password a breach published (the local range server below lists it). */
const BREACHED = "Breached-Password-1";

/** A Pwned Passwords range API on a local port that lists `passwords` (k-anonymity: suffixes per 5-character prefix). */
async function breachedPasswordsServer(passwords: string[]): Promise<string> {
  const hashes = passwords.map((p) => createHash("sha1").update(p).digest("hex").toUpperCase());
  const server = createServer((request, response) => {
    const prefix = /^\/range\/([0-9A-F]{5})$/i.exec(request.url ?? "")?.[1]?.toUpperCase() ?? "-";
    response.end(
      hashes
        .filter((h) => h.startsWith(prefix))
        .map((h) => `${h.slice(5)}:42`)
        .join("\r\n"),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

// Read once, on this file's first services(): GitHub configured (Google not), and the breach check on.
vi.stubEnv("PWNED_PASSWORDS_URL", await breachedPasswordsServer([BREACHED]));
vi.stubEnv("GITHUB_CLIENT_ID", "route-test-client");
vi.stubEnv("GITHUB_CLIENT_SECRET", "route-test-secret");

interface PageData {
  mode: string;
  notice: { tone: string; text: string } | null;
  providers: Record<string, boolean>;
  minPasswordLength: number;
  redirectTo: string | null;
  pending: { email: string; attemptsLeft: number; waitS: number; waitMessage: string | null } | null;
  i18n: unknown;
}

interface ActionData {
  intent: string;
  email?: string;
  name?: string;
  notice: { tone: string; text: string } | null;
  fieldErrors?: Record<string, string>;
  canResend?: boolean;
  pending?: PageData["pending"];
}

const page = (path: string, call: Omit<RouteCall, "path"> = {}) => callRoute<PageData>(loader, { path, ...call });
const post = (form: Record<string, string>, call: Omit<RouteCall, "path" | "form"> & { path?: string } = {}) =>
  callRoute<ActionData>(action, { path: "/auth", form, ...call });

/** What the next page's shell says (the flash message a redirect left), as the root loader gives it. */
async function flashOn(path: string, cookie: string): Promise<string | undefined> {
  return (await callRoute<{ flash: { text: string } | null }>(rootLoader, { path, cookie })).data.flash?.text;
}

async function userRow(email: string) {
  const { database } = await services();
  return database.db.selectFrom("user").select(["id", "name", "language", "emailVerified"]).where("email", "=", email).executeTakeFirst();
}

async function moveResendClock(userId: string, minutes: number) {
  const { database } = await services();
  await database.db
    .updateTable("profile")
    .set({ verification_sent_at: new Date(Date.now() - minutes * 60_000).toISOString() })
    .where("user_id", "=", userId)
    .execute();
}

describe("the page", () => {
  test("opens on the sign-in view, with the buttons this server can show and the password minimum", async () => {
    const answer = await page("/auth");
    expect(answer.data).toEqual({
      mode: "signin",
      notice: null,
      providers: { google: false, github: true },
      minPasswordLength: 8,
      redirectTo: null,
      pending: null,
      i18n: null,
    });
  });

  test.each([
    ["signup", "signup"],
    ["reset", "reset"],
    ["nonsense", "signin"],
  ])("?mode=%s is the %s view", async (asked, shown) => {
    expect((await page(`/auth?mode=${asked}`)).data.mode).toBe(shown);
  });

  test("keeps a redirectTo on this site and drops one that leaves it", async () => {
    expect((await page(`/auth?redirectTo=${encodeURIComponent("/profile?edit=1")}`)).data.redirectTo).toBe("/profile?edit=1");
    for (const away of ["//evil.example", "https://evil.example/", "/\\evil.example", "/.//evil.example", "/hi/..//evil.example"]) {
      expect((await page(`/auth?redirectTo=${encodeURIComponent(away)}`)).data.redirectTo, away).toBeNull();
    }
  });

  test.each([
    ["verified=1", "success", "Your email is verified. Sign in to continue."],
    ["error=LINK_USED", "error", "This verification link has already been used. If your email is verified, sign in; otherwise sign in to request a new link."],
    ["error=TOKEN_EXPIRED", "error", "This link has expired. Sign in to request a new verification email."],
    ["error=INVALID_TOKEN", "error", "This link is not valid. Sign in to request a new verification email."],
    ["error=DELETE_SIGN_IN", "error", "Sign in first, then open the link in the email again to finish deleting your account."],
    ["error=TWO_FACTOR_EXPIRED", "error", "Your sign-in timed out. Sign in again."],
    ["error=oauth&provider=google", "error", "Failed to sign in with Google"],
    ["error=oauth&provider=github", "error", "Failed to sign in with GitHub"],
    // Better Auth's own codes for a provider's round trip that came back to no sign-in (onAPIError's errorURL).
    ["error=state_mismatch", "error", "Failed to sign in with Google / GitHub"],
    ["error=please_restart_the_process", "error", "Failed to sign in with Google / GitHub"],
    ["error=something", "error", "An unexpected error occurred."],
  ])("?%s shows its banner", async (query, tone, text) => {
    expect((await page(`/auth?${query}`)).data.notice).toEqual({ tone, text });
  });

  test("the Hindi page carries its words and says its banners in Hindi", async () => {
    const answer = await page("/hi/auth?error=LINK_USED");
    expect(answer.data.i18n).not.toBeNull();
    expect(answer.data.notice?.text).toBe(hi.auth.messages.linkUsed);
    expect((await page("/hi/auth?error=oauth&provider=github")).data.notice?.text).toBe(fill(hi.auth.messages.socialFailed, { provider: "GitHub" }));
  });

  test("a signed-in visitor is sent to the profile (the check-your-email view: home), in the page's language", async () => {
    const asha = await signIn();
    expect((await page("/auth", { cookie: asha.cookie })).location).toBe("/profile");
    expect((await page("/auth?mode=verify", { cookie: asha.cookie })).location).toBe("/home");
    expect((await page("/hi/auth", { cookie: asha.cookie })).location).toBe("/hi/profile");
  });

  test("the check-your-email view without a sign-up in this browser goes to the sign-up view", async () => {
    expect((await page("/auth?mode=verify")).location).toBe("/auth?mode=signup");
    expect((await page("/hi/auth?mode=verify")).location).toBe("/hi/auth?mode=signup");
  });
});

describe("sign in", () => {
  test("empty: each field says what it needs", async () => {
    const answer = await post({ intent: "sign-in", email: "", password: "" });
    expect(answer.status).toBe(400);
    expect(answer.data.fieldErrors).toEqual({ email: "Enter your email address.", password: "Enter your password." });
    expect(answer.data.notice).toBeNull();
  });

  test("a malformed address is refused beside the field, before any password check", async () => {
    const answer = await post({ intent: "sign-in", email: "not-an-address", password: "x" });
    expect(answer.status).toBe(400);
    expect(answer.data.fieldErrors).toEqual({ email: "Enter an email address like name@example.com." });
  });

  test("a wrong password and an unknown address get the same banner, and the address and 'Remember' are kept", async () => {
    const asha = await makeAccount();
    const wrong = await post({ intent: "sign-in", email: asha.email, password: "not-the-password", remember: "on" }, { ip: "10.10.0.1" });
    expect(wrong.status).toBe(401);
    expect(wrong.data).toMatchObject({ intent: "sign-in", email: asha.email, remember: true, notice: { tone: "error", text: "Invalid email or password" } });
    const ghost = await post({ intent: "sign-in", email: freshEmail("ghost"), password: FIXTURE_PASSWORD }, { ip: "10.10.0.1" });
    expect(ghost.data.notice).toEqual(wrong.data.notice);
  });

  test("the right password goes home signed in, and home greets the person by name", async () => {
    const asha = await makeAccount({ name: "Asha Rao" });
    const answer = await post({ intent: "sign-in", email: asha.email, password: FIXTURE_PASSWORD }, { ip: "10.10.0.2" });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/home");
    expect(answer.cookies).toMatch(/session_token=[^;]+/);
    expect(await flashOn("/home", answer.cookies)).toBe("Welcome back, Asha Rao!");
  });

  test("goes back to the page that asked for the sign-in, never off the site or back to /auth", async () => {
    const asha = await makeAccount();
    const to = async (redirectTo: string) =>
      (await post({ intent: "sign-in", email: asha.email, password: FIXTURE_PASSWORD, redirectTo }, { ip: "10.10.0.3" })).location;
    expect(await to("/profile?edit=1")).toBe("/profile?edit=1");
    expect(await to("//evil.example")).toBe("/home");
    expect(await to("/.//evil.example")).toBe("/home");
    expect(await to("https://evil.example/")).toBe("/home");
    expect(await to("/auth?mode=signup")).toBe("/home");
  });

  test("'Remember this device' keeps the session 30 days in a lasting cookie; without it, a day in a browser-session cookie", async () => {
    const asha = await makeAccount();
    const { database } = await services();
    const sessionFor = async (remember: boolean) => {
      const answer = await post(
        { intent: "sign-in", email: asha.email, password: FIXTURE_PASSWORD, ...(remember ? { remember: "on" } : {}) },
        { ip: "10.10.0.4" },
      );
      const cookie = answer.headers.getSetCookie().find((c) => /session_token=[^;]/.test(c))!;
      const token = decodeURIComponent(/session_token=([^;]+)/.exec(cookie)![1]!).split(".")[0]!;
      const row = await database.db.selectFrom("session").select(["createdAt", "expiresAt"]).where("token", "=", token).executeTakeFirstOrThrow();
      const hours = (new Date(row.expiresAt as string).getTime() - new Date(row.createdAt as string).getTime()) / 3_600_000;
      return { cookie, hours };
    };
    const remembered = await sessionFor(true);
    expect(Number(/Max-Age=(\d+)/i.exec(remembered.cookie)?.[1])).toBeGreaterThan(6 * 24 * 3600);
    expect(remembered.cookie).toMatch(/HttpOnly/i);
    expect(remembered.hours / 24).toBeCloseTo(30, 1);
    const forgotten = await sessionFor(false);
    expect(forgotten.cookie).not.toMatch(/Max-Age|Expires/i);
    expect(forgotten.hours).toBeCloseTo(24, 1);
  });

  test("an unverified address is refused, and the page offers the resend by the spec's rules, then counts down", async () => {
    const email = freshEmail("unverified");
    await post({ intent: "sign-up", email, password: FIXTURE_PASSWORD }, { ip: "10.10.0.5" });
    const user = (await userRow(email))!;
    await moveResendClock(user.id, 10);
    const refused = await post({ intent: "sign-in", email, password: FIXTURE_PASSWORD }, { ip: "10.10.0.5" });
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({ canResend: true, notice: { tone: "error", text: "Please verify your email before signing in." } });
    // Ten minutes since the mail: it may be sent now, four more times.
    expect(refused.data.pending).toMatchObject({ email, attemptsLeft: 4, waitS: 0, waitMessage: null });
    expect(refused.cookies).not.toContain("session_token=");
    expect(await mailsTo(email)).toHaveLength(1);

    const resent = await post({ intent: "resend", email }, { cookie: refused.cookies, ip: "10.10.0.5" });
    expect(resent.status).toBe(200);
    expect(resent.data.notice).toEqual({ tone: "success", text: "Verification email sent! Please check your inbox." });
    expect(resent.data.pending).toMatchObject({ attemptsLeft: 3, waitMessage: "Please wait 5 minutes before requesting another verification email." });
    expect(resent.data.pending!.waitS).toBeGreaterThan(290);
    expect((await mailsTo(email)).filter((m) => m.kind === "verification")).toHaveLength(2);
  });

  test("after ten wrong passwords the banner says to wait, with Retry-After", async () => {
    const email = freshEmail("limited");
    for (let i = 0; i < 10; i++) expect((await post({ intent: "sign-in", email, password: "wrong-password" }, { ip: "10.10.0.6" })).status).toBe(401);
    const answer = await post({ intent: "sign-in", email, password: "wrong-password" }, { ip: "10.10.0.6" });
    expect(answer.status).toBe(429);
    expect(answer.data.notice?.text).toMatch(/^Too many attempts\. Please wait \d+ (seconds|minutes) and try again\.$/);
    expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
    // The Hindi page says it in Hindi, with the wait in its words.
    const hindi = await post({ intent: "sign-in", email, password: "wrong-password" }, { path: "/hi/auth", ip: "10.10.0.6" });
    expect(hindi.status).toBe(429);
    const retry = Number(hindi.headers.get("retry-after"));
    const wait = retry < 90 ? fill(hi.auth.messages.seconds, { n: retry }) : fill(hi.auth.messages.minutes, { n: Math.ceil(retry / 60) });
    expect(hindi.data.notice?.text).toBe(fill(hi.auth.messages.tooManyAttempts, { wait }));
  });

  test("a password the policy now refuses signs in, then leads to the security page to change it", async () => {
    const common = await makeAccount({ password: "password" });
    const answer = await post({ intent: "sign-in", email: common.email, password: "password" }, { ip: "10.10.0.7" });
    expect(answer.location).toBe("/profile/security?password=weak");
    const breached = await makeAccount({ password: BREACHED });
    expect((await post({ intent: "sign-in", email: breached.email, password: BREACHED }, { ip: "10.10.0.7" })).location).toBe(
      "/profile/security?password=weak",
    );
  });

  test("the Hindi page answers in Hindi and goes to the Hindi home, which greets in Hindi", async () => {
    const asha = await makeAccount({ name: "आशा वर्मा" });
    const empty = await post({ intent: "sign-in", email: "", password: "" }, { path: "/hi/auth" });
    expect(empty.data.fieldErrors).toEqual({ email: hi.auth.fields.emailMissing, password: hi.auth.fields.passwordMissing });
    const wrong = await post({ intent: "sign-in", email: asha.email, password: "not-the-password" }, { path: "/hi/auth", ip: "10.10.0.8" });
    expect(wrong.data.notice?.text).toBe(hi.auth.messages.invalidCredentials);
    const right = await post({ intent: "sign-in", email: asha.email, password: FIXTURE_PASSWORD }, { path: "/hi/auth", ip: "10.10.0.8" });
    expect(right.location).toBe("/hi/home");
    expect(await flashOn("/hi/home", right.cookies)).toBe(fill(hi.flash.signedInNamed, { name: "आशा वर्मा" }));
  });
});

describe("sign up", () => {
  test("empty: each field says what it needs", async () => {
    const answer = await post({ intent: "sign-up", email: "", password: "" });
    expect(answer.status).toBe(400);
    expect(answer.data.fieldErrors).toEqual({ email: "Enter your email address.", password: "Choose a password." });
  });

  test("a malformed address and a short password are refused beside their fields", async () => {
    const answer = await post({ intent: "sign-up", email: "someone@localhost", password: "short" });
    expect(answer.status).toBe(400);
    expect(answer.data.fieldErrors).toEqual({
      email: "Enter an email address like name@example.com.",
      password: "Use at least 8 characters for your new password.",
    });
  });

  test("a name over 100 characters is refused beside its field, and what was typed is kept", async () => {
    const email = freshEmail("long");
    const answer = await post({ intent: "sign-up", name: "x".repeat(101), email, password: FIXTURE_PASSWORD });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ email, fieldErrors: { name: "Name must be at most 100 characters." } });
    expect(await userRow(email)).toBeUndefined();
  });

  test.each([
    ["a common", "password", PASSWORD_MESSAGES.common],
    ["a brand", "tuesdayai2026", PASSWORD_MESSAGES.brand],
    ["a breached", BREACHED, PASSWORD_MESSAGES.breached],
  ])("%s password is refused beside the field only, with its reason", async (_, password, reason) => {
    const email = freshEmail("policy");
    const answer = await post({ intent: "sign-up", email, password }, { ip: "10.11.0.1" });
    expect(answer.status).toBe(400);
    expect(answer.data.fieldErrors).toEqual({ password: reason });
    // Said once: no banner repeats it.
    expect(answer.data.notice).toBeNull();
    expect(await userRow(email)).toBeUndefined();
  });

  test("a sign-up goes to the check-your-email view; the name is cleaned, and the mail greets by it", async () => {
    const email = freshEmail("named");
    const answer = await post({ intent: "sign-up", name: "  Asha   Verma ", email, password: FIXTURE_PASSWORD }, { ip: "10.11.0.2" });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/auth?mode=verify");
    expect(answer.cookies).not.toContain("session_token=");
    expect(await userRow(email)).toMatchObject({ name: "Asha Verma", language: "en" });
    const mail = await lastMail(email, "verification");
    expect(mail.text).toContain("Hi Asha Verma");
    // The view knows the address and that the next mail waits five minutes.
    const view = await page("/auth?mode=verify", { cookie: answer.cookies });
    expect(view.data.mode).toBe("verify");
    expect(view.data.pending).toMatchObject({ email, attemptsLeft: 4, waitMessage: "Please wait 5 minutes before requesting another verification email." });
    expect(view.data.pending!.waitS).toBeGreaterThan(290);
  });

  test("without a name, the start of the address is the name", async () => {
    const email = freshEmail("nameless");
    await post({ intent: "sign-up", email, password: FIXTURE_PASSWORD }, { ip: "10.11.0.3" });
    expect((await userRow(email))?.name).toBe(email.split("@")[0]);
  });

  test("posted twice (a double press without JavaScript), it makes one account and one mail", async () => {
    const email = freshEmail("twice");
    const form = { intent: "sign-up", email, password: FIXTURE_PASSWORD };
    expect((await post(form, { ip: "10.11.0.4" })).location).toBe("/auth?mode=verify");
    expect((await post(form, { ip: "10.11.0.4" })).location).toBe("/auth?mode=verify");
    expect(await mailsTo(email)).toHaveLength(1);
  });

  test("a taken address looks like a success and waits like one; its owner is told by mail", async () => {
    const owner = await makeAccount();
    const answer = await post({ intent: "sign-up", email: owner.email, password: "another-password-9" }, { ip: "10.11.0.5" });
    expect(answer.location).toBe("/auth?mode=verify");
    const view = await page("/auth?mode=verify", { cookie: answer.cookies });
    expect(view.data.pending).toMatchObject({ email: owner.email, waitMessage: "Please wait 5 minutes before requesting another verification email." });
    expect((await mailsTo(owner.email)).map((m) => m.subject)).toEqual(["You already have a Tuesday AI account"]);
  });

  test("from the Hindi page: Hindi errors, a Hindi account, a Hindi mail whose link lands on the Hindi home", async () => {
    const empty = await post({ intent: "sign-up", email: "", password: "" }, { path: "/hi/auth" });
    expect(empty.data.fieldErrors).toEqual({ email: hi.auth.fields.emailMissing, password: hi.auth.fields.newPasswordMissing });
    const common = await post({ intent: "sign-up", email: freshEmail("hi-common"), password: "password" }, { path: "/hi/auth", ip: "10.11.0.6" });
    expect(common.data.fieldErrors).toEqual({ password: hi.auth.password.common });

    const email = freshEmail("hi");
    const answer = await post({ intent: "sign-up", name: "आशा वर्मा", email, password: FIXTURE_PASSWORD }, { path: "/hi/auth", ip: "10.11.0.6" });
    expect(answer.location).toBe("/hi/auth?mode=verify");
    expect((await userRow(email))?.language).toBe("hi");
    const mail = await lastMail(email, "verification");
    expect(mail.subject).toBe(hi.mail.verification.subject);
    expect(mail.html).toContain('<html lang="hi">');
    const link = new URL(mail.links.find((l) => l.includes("verify-email"))!);
    const opened = await callRoute(apiLoader, { path: link.pathname + link.search, cookie: answer.cookies });
    expect(opened.location).toBe("/hi/home");
    expect(await flashOn("/hi/home", opened.cookies)).toBe(fill(hi.flash.emailVerifiedNamed, { name: "आशा वर्मा" }));
  });
});

describe("Forgot Password?", () => {
  test("empty and malformed addresses are refused beside the field", async () => {
    expect((await post({ intent: "request-reset", email: "" })).data.fieldErrors).toEqual({ email: "Enter your email address." });
    const malformed = await post({ intent: "request-reset", email: "a@@b.c" });
    expect(malformed.status).toBe(400);
    expect(malformed.data.fieldErrors).toEqual({ email: "Enter an email address like name@example.com." });
  });

  test("any address gets the same green banner; only an account's owner gets the one-time link", async () => {
    const asha = await makeAccount();
    const sent = "If an account exists for that address, a password reset link is on its way. Check your inbox.";
    const nobody = freshEmail("nobody");
    const unknown = await post({ intent: "request-reset", email: nobody }, { ip: "10.12.0.1" });
    const known = await post({ intent: "request-reset", email: asha.email }, { ip: "10.12.0.1" });
    expect(unknown.data.notice).toEqual({ tone: "success", text: sent });
    expect(known.data.notice).toEqual({ tone: "success", text: sent });
    expect(await mailsTo(nobody)).toEqual([]);
    const mail = await lastMail(asha.email, "password-reset");
    expect(mail.subject).toBe("Reset your Tuesday AI password");
    expect(mail.links.some((l) => /\/api\/auth\/reset-password\/[\w-]+\?callbackURL=%2Fauth%2Freset-password$/.test(l))).toBe(true);
  });

  test("the mail is in the account's language, whichever page asked; the Hindi page answers in Hindi", async () => {
    const ravi = await makeAccount({ language: "hi" });
    await post({ intent: "request-reset", email: ravi.email }, { ip: "10.12.0.2" });
    const mail = await lastMail(ravi.email, "password-reset");
    expect(mail.subject).toBe(hi.mail.passwordReset.subject);
    expect(mail.html).toContain('<html lang="hi">');
    const hindi = await post({ intent: "request-reset", email: ravi.email }, { path: "/hi/auth", ip: "10.12.0.2" });
    expect(hindi.data.notice?.text).toBe(hi.auth.messages.resetSent);
    expect((await post({ intent: "request-reset", email: "" }, { path: "/hi/auth" })).data.fieldErrors).toEqual({ email: hi.auth.fields.emailMissing });
    // The Hindi page's link leads to the Hindi reset page.
    expect((await lastMail(ravi.email, "password-reset")).links.some((l) => l.endsWith("callbackURL=%2Fhi%2Fauth%2Freset-password"))).toBe(true);
  });
});

describe("resend verification", () => {
  test("without a sign-up in this browser: the spec's 'No user is currently signed in', in the page's language", async () => {
    const answer = await post({ intent: "resend", email: freshEmail("nobody") }, { ip: "10.13.0.1" });
    expect(answer.status).toBe(401);
    expect(answer.data.notice).toEqual({ tone: "error", text: "No user is currently signed in" });
    expect((await post({ intent: "resend" }, { path: "/hi/auth", ip: "10.13.0.1" })).data.notice?.text).toBe(hi.auth.resend.noUser);
  });

  test("too soon after the sign-up: the spec's wait, in Hindi on the Hindi page", async () => {
    const email = freshEmail("soon");
    const signedUp = await post({ intent: "sign-up", email, password: FIXTURE_PASSWORD }, { path: "/hi/auth", ip: "10.13.0.2" });
    const answer = await post({ intent: "resend" }, { path: "/hi/auth", cookie: signedUp.cookies, ip: "10.13.0.2" });
    expect(answer.status).toBe(429);
    expect(answer.data.notice).toEqual({ tone: "error", text: fill(hi.auth.resend.wait, { minutes: 5 }) });
  });
});

describe("Google and GitHub", () => {
  test("a provider without credentials says it is not configured", async () => {
    const answer = await post({ intent: "social", provider: "google" });
    expect(answer.status).toBe(400);
    expect(answer.data.notice).toEqual({ tone: "error", text: "Google sign-in is not configured on this server." });
    // Posted into the popup, which has no page to say it on: its hand-over page tells the page that opened it.
    const popup = await post({ intent: "social", provider: "google", via: "popup" }, { path: "/hi/auth" });
    expect(popup.status).toBe(302);
    expect(popup.location).toBe("/hi/auth/complete?provider=google&via=popup&error=1");
  });

  test("an unknown provider is refused", async () => {
    const answer = await post({ intent: "social", provider: "myspace" });
    expect(answer.status).toBe(400);
    expect(answer.data.notice?.text).toBe("An unexpected error occurred.");
  });

  test("the post goes straight to the provider, in the same window or (via=popup) in the popup it was sent into", async () => {
    const redirected = await post({ intent: "social", provider: "github" }, { ip: "10.14.0.1" });
    expect(redirected.status).toBe(302);
    const provider = new URL(redirected.location!);
    expect(`${provider.origin}${provider.pathname}`).toBe("https://github.com/login/oauth/authorize");
    expect(provider.searchParams.get("redirect_uri")).toBe("http://localhost:3000/api/auth/callback/github");
    expect(redirected.cookies).toMatch(/state=[^;]+/);

    const popup = await post({ intent: "social", provider: "github", via: "popup" }, { ip: "10.14.0.1" });
    expect(popup.status).toBe(302);
    expect(popup.location).toMatch(/^https:\/\/github\.com\/login\/oauth\/authorize\?/);
    expect(popup.cookies).toMatch(/state=[^;]+/);
  });

  test("a round trip Better Auth cannot place (a stale state) ends where its own failure would have, in its language, once", async () => {
    const stale = "/api/auth/callback/github?state=no-such-state&code=x";
    const started = await post({ intent: "social", provider: "github" }, { path: "/hi/auth", ip: "10.14.0.2" });
    expect(started.cookies).toContain("tuesday.provider_return=hi.sign-in.github");
    // Better Auth knows only its one errorURL, the English /auth ...
    const landed = new URL((await callRoute(apiLoader, { path: stale, cookie: started.cookies })).location!, "http://localhost:3000");
    expect(landed.pathname).toBe("/auth");
    // ... which sends the visitor on to the hand-over page of the Hindi sign-in, and forgets where it began ...
    const onward = await page(landed.pathname + landed.search, { cookie: started.cookies });
    expect(onward.location).toBe("/hi/auth/complete?provider=github&via=redirect&error=1");
    expect(onward.cookies).toBe("tuesday.provider_return=");
    // ... which says it in Hindi, naming the provider, on the sign-in page (auth.complete.test.ts).
    expect((await page("/hi/auth?error=oauth&provider=github")).data.notice?.text).toBe(fill(hi.auth.messages.socialFailed, { provider: "GitHub" }));
    // Asked again (the language switch's English link), the English page stays.
    const again = await page(landed.pathname + landed.search, { cookie: onward.cookies });
    expect(again.location).toBeNull();
    expect(again.data.notice?.text).toBe("Failed to sign in with Google / GitHub");
  });

  test("a lost round trip in the popup goes to the popup's hand-over page, which reports back and closes it", async () => {
    const started = await post({ intent: "social", provider: "github", via: "popup" }, { ip: "10.14.0.3" });
    expect(started.cookies).toContain("tuesday.provider_return=en.sign-in.github.popup");
    expect((await page("/auth?error=state_not_found", { cookie: started.cookies })).location).toBe("/auth/complete?provider=github&via=popup&error=1");
  });

  test("a lost round trip of connecting an account goes back to the security page, before a signed-in visitor is sent on", async () => {
    const asha = await signIn();
    const cookie = `${asha.cookie}; tuesday.provider_return=hi.connect.google`;
    expect((await page("/auth?error=state_mismatch", { cookie })).location).toBe("/hi/profile/security?connect-error=google");
  });

  test("only a lost round trip is sent on, and only by a cookie in the form we write", async () => {
    // Other errors on the English page stay there, whatever round trip began in Hindi.
    for (const error of ["LINK_USED", "TWO_FACTOR_EXPIRED", "oauth&provider=github", "DELETE_SIGN_IN"]) {
      expect((await page(`/auth?error=${error}`, { cookie: "tuesday.provider_return=hi.sign-in.github" })).location, error).toBeNull();
    }
    for (const value of ["hi.sign-in.evil", "hi.sign-in.github.extra", "https://evil.example", "hi", ""]) {
      expect((await page("/auth?error=state_mismatch", { cookie: `tuesday.provider_return=${value}` })).location, value).toBeNull();
    }
  });
});

describe("any other post", () => {
  test("an unknown intent is refused in the page's language", async () => {
    const answer = await post({ intent: "launch" });
    expect(answer.status).toBe(400);
    expect(answer.data.notice).toEqual({ tone: "error", text: "Unknown action." });
    expect((await post({ intent: "launch" }, { path: "/hi/auth" })).data.notice?.text).toBe(hi.auth.messages.unknownAction);
  });

  test("a JSON body is not a form: 415", async () => {
    const answer = await callRoute<ActionData>(action, { path: "/auth", json: { intent: "sign-in" } });
    expect(answer.status).toBe(415);
    expect(answer.data.notice?.tone).toBe("error");
  });

  test("a post from another site is refused", async () => {
    const asha = await makeAccount();
    expect((await post({ intent: "sign-in", email: asha.email, password: FIXTURE_PASSWORD }, { origin: "https://evil.example" })).status).toBe(403);
  });
});
