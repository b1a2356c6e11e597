/**
 * /auth/two-factor (and /hi/…): the second step of a sign-in with two-factor
 * on. Two-factor is turned on through the app's real endpoints
 * (/api/auth/two-factor/enable, then a first code), as the security page
 * does; codes are computed as an authenticator app computes them.
 */
import { symmetricEncrypt } from "better-auth/crypto";
import { describe, expect, test, vi } from "vitest";
import { twoFactorState } from "~/features/auth/two-factor-state.server";
import { codesPausedNoticeChecks, secondFactorFailureChecks } from "~/infra/rate-limit/rules";
import { services } from "~/services.server";
import { hi } from "~/shared/i18n/messages.hi";
import { type Authenticator, authenticatorFor } from "../../tests/support/authenticator";
import { callRoute, FIXTURE_PASSWORD, lastMail, mailsTo, mergeCookies, type RouteCall, signIn } from "../../tests/routes/route-kit";
import * as apiAuth from "./api/auth";
import { action as authAction } from "./auth";
import { action, loader } from "./auth.two-factor";
import { loader as rootLoader } from "../root";

const CHROME_ON_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

interface TwoFactorApp {
  /** The authenticator app that scanned the otpauth URI. */
  authenticator: Authenticator;
  backupCodes: string[];
  /** The code that turned two-factor on. */
  firstCode: string;
  /** Codes given out so far (a code is accepted once). */
  used: Set<string>;
}

/** A code valid now (this step or one either side) that was not given out before. */
async function freshCode(app: TwoFactorApp): Promise<string> {
  for (const steps of [1, 0, -1]) {
    const code = await app.authenticator.code(steps);
    if (app.used.has(code)) continue;
    app.used.add(code);
    return code;
  }
  throw new Error("every code of this window was used: wait for the next step");
}

/** Six digits that are no valid code now. */
async function wrongCodes(app: TwoFactorApp, count: number): Promise<string[]> {
  const valid = new Set(await Promise.all([-2, -1, 0, 1, 2].map((steps) => app.authenticator.code(steps))));
  return ["000001", "000002", "000003", "000004", "000005", "000006", "000007", "000008", "000009", "000010", "000011", "000012", "000013", "000014"]
    .filter((c) => !valid.has(c))
    .slice(0, count);
}

/**
 * Turns two-factor on for a signed-in, fresh account through the app's own
 * endpoints: enable with the password, then the first code from the
 * otpauth URI's secret (kit candidate: `turnOnTwoFactor`).
 */
async function turnOnTwoFactor(account: { cookie: string; password: string | null }, headers?: Record<string, string>): Promise<TwoFactorApp> {
  const enabled = await callRoute<{ totpURI: string; backupCodes: string[] }>(apiAuth.action, {
    path: "/api/auth/two-factor/enable",
    json: account.password === null ? {} : { password: account.password },
    cookie: account.cookie,
  });
  if (enabled.status !== 200) throw new Error(`two-factor/enable answered ${enabled.status}: ${JSON.stringify(enabled.data)}`);
  const app: TwoFactorApp = { authenticator: authenticatorFor(enabled.data.totpURI), backupCodes: enabled.data.backupCodes, firstCode: "", used: new Set() };
  app.firstCode = await freshCode(app);
  const confirmed = await callRoute(apiAuth.action, {
    path: "/api/auth/two-factor/verify-totp",
    json: { code: app.firstCode },
    cookie: mergeCookies(account.cookie, enabled.cookies),
    headers,
  });
  if (confirmed.status !== 200) throw new Error(`two-factor/verify-totp answered ${confirmed.status}: ${JSON.stringify(confirmed.data)}`);
  return app;
}

/** An account with two-factor on, signed out again. */
async function accountWithTwoFactor(options: { language?: "en" | "hi" } = {}) {
  const account = await signIn(options);
  const app = await turnOnTwoFactor(account);
  return { ...account, app };
}

interface StepData {
  method: "totp" | "backup";
  error: string;
  restart?: boolean;
}

/** The password step through the /auth form: the challenge's cookies. */
async function passwordStep(email: string, call: { path?: string; cookie?: string; redirectTo?: string; ip?: string } = {}) {
  const answer = await callRoute(authAction, {
    path: call.path ?? "/auth",
    form: { intent: "sign-in", email, password: FIXTURE_PASSWORD, ...(call.redirectTo ? { redirectTo: call.redirectTo } : {}) },
    cookie: call.cookie,
    ip: call.ip ?? "10.30.0.1",
  });
  return { answer, cookie: mergeCookies(call.cookie, answer.cookies) };
}

const codeStep = (cookie: string, form: Record<string, string>, call: Omit<RouteCall, "path" | "form" | "cookie"> & { path?: string } = {}) =>
  callRoute<StepData>(action, { path: "/auth/two-factor", form, cookie, ip: "10.30.0.1", ...call });

async function loginCount(userId: string): Promise<number> {
  const { database } = await services();
  return (await database.db.selectFrom("profile").select("login_count").where("user_id", "=", userId).executeTakeFirstOrThrow()).login_count;
}

describe("turning it on (the API the security page uses)", () => {
  test("enable answers an otpauth URI and ten backup codes; the first code turns it on and the owner is told", async () => {
    const asha = await signIn();
    const enabled = await callRoute<{ totpURI: string; backupCodes: string[] }>(apiAuth.action, {
      path: "/api/auth/two-factor/enable",
      json: { password: FIXTURE_PASSWORD },
      cookie: asha.cookie,
    });
    expect(enabled.status).toBe(200);
    const uri = new URL(enabled.data.totpURI);
    expect(uri.protocol).toBe("otpauth:");
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      issuer: "Tuesday AI",
      digits: "6",
      period: "30",
      secret: expect.stringMatching(/^[A-Z2-7]+$/),
    });
    expect(enabled.data.backupCodes).toHaveLength(10);

    const secret = uri.searchParams.get("secret")!;
    const confirmed = await callRoute(apiAuth.action, {
      path: "/api/auth/two-factor/verify-totp",
      json: { code: await authenticatorFor(enabled.data.totpURI).code() },
      cookie: mergeCookies(asha.cookie, enabled.cookies),
      headers: { "user-agent": CHROME_ON_WINDOWS },
    });
    expect(confirmed.status).toBe(200);
    const mail = await lastMail(asha.email, "two-factor-changed");
    expect(mail.subject).toBe("Two-factor authentication is on for Tuesday AI");
    expect(mail.text).toContain("Review account security");
    expect(mail.text).toContain("from Chrome on Windows");

    // Stored encrypted: neither the key nor a backup code is in the database in clear.
    const { database } = await services();
    const row = await database.db.selectFrom("twoFactor").select(["secret", "backupCodes"]).where("userId", "=", asha.id).executeTakeFirstOrThrow();
    expect(row.backupCodes).not.toContain(enabled.data.backupCodes[0]!);
    expect(row.secret).not.toContain(secret.slice(0, 8));
  });
});

describe("the password step", () => {
  test("the right password leads to the code step: a challenge, no session, no sign-in counted yet", async () => {
    const asha = await accountWithTwoFactor();
    const before = await loginCount(asha.id);
    const { answer, cookie } = await passwordStep(asha.email);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/auth/two-factor");
    expect(answer.cookies).toMatch(/two_factor=[^;]+/);
    expect(answer.cookies).not.toMatch(/session_token=[^;]+/);
    const session = await callRoute(apiAuth.loader, { path: "/api/auth/get-session", cookie });
    expect(session.data).toBeNull();
    expect(await loginCount(asha.id)).toBe(before);
  });

  test("over the API the password answers that a code is needed, with no session", async () => {
    const asha = await accountWithTwoFactor();
    const answer = await callRoute(apiAuth.action, {
      path: "/api/auth/sign-in/email",
      json: { email: asha.email, password: FIXTURE_PASSWORD },
      ip: "10.30.0.2",
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(answer.cookies).not.toMatch(/session_token=[^;]+/);
  });

  test("carries the page asked for on to the code step; the Hindi page leads to the Hindi step", async () => {
    const asha = await accountWithTwoFactor();
    expect((await passwordStep(asha.email, { redirectTo: "/profile?edit=1" })).answer.location).toBe("/auth/two-factor?redirectTo=%2Fprofile%3Fedit%3D1");
    expect((await passwordStep(asha.email, { path: "/hi/auth" })).answer.location).toBe("/hi/auth/two-factor");
  });
});

describe("the code step's page", () => {
  const challenge = "tuesday.two_factor=challenge";

  test("without a challenge in this browser, back to the first step, which says the sign-in timed out", async () => {
    const expired = await callRoute(loader, { path: "/auth/two-factor" });
    expect(expired.location).toBe("/auth?error=TWO_FACTOR_EXPIRED");
    // A document load, also from this page's own links: the sign-in page runs its own script.
    expect(expired.headers.get("X-Remix-Reload-Document")).toBe("true");
    expect((await callRoute(loader, { path: "/hi/auth/two-factor" })).location).toBe("/hi/auth?error=TWO_FACTOR_EXPIRED");
  });

  test("a signed-in visitor has nothing to do here", async () => {
    const asha = await signIn();
    expect((await callRoute(loader, { path: "/auth/two-factor", cookie: asha.cookie })).location).toBe("/profile");
    expect((await callRoute(loader, { path: "/hi/auth/two-factor", cookie: asha.cookie })).location).toBe("/hi/profile");
  });

  test("asks for the app's code, or a backup code by ?method=backup, and keeps only a redirectTo on this site", async () => {
    const data = async (path: string) => (await callRoute<Record<string, unknown>>(loader, { path, cookie: challenge })).data;
    expect(await data("/auth/two-factor")).toEqual({ method: "totp", redirectTo: null, i18n: null });
    expect(await data("/auth/two-factor?method=backup")).toMatchObject({ method: "backup" });
    expect(await data(`/auth/two-factor?redirectTo=${encodeURIComponent("/profile?edit=1")}`)).toMatchObject({ redirectTo: "/profile?edit=1" });
    expect(await data(`/auth/two-factor?redirectTo=${encodeURIComponent("//evil.example")}`)).toMatchObject({ redirectTo: null });
    expect((await data("/hi/auth/two-factor")).i18n).not.toBeNull();
  });
});

describe("the code", () => {
  test("empty: the field says what it needs, for the app's code and for a backup code", async () => {
    expect((await codeStep("", { code: " " })).data).toEqual({ method: "totp", error: "Enter the code from your authenticator app.", restart: false });
    const backup = await codeStep("", { method: "backup", code: "" });
    expect(backup.status).toBe(400);
    expect(backup.data).toEqual({ method: "backup", error: "Enter a backup code.", restart: false });
  });

  test("not six digits: said at once, in the page's language, and no try is spent", async () => {
    const { limiter } = await services();
    const asha = await accountWithTwoFactor();
    const [key] = secondFactorFailureChecks(asha.id);
    const { cookie } = await passwordStep(asha.email);
    for (const typo of ["12345", "abcdef"]) {
      const answer = await codeStep(cookie, { code: typo });
      expect([answer.status, answer.data]).toEqual([400, { method: "totp", error: "Enter the 6-digit code from your authenticator app.", restart: false }]);
    }
    expect((await codeStep(cookie, { code: "1234567" }, { path: "/hi/auth/two-factor" })).data.error).toBe(hi.auth.twoFactor.enterCode);
    // Nothing reached the code check: not one of the day's hundred was counted, and the right code still signs in.
    expect((await limiter.exhausted([{ key: key!.key, limit: { max: 1, windowMs: 60_000 } }])).allowed).toBe(true);
    expect((await codeStep(cookie, { code: await freshCode(asha.app) })).location).toBe("/home");
  });

  test("a wrong code and the code already used are refused; a fresh one signs in once, and home greets the person", async () => {
    const asha = await accountWithTwoFactor();
    const { cookie } = await passwordStep(asha.email);
    const before = await loginCount(asha.id);

    const wrong = await codeStep(cookie, { code: (await wrongCodes(asha.app, 1))[0]! });
    expect(wrong.status).toBe(401);
    expect(wrong.data).toEqual({ method: "totp", error: "That code is not right. Check your authenticator app and try again.", restart: false });
    // The code that turned two-factor on is still in its window, but it was used.
    const reused = await codeStep(cookie, { code: asha.app.firstCode });
    expect(reused.status).toBe(401);
    expect(reused.data.error).toBe("That code was already used. Wait for the next one in your authenticator app.");

    const right = await codeStep(cookie, { code: await freshCode(asha.app) });
    expect(right.status).toBe(302);
    expect(right.location).toBe("/home");
    expect(right.cookies).toMatch(/session_token=[^;]+/);
    expect(await loginCount(asha.id)).toBe(before + 1);
    const home = await callRoute<{ viewer: { id: string } | null; flash: { text: string } | null }>(rootLoader, {
      path: "/home",
      cookie: mergeCookies(cookie, right.cookies),
    });
    expect(home.data.viewer?.id).toBe(asha.id);
    expect(home.data.flash?.text).toBe(`Welcome back, ${asha.name}!`);
  });

  test("a code with spaces (as the app shows it) is fine, and leads on to the page asked for", async () => {
    const asha = await accountWithTwoFactor();
    const { cookie } = await passwordStep(asha.email, { redirectTo: "/profile?edit=1" });
    const code = await freshCode(asha.app);
    const answer = await codeStep(cookie, { code: `${code.slice(0, 3)} ${code.slice(3)}`, redirectTo: "/profile?edit=1" });
    expect(answer.location).toBe("/profile?edit=1");
  });

  test("a backup code works once", async () => {
    const asha = await accountWithTwoFactor();
    const first = await passwordStep(asha.email);
    const used = await codeStep(first.cookie, { method: "backup", code: asha.app.backupCodes[3]! });
    expect(used.location).toBe("/home");
    const { env } = await services();
    const { database } = await services();
    expect((await twoFactorState(database.db, asha.id, env.authSecret)).backupCodesLeft).toBe(9);

    const second = await passwordStep(asha.email);
    const again = await codeStep(second.cookie, { method: "backup", code: asha.app.backupCodes[3]! });
    expect(again.status).toBe(401);
    expect(again.data).toEqual({ method: "backup", error: "That backup code is not right, or it was used already.", restart: false });
  });

  test("backup codes read unambiguously off paper: lowercase, no 0/o, 1/i/l, three groups of four", async () => {
    const asha = await accountWithTwoFactor();
    expect(asha.app.backupCodes).toHaveLength(10);
    for (const code of asha.app.backupCodes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{4}-[2-9a-hjkmnp-z]{4}-[2-9a-hjkmnp-z]{4}$/);
    expect(new Set(asha.app.backupCodes).size).toBe(10);
  });

  test("a backup code typed in capitals, with spaces for dashes, works, and is then spent in every spelling", async () => {
    const asha = await accountWithTwoFactor();
    const code = asha.app.backupCodes[5]!;
    const first = await passwordStep(asha.email);
    const used = await codeStep(first.cookie, { method: "backup", code: ` ${code.toUpperCase().replace(/-/g, " ")} ` });
    expect(used.location).toBe("/home");
    const { env, database } = await services();
    expect((await twoFactorState(database.db, asha.id, env.authSecret)).backupCodesLeft).toBe(9);

    const second = await passwordStep(asha.email);
    expect((await codeStep(second.cookie, { method: "backup", code })).status).toBe(401);
    expect((await codeStep(second.cookie, { method: "backup", code: code.replace(/-/g, "") })).status).toBe(401);
  });

  test("a code made before the change (mixed case, as Better Auth made them) still works as printed or in either case", async () => {
    const asha = await accountWithTwoFactor();
    const { env, database } = await services();
    const old = ["aB3dE-f9Hk1", "Qz0Ol-1iIxY"];
    await database.db
      .updateTable("twoFactor")
      .set({ backupCodes: await symmetricEncrypt({ key: env.authSecret, data: JSON.stringify(old) }) })
      .where("userId", "=", asha.id)
      .execute();
    expect((await codeStep((await passwordStep(asha.email)).cookie, { method: "backup", code: "aB3dE-f9Hk1" })).location).toBe("/home");
    expect((await codeStep((await passwordStep(asha.email)).cookie, { method: "backup", code: "qz0ol-1iixy" })).location).toBe("/home");
    expect((await twoFactorState(database.db, asha.id, env.authSecret)).backupCodesLeft).toBe(0);
  });

  test("'Trust this device for 30 days': the next password sign-in in this browser needs no code", async () => {
    const asha = await accountWithTwoFactor();
    const first = await passwordStep(asha.email);
    const trusted = await codeStep(first.cookie, { method: "backup", code: asha.app.backupCodes[4]!, trust: "on" });
    expect(trusted.location).toBe("/home");
    expect(trusted.cookies).toMatch(/trust_device=[^;]+/);
    const browser = mergeCookies(first.cookie, trusted.cookies).replace(/(?:^|; )[\w.]*session_token=[^;]*/, "");
    const next = await passwordStep(asha.email, { cookie: browser });
    expect(next.answer.location).toBe("/home");
    expect(next.answer.cookies).toMatch(/session_token=[^;]+/);
    // Another browser still needs the code.
    expect((await passwordStep(asha.email)).answer.location).toBe("/auth/two-factor");
  });

  test("five wrong codes end the challenge: even the right code then asks to sign in again", async () => {
    const asha = await accountWithTwoFactor();
    const { cookie } = await passwordStep(asha.email, { ip: "10.30.0.5" });
    for (const code of await wrongCodes(asha.app, 5)) {
      expect((await codeStep(cookie, { code }, { ip: "10.30.0.5" })).data.error).toBe("That code is not right. Check your authenticator app and try again.");
    }
    const over = await codeStep(cookie, { code: await freshCode(asha.app) }, { ip: "10.30.0.5" });
    expect(over.status).toBe(400);
    expect(over.data).toEqual({ method: "totp", error: "Too many wrong codes. Sign in again to get a new chance.", restart: true });
    expect(over.cookies).not.toMatch(/session_token=[^;]+/);
  });

  test("a challenge this server did not sign is over: sign in again", async () => {
    const answer = await codeStep("tuesday.two_factor=forged", { code: "123456" });
    expect(answer.status).toBe(401);
    expect(answer.data).toEqual({ method: "totp", error: "Your sign-in timed out. Sign in again.", restart: true });
  });

  test("the Hindi step answers in Hindi and goes to the Hindi home", async () => {
    const ravi = await accountWithTwoFactor({ language: "hi" });
    const { cookie } = await passwordStep(ravi.email, { path: "/hi/auth" });
    const hindi = { path: "/hi/auth/two-factor" };
    expect((await codeStep(cookie, { code: "" }, hindi)).data.error).toBe(hi.auth.twoFactor.codeRequired);
    expect((await codeStep(cookie, { code: (await wrongCodes(ravi.app, 1))[0]! }, hindi)).data.error).toBe(hi.auth.twoFactor.wrongCode);
    expect((await codeStep(cookie, { method: "backup", code: "nope-nope" }, hindi)).data.error).toBe(hi.auth.twoFactor.wrongBackupCode);
    expect((await codeStep(cookie, { code: await freshCode(ravi.app) }, hindi)).location).toBe("/hi/home");
  });
  test("ten wrong codes in a row lock the account for 15 minutes, the right code in a new challenge included", async () => {
    const asha = await accountWithTwoFactor();
    const ip = { ip: "10.30.0.6" };
    const challenges = [await passwordStep(asha.email, ip), await passwordStep(asha.email, ip)];
    const codes = await wrongCodes(asha.app, 10);
    for (const [i, code] of codes.entries()) expect((await codeStep(challenges[i < 5 ? 0 : 1]!.cookie, { code }, ip)).status).toBe(401);
    const third = await passwordStep(asha.email, ip);
    const locked = await codeStep(third.cookie, { code: await freshCode(asha.app) }, ip);
    expect(locked.status).toBe(429);
    expect(locked.data).toEqual({ method: "totp", error: "Too many wrong codes for this account. Wait 15 minutes, then sign in again.", restart: true });
    expect(locked.cookies).not.toMatch(/session_token=[^;]+/);
  });

  test("a hundred wrong codes in a row stop the code step for the day; a right code before that clears them", async () => {
    const { limiter } = await services();
    const ip = { ip: "10.30.0.7" };
    const asha = await accountWithTwoFactor();
    const [key] = secondFactorFailureChecks(asha.id);
    // 98 wrong codes in earlier challenges (each 15-minute lock of Better Auth's waited out), then one more here.
    for (let i = 0; i < 98; i++) await limiter.record([key!]);
    const { cookie } = await passwordStep(asha.email, ip);
    expect((await codeStep(cookie, { code: (await wrongCodes(asha.app, 1))[0]! }, ip)).status).toBe(401);
    // The right code clears the count: 99 wrong, then right, then 99 more would still be allowed.
    expect((await codeStep(cookie, { code: await freshCode(asha.app) }, ip)).location).toBe("/home");
    expect((await limiter.exhausted([{ key: key!.key, limit: { max: 1, windowMs: 60_000 } }])).allowed).toBe(true);

    for (let i = 0; i < 99; i++) await limiter.record([key!]);
    const next = await passwordStep(asha.email, ip);
    // The hundredth in a row, wrong, from a browser of its own: the owner hears of it, with the remedy.
    const hundredth = await codeStep(next.cookie, { code: (await wrongCodes(asha.app, 1))[0]! }, { ...ip, headers: { "user-agent": CHROME_ON_WINDOWS } });
    expect(hundredth.status).toBe(401);
    const paused = await lastMail(asha.email, "codes-paused");
    expect(paused.subject).toBe("Someone is trying to sign in to your Tuesday AI account");
    expect(paused.text).toMatch(/then entered 100 wrong two-factor codes, the last on .+ from Chrome on Windows\./);
    expect(paused.text).toMatch(/takes no codes until \d+ \w+ \d{4}, \d\d:\d\d UTC/);
    expect(paused.links.some((l) => l.includes("/auth?mode=reset"))).toBe(true);
    // Then even the right code waits for the day's window, in words that say how long; no second mail.
    const stopped = await codeStep(next.cookie, { code: await freshCode(asha.app) }, ip);
    expect(stopped.status).toBe(429);
    expect(stopped.data.error).toMatch(/^Too many attempts\. Please wait \d+ (hours?|minutes?)/);
    expect(stopped.cookies).not.toMatch(/session_token=[^;]+/);
    expect((await codeStep(next.cookie, { code: (await wrongCodes(asha.app, 2))[1]! }, ip)).status).toBe(429);
    expect((await mailsTo(asha.email)).filter((m) => m.kind === "codes-paused")).toHaveLength(1);

    // The owner's remedy, a password reset, clears them too: whoever ran them up had the old password.
    await callRoute(authAction, { path: "/auth", form: { intent: "request-reset", email: asha.email }, ip: "10.30.0.8" });
    const link = new URL((await lastMail(asha.email, "password-reset")).links.find((l) => l.includes("/api/auth/reset-password/"))!);
    const token = link.pathname.split("/").pop()!;
    expect((await callRoute(apiAuth.action, { path: "/api/auth/reset-password", json: { token, newPassword: "a-new-pass-77" } })).status).toBe(200);
    expect((await limiter.exhausted([key!])).allowed).toBe(true);
    // …and the pause's notice with them: a new pause is mailed again.
    expect((await limiter.exhausted(codesPausedNoticeChecks(asha.id))).allowed).toBe(true);
  });

  test("a pause's mail the outbox could not take is tried again at the next refusal, and then sent once", async () => {
    const { limiter, outbox } = await services();
    const ip = { ip: "10.30.0.9" };
    const asha = await accountWithTwoFactor();
    const [key] = secondFactorFailureChecks(asha.id);
    for (let i = 0; i < 99; i++) await limiter.record([key!]);
    const { cookie } = await passwordStep(asha.email, ip);
    // The outbox's database refuses the one mail this refusal queues (a fault, injected once).
    const refused = vi.spyOn(outbox, "enqueue").mockRejectedValueOnce(new Error("outbox unavailable"));
    try {
      expect((await codeStep(cookie, { code: (await wrongCodes(asha.app, 1))[0]! }, ip)).status).toBe(401);
      expect(refused).toHaveBeenCalledTimes(1);
    } finally {
      refused.mockRestore();
    }
    expect((await mailsTo(asha.email)).filter((m) => m.kind === "codes-paused")).toHaveLength(0);
    expect((await limiter.exhausted(codesPausedNoticeChecks(asha.id))).allowed).toBe(true);

    expect((await codeStep(cookie, { code: await freshCode(asha.app) }, ip)).status).toBe(429);
    expect((await codeStep(cookie, { code: await freshCode(asha.app) }, ip)).status).toBe(429);
    expect((await mailsTo(asha.email)).filter((m) => m.kind === "codes-paused")).toHaveLength(1);
  });
});
