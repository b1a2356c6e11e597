/**
 * /profile/security (and /hi/profile/security): the signed-in devices, the
 * password, "confirm it's you", two-factor and its trusted browsers, as plain
 * form posts. Moved from the browser suite's auth-sessions.spec.ts,
 * form-errors.spec.ts (the security page's cases) and profile-replay.spec.ts
 * (each device marks itself).
 */
import { randomBytes } from "node:crypto";
import { base32 } from "@better-auth/utils/base32";
import { symmetricEncrypt } from "better-auth/crypto";
import { describe, expect, test } from "vitest";
import { messagesFor } from "~/shared/i18n/messages.server";
import { services } from "~/services.server";
import { authenticator, authenticatorFor } from "../../tests/support/authenticator";
import { callRoute, FIXTURE_PASSWORD, lastMail, mailsTo, makeAccount, mergeCookies, sessionFor, signIn } from "../../tests/routes/route-kit";
import { action as authAction } from "./api/auth";
import { action, loader } from "./profile.security";

const EN = messagesFor("en").account.security;
const HI = messagesFor("hi").account.security;
const HI_AUTH = messagesFor("hi").auth;
const DEVANAGARI = /[\u0900-\u097F]/;
const FIREFOX_ON_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const NEW_PASSWORD = "a-new-pass-2026!";

interface Device {
  id: string;
  device: string;
  current: boolean;
}
interface LoaderData {
  email: string;
  hasPassword: boolean;
  minPasswordLength: number;
  devices: Device[];
  notice?: string;
  warning?: string;
  freshForS: number;
  twoFactor: {
    enabled: boolean;
    pendingSetup: { totpUri: string; secret: string } | null;
    backupCodesLeft: number;
    trustedBrowsers: Array<{ id: string; device: string; current: boolean }>;
  };
  methods: Array<{ provider: string; name: string; available: boolean; accountId: string | null }>;
  i18n: unknown;
}
interface ActionData {
  intent: string;
  ok: boolean;
  message: string;
  field?: string;
  fieldErrors?: Record<string, string>;
  reauth?: boolean;
  backupCodes?: string[];
}

const load = (cookie?: string, path = "/profile/security") => callRoute<LoaderData>(loader, { path, cookie });
const post = (form: Record<string, string>, cookie?: string, path = "/profile/security", ip?: string) =>
  callRoute<ActionData>(action, { path, form, cookie, ip });

/** Another session of `email`, by a real sign-in from another browser. */
async function signInElsewhere(email: string, ip: string, userAgent = FIREFOX_ON_LINUX, password = FIXTURE_PASSWORD, rememberMe = true): Promise<string> {
  const answer = await callRoute(authAction, {
    path: "/api/auth/sign-in/email",
    json: { email, password, rememberMe },
    ip,
    headers: { "user-agent": userAgent },
  });
  expect(answer.status).toBe(200);
  return answer.cookies;
}

/**
 * `count` more sessions of `userId`, made by the fixture (fast: no password hashing), signed in one
 * second apart and before now, oldest first: the sessions a busy account has gathered.
 */
async function earlierSessions(userId: string, count: number): Promise<string[]> {
  const { database } = await services();
  const cookies: string[] = [];
  for (let i = 0; i < count; i++) {
    const cookie = await sessionFor(userId);
    const token = decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
    const createdAt = new Date(Date.now() - (count - i) * 1000).toISOString();
    await database.db.updateTable("session").set({ createdAt }).where("token", "=", token).execute();
    cookies.push(cookie);
  }
  return cookies;
}

async function sessionIds(userId: string): Promise<string[]> {
  const { database } = await services();
  return (await database.db.selectFrom("session").select("id").where("userId", "=", userId).execute()).map((s) => s.id);
}

/** The account's sessions signed in `minutes` ago, with no proof since (as the clock would leave them). */
async function age(userId: string, minutes: number): Promise<void> {
  const { database, sessionCache } = await services();
  await database.db
    .updateTable("session")
    .set({ createdAt: new Date(Date.now() - minutes * 60_000).toISOString(), reauthenticatedAt: null })
    .where("userId", "=", userId)
    .execute();
  sessionCache.evictUser(userId);
}

async function passwordWorks(email: string, password: string, ip: string): Promise<boolean> {
  return (await callRoute(authAction, { path: "/api/auth/sign-in/email", json: { email, password }, ip })).status === 200;
}

describe("the loader", () => {
  test("signed out, it sends you to sign in and back here, in the page's language", async () => {
    expect((await load()).location).toBe("/auth?redirectTo=%2Fprofile%2Fsecurity");
    expect((await load(undefined, "/hi/profile/security")).location).toBe("/hi/auth?redirectTo=%2Fhi%2Fprofile%2Fsecurity");
  });

  test("a fresh sign-in may change things for 15 minutes; the page lists the ways in", async () => {
    const asha = await signIn();
    const answer = await load(asha.cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(answer.data).toMatchObject({ email: asha.email, hasPassword: true, minPasswordLength: 8, notice: undefined, warning: undefined, i18n: null });
    expect(answer.data.freshForS).toBeGreaterThan(14 * 60);
    expect(answer.data.freshForS).toBeLessThanOrEqual(15 * 60);
    expect(answer.data.twoFactor).toMatchObject({ enabled: false, pendingSetup: null, trustedBrowsers: [] });
    // Google and GitHub are not configured here: listed, but not to be connected.
    expect(answer.data.methods.map((m) => [m.provider, m.name, m.available, m.accountId !== null])).toEqual([
      ["credential", "Email and password", true, true],
      ["google", "Google", false, false],
      ["github", "GitHub", false, false],
    ]);
  });

  test("20 minutes after signing in, changes need a confirmation first", async () => {
    const asha = await signIn();
    await age(asha.id, 20);
    expect((await load(asha.cookie)).data.freshForS).toBe(0);
  });

  test("an expired session is not a signed-in device, and cannot be signed out", async () => {
    const asha = await signIn();
    await signInElsewhere(asha.email, "10.30.0.2");
    const { database } = await services();
    const expired = (await load(asha.cookie)).data.devices.find((d) => !d.current)!;
    await database.db
      .updateTable("session")
      .set({ expiresAt: new Date(Date.now() - 60_000).toISOString() })
      .where("id", "=", expired.id)
      .execute();
    expect((await load(asha.cookie)).data.devices.map((d) => d.current)).toEqual([true]);
    expect((await post({ intent: "sign-out-device", sessionId: expired.id }, asha.cookie)).status).toBe(404);
  });

  test("the signed-in devices: this one first and marked, the others named by browser and system", async () => {
    const asha = await signIn();
    const firefox = await signInElsewhere(asha.email, "10.30.0.1");
    const mine = await load(asha.cookie);
    expect(mine.data.devices).toHaveLength(2);
    expect(mine.data.devices[0]).toMatchObject({ current: true });
    expect(mine.data.devices[1]).toMatchObject({ current: false, device: "Firefox on Linux" });
    // Each device marks itself, and is offered to sign out only the other (twice: nothing remembered serves the other's).
    for (let i = 0; i < 2; i++) {
      const [a, b] = [await load(asha.cookie), await load(firefox)];
      expect(a.data.devices.filter((d) => !d.current).map((d) => d.id)).toEqual(b.data.devices.filter((d) => d.current).map((d) => d.id));
      expect(b.data.devices.filter((d) => !d.current).map((d) => d.id)).toEqual(a.data.devices.filter((d) => d.current).map((d) => d.id));
    }
    // No session token reaches the page.
    const { database } = await services();
    const tokens = (await database.db.selectFrom("session").select("token").where("userId", "=", asha.id).execute()).map((s) => s.token);
    for (const token of tokens) expect(JSON.stringify(mine.data)).not.toContain(token);
  });

  test("after a redirect it says what happened", async () => {
    const asha = await signIn();
    expect((await load(asha.cookie, "/profile/security?changed=password")).data.notice).toBe("Your password was changed. Every other device was signed out.");
    expect((await load(asha.cookie, "/profile/security?changed=two-factor-on")).data.notice).toBe(EN.messages.twoFactorOn);
    expect((await load(asha.cookie, "/profile/security?changed=two-factor-off")).data.notice).toBe("Two-factor authentication is off.");
    expect((await load(asha.cookie, "/profile/security?connected=github")).data.notice).toBe("GitHub is connected. You can now sign in with it.");
    expect((await load(asha.cookie, "/profile/security?connect-error=google")).data.warning).toBe("Could not connect Google. Please try again.");
    expect((await load(asha.cookie, "/profile/security?connected=google&error=account_already_linked_to_different_user")).data.warning).toBe(
      "That Google account already belongs to another account here.",
    );
    // A connection's round trip ends here: where it began is forgotten (features/auth/provider-return.server.ts).
    const started = `${asha.cookie}; tuesday.provider_return=en.connect.github`;
    expect((await load(started, "/profile/security?connected=github")).cookies).toContain("tuesday.provider_return=");
    expect((await load(started, "/profile/security?connect-error=github")).cookies).toContain("tuesday.provider_return=");
    expect((await load(started, "/profile/security")).cookies).not.toContain("tuesday.provider_return");
  });

  test("a weak password signed in with is asked to be changed; an account without a password is not", async () => {
    const asha = await signIn();
    expect((await load(asha.cookie, "/profile/security?password=weak")).data.warning).toBe(EN.messages.weakPassword);
    const social = await signIn({ password: null });
    const theirs = await load(social.cookie, "/profile/security?password=weak");
    expect(theirs.data.warning).toBeUndefined();
    expect(theirs.data.hasPassword).toBe(false);
  });

  test("the Hindi page: its words, its devices and its notices in Hindi", async () => {
    const asha = await signIn();
    await signInElsewhere(asha.email, "10.30.0.2");
    const answer = await load(asha.cookie, "/hi/profile/security?changed=password");
    expect(answer.data.i18n).not.toBeNull();
    expect(answer.data.notice).toBe(HI.messages.passwordChanged);
    expect(answer.data.notice).toMatch(DEVANAGARI);
    const other = answer.data.devices.find((d) => !d.current)!;
    expect(other.device).toContain("Firefox");
    expect(other.device).toMatch(DEVANAGARI);
    expect(answer.data.methods[0]!.name).toBe(HI.methods.password);
  });
});

describe("changing the password", () => {
  const change = (cookie: string, fields: Record<string, string>, path?: string) => post({ intent: "change-password", ...fields }, cookie, path);

  test("a sign-in that was not remembered stays short: the new session ends when the old one would", async () => {
    const account = await makeAccount();
    const cookie = await signInElsewhere(account.email, "10.30.2.11", FIREFOX_ON_LINUX, FIXTURE_PASSWORD, false);
    const ends = async () => {
      const { database } = await services();
      const rows = await database.db.selectFrom("session").select("expiresAt").where("userId", "=", account.id).execute();
      return rows.map((r) => new Date(r.expiresAt).getTime());
    };
    const [before] = await ends();
    expect(before! - Date.now()).toBeLessThan(25 * 3_600_000);
    const answer = await change(cookie, { currentPassword: FIXTURE_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(answer.status).toBe(302);
    const after = await ends();
    expect(after).toHaveLength(1);
    expect(after[0]).toBeLessThanOrEqual(before!);
  });

  test("empty: both fields named at once", async () => {
    const asha = await signIn();
    const answer = await change(asha.cookie, { currentPassword: "", newPassword: "", confirmPassword: "" });
    expect(answer.status).toBe(400);
    expect(answer.data.fieldErrors).toEqual({ currentPassword: "Enter your current password.", newPassword: "Choose a password." });
  });

  test("too short: the minimum in the words sign-up uses", async () => {
    const asha = await signIn();
    const answer = await change(asha.cookie, { currentPassword: FIXTURE_PASSWORD, newPassword: "short", confirmPassword: "short" });
    expect(answer.data.fieldErrors).toEqual({ newPassword: "Use at least 8 characters for your new password." });
  });

  test("repeated wrongly", async () => {
    const asha = await signIn();
    const answer = await change(asha.cookie, { currentPassword: FIXTURE_PASSWORD, newPassword: "a-much-longer-password-9", confirmPassword: "something else" });
    expect(answer.status).toBe(400);
    expect(answer.data.fieldErrors).toEqual({ confirmPassword: "The new passwords do not match." });
  });

  test("the same as the current one", async () => {
    const asha = await signIn();
    const answer = await change(asha.cookie, { currentPassword: FIXTURE_PASSWORD, newPassword: FIXTURE_PASSWORD, confirmPassword: FIXTURE_PASSWORD });
    expect(answer.data.fieldErrors).toEqual({ newPassword: "Choose a password different from your current one." });
  });

  test("a wrong current password is refused beside it", async () => {
    const asha = await signIn();
    const answer = await change(asha.cookie, { currentPassword: "not-my-password", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, field: "currentPassword", message: "Your current password is not correct." });
  });

  test("a common password is refused beside the new one", async () => {
    const asha = await signIn();
    const answer = await change(asha.cookie, { currentPassword: FIXTURE_PASSWORD, newPassword: "sunshine", confirmPassword: "sunshine" });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      field: "newPassword",
      message: "This is one of the most common passwords, the first an attacker tries. Choose another.",
    });
  });

  test("the Hindi page refuses in Hindi", async () => {
    const asha = await signIn();
    const answer = await change(asha.cookie, { currentPassword: "", newPassword: "", confirmPassword: "" }, "/hi/profile/security");
    expect(answer.data.fieldErrors).toEqual({ currentPassword: HI.fields.currentRequired, newPassword: HI_AUTH.fields.newPasswordMissing });
    expect(answer.data.fieldErrors?.currentPassword).toMatch(DEVANAGARI);
  });

  test("20 minutes after signing in, it asks to confirm it's you, here and straight to the API", async () => {
    const asha = await signIn();
    await age(asha.id, 20);
    const answer = await change(asha.cookie, { currentPassword: FIXTURE_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(answer.status).toBe(403);
    expect(answer.data).toMatchObject({ ok: false, reauth: true, message: "For your security, confirm it's you before changing how you sign in." });
    const direct = await callRoute(authAction, {
      path: "/api/auth/change-password",
      json: { currentPassword: FIXTURE_PASSWORD, newPassword: NEW_PASSWORD, revokeOtherSessions: true },
      cookie: asha.cookie,
    });
    expect(direct.status).toBe(403);
    expect(direct.data).toMatchObject({ code: "REAUTHENTICATION_REQUIRED" });
    expect(await passwordWorks(asha.email, FIXTURE_PASSWORD, "10.30.1.1")).toBe(true);
  });

  test("done: back to the page with a new session for this browser, every other device signed out, the owner told", async () => {
    const asha = await signIn();
    const other = await signInElsewhere(asha.email, "10.30.1.2");
    const answer = await change(asha.cookie, { currentPassword: FIXTURE_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/profile/security?changed=password");
    expect(answer.cookies).toMatch(/session_token=[^;]+/);
    const after = await load(mergeCookies(asha.cookie, answer.cookies), answer.location!);
    expect(after.status).toBe(200);
    expect(after.data.notice).toBe(EN.messages.passwordChanged);
    expect(after.data.devices).toHaveLength(1);
    expect((await load(other)).location).toContain("/auth");
    expect(await passwordWorks(asha.email, NEW_PASSWORD, "10.30.1.3")).toBe(true);
    expect(await passwordWorks(asha.email, FIXTURE_PASSWORD, "10.30.1.3")).toBe(false);
    expect((await lastMail(asha.email, "password-changed")).subject).toBeTruthy();
  });

  test("done from the Hindi page: back to the Hindi page", async () => {
    const asha = await signIn();
    const answer = await change(
      asha.cookie,
      { currentPassword: FIXTURE_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      "/hi/profile/security",
    );
    expect(answer.location).toBe("/hi/profile/security?changed=password");
  });
});

describe("confirming it's you", () => {
  test("an empty password is refused beside the field", async () => {
    const asha = await signIn();
    const answer = await post({ intent: "reauthenticate", password: "" }, asha.cookie);
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, field: "password", message: "Enter your password." });
  });

  test("a code that is not six digits is refused beside the field", async () => {
    const asha = await signIn();
    const answer = await post({ intent: "reauthenticate", method: "code", code: "12ab" }, asha.cookie);
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ field: "code", message: "Enter the 6-digit code from your authenticator app." });
  });

  test("posted without JavaScript, the page rendered after the confirmation is open for changes (one request)", async () => {
    const asha = await signIn();
    await age(asha.id, 30);
    const page = await callRoute<LoaderData>(action, {
      path: "/profile/security",
      form: { intent: "reauthenticate", password: FIXTURE_PASSWORD },
      cookie: asha.cookie,
      ip: "10.30.2.9",
      thenLoader: loader,
    });
    expect(page.status).toBe(200);
    expect(page.data.freshForS).toBeGreaterThan(14 * 60);
  });

  test("a wrong password is refused; the right one opens the changes for 15 minutes", async () => {
    const asha = await signIn();
    const other = await signInElsewhere(asha.email, "10.30.2.1");
    await age(asha.id, 30);
    const wrong = await post({ intent: "reauthenticate", password: "not-my-password" }, asha.cookie, undefined, "10.30.2.2");
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({ ok: false, field: "password", message: "That password is not correct." });
    expect((await load(asha.cookie)).data.freshForS).toBe(0);

    const right = await post({ intent: "reauthenticate", password: FIXTURE_PASSWORD }, asha.cookie, undefined, "10.30.2.2");
    expect(right.status).toBe(200);
    expect(right.data).toEqual({
      intent: "reauthenticate",
      ok: true,
      message: "Thanks, that's you. You can change your security settings for the next 15 minutes.",
    });
    expect((await load(asha.cookie)).data.freshForS).toBeGreaterThan(14 * 60);
    // Then the change goes through: here, signing out everywhere else.
    const out = await post({ intent: "sign-out-others" }, asha.cookie);
    expect(out.status).toBe(200);
    expect(out.data.message).toBe("Every other device was signed out.");
    expect((await load(other)).location).toContain("/auth");
  });

  test("the Hindi page refuses in Hindi", async () => {
    const asha = await signIn();
    const answer = await post({ intent: "reauthenticate", password: "not-my-password" }, asha.cookie, "/hi/profile/security", "10.30.2.3");
    expect(answer.data.message).toBe(HI.reauth.wrongPassword);
    expect(answer.data.message).toMatch(DEVANAGARI);
  });
});

describe("signing devices out", () => {
  test("everywhere else: every other session ends, this one stays", async () => {
    const asha = await signIn();
    const other = await signInElsewhere(asha.email, "10.30.3.1");
    const answer = await post({ intent: "sign-out-others" }, asha.cookie);
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ intent: "sign-out-others", ok: true, message: "Every other device was signed out." });
    expect((await load(other)).location).toContain("/auth");
    expect((await load(asha.cookie)).data.devices).toEqual([expect.objectContaining({ current: true })]);
  });

  test("everywhere else reaches every session: an account holds at most 50, the oldest ending as new ones come", async () => {
    const asha = await signIn();
    // Read once, so the session cache holds it: ending it must reach the cache too.
    expect((await load(asha.cookie)).status).toBe(200);
    // Asha's session is the oldest; 51 more make 52. Real sign-ins then end the oldest beyond 50 as they come.
    const { database } = await services();
    await database.db
      .updateTable("session")
      .set({ createdAt: new Date(Date.now() - 3_600_000).toISOString() })
      .where("userId", "=", asha.id)
      .execute();
    const earlier = await earlierSessions(asha.id, 51);
    const later: string[] = [];
    for (let i = 0; i < 4; i++) later.push(await signInElsewhere(asha.email, `10.31.0.${i + 1}`));
    expect(await sessionIds(asha.id)).toHaveLength(50);
    expect((await load(asha.cookie)).location).toContain("/auth");
    // 56 in all: Asha's and the five oldest after it ended.
    for (const ended of earlier.slice(0, 5)) expect((await load(ended)).location).toContain("/auth");
    expect((await load(earlier[5]!)).status).toBe(200);

    const mine = later.at(-1)!;
    expect((await post({ intent: "sign-out-others" }, mine)).data).toMatchObject({ ok: true });
    expect(await sessionIds(asha.id)).toHaveLength(1);
    for (const other of [earlier[10]!, later.at(-2)!]) expect((await load(other)).location).toContain("/auth");
    expect((await load(mine)).status).toBe(200);

    // An expired session goes as the next one is made (nothing else removes it).
    await database.db
      .updateTable("session")
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where("userId", "=", asha.id)
      .execute();
    await signInElsewhere(asha.email, "10.31.9.9");
    expect(await sessionIds(asha.id)).toHaveLength(1);
  });

  test("a sign-in that two-factor turns into a challenge ends none of the owner's sessions", async () => {
    const { database } = await services();
    const asha = await signIn();
    const sessions = await earlierSessions(asha.id, 49);
    expect(await sessionIds(asha.id)).toHaveLength(50);
    await database.db.updateTable("user").set({ twoFactorEnabled: 1 }).where("id", "=", asha.id).execute();
    await database.db
      .insertInto("twoFactor")
      .values({ id: `tf-${asha.id}`, userId: asha.id, secret: "unused", backupCodes: "unused", verified: 1, failedVerificationCount: 0, lockedUntil: null })
      .execute();
    // The password is right; the code is what is missing: a challenge, and every session stays.
    const challenged = await callRoute<{ twoFactorRedirect?: boolean }>(authAction, {
      path: "/api/auth/sign-in/email",
      json: { email: asha.email, password: FIXTURE_PASSWORD },
      ip: "10.32.1.1",
    });
    expect(challenged.data).toMatchObject({ twoFactorRedirect: true });
    expect(await sessionIds(asha.id)).toHaveLength(50);
    expect((await load(sessions[0]!)).status).toBe(200);
  });

  test("everywhere else, 20 minutes after signing in, asks to confirm it's you and ends nothing", async () => {
    const asha = await signIn();
    const other = await signInElsewhere(asha.email, "10.30.3.2");
    await age(asha.id, 20);
    const answer = await post({ intent: "sign-out-others" }, asha.cookie);
    expect(answer.status).toBe(403);
    expect(answer.data).toMatchObject({ ok: false, reauth: true, message: EN.messages.reauthRequired });
    expect((await load(other)).status).toBe(200);
  });

  test("one device: that session ends, the others stay", async () => {
    const asha = await signIn();
    const firefox = await signInElsewhere(asha.email, "10.30.3.3");
    const third = await signInElsewhere(asha.email, "10.30.3.3");
    const target = (await load(firefox)).data.devices.find((d) => d.current)!;
    const answer = await post({ intent: "sign-out-device", sessionId: target.id }, asha.cookie);
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ intent: "sign-out-device", ok: true, message: "That device was signed out." });
    expect((await load(firefox)).location).toContain("/auth");
    expect((await load(third)).status).toBe(200);
    expect(await sessionIds(asha.id)).not.toContain(target.id);
  });

  test("one device, 20 minutes after signing in, asks to confirm it's you first", async () => {
    const asha = await signIn();
    const firefox = await signInElsewhere(asha.email, "10.30.3.4");
    const target = (await load(firefox)).data.devices.find((d) => d.current)!;
    await age(asha.id, 20);
    const answer = await post({ intent: "sign-out-device", sessionId: target.id }, asha.cookie);
    expect(answer.status).toBe(403);
    expect(answer.data.reauth).toBe(true);
    expect(await sessionIds(asha.id)).toContain(target.id);
  });

  test("this device, an unknown one or another account's is not signed out: 404", async () => {
    const asha = await signIn();
    const bob = await signIn({ name: "Bob Iyer" });
    const mine = (await load(asha.cookie)).data.devices[0]!.id;
    const bobs = (await load(bob.cookie)).data.devices[0]!.id;
    for (const sessionId of [mine, "no-such-session", bobs, ""]) {
      const answer = await post({ intent: "sign-out-device", sessionId }, asha.cookie);
      expect(answer.status, sessionId).toBe(404);
      expect(answer.data.message).toBe("That device is no longer signed in.");
    }
    expect((await load(bob.cookie)).status).toBe(200);
    expect((await load(asha.cookie)).status).toBe(200);
  });
});

describe("two-factor authentication and trusted browsers", () => {
  /** The app's current code for a setup's secret (as shown on the page). */
  const codeFor = (secret: string) => authenticator(secret).code();

  /** Better Auth's own otpauth URI for the account's stored secret (what /two-factor/enable answered). */
  async function betterAuthUri(cookie: string): Promise<string> {
    const answer = await callRoute<{ totpURI: string }>(authAction, {
      path: "/api/auth/two-factor/get-totp-uri",
      json: { password: FIXTURE_PASSWORD },
      cookie,
    });
    expect(answer.status).toBe(200);
    return answer.data.totpURI;
  }

  async function turnOn(cookie: string): Promise<{ cookie: string; secret: string }> {
    const started = await post({ intent: "two-factor-enable", password: FIXTURE_PASSWORD }, cookie);
    expect(started.status).toBe(200);
    const secret = (await load(cookie)).data.twoFactor.pendingSetup!.secret;
    const confirmed = await post({ intent: "two-factor-confirm", code: await codeFor(secret) }, cookie);
    expect(confirmed.location).toBe("/profile/security?changed=two-factor-on");
    return { cookie: mergeCookies(cookie, confirmed.cookies), secret };
  }

  test("turning off what is not on is refused, and the session is not replaced", async () => {
    const asha = await signIn();
    const sessions = await sessionIds(asha.id);
    const answer = await callRoute(authAction, { path: "/api/auth/two-factor/disable", json: { password: FIXTURE_PASSWORD }, cookie: asha.cookie });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ code: "TWO_FACTOR_NOT_ENABLED" });
    expect(await sessionIds(asha.id)).toEqual(sessions);
  });

  test("turning it on asks for the password", async () => {
    const asha = await signIn();
    const empty = await post({ intent: "two-factor-enable", password: "" }, asha.cookie);
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({ field: "password", message: "Enter your password." });
    const wrong = await post({ intent: "two-factor-enable", password: "not-my-password" }, asha.cookie);
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({ field: "password", message: "Your current password is not correct." });
    expect((await load(asha.cookie)).data.twoFactor.pendingSetup).toBeNull();
  });

  test("a fresh session cannot guess the password through the setup: ten wrong ones, then 429 even for the right one", async () => {
    const asha = await signIn();
    const ip = "10.30.2.9";
    for (let i = 0; i < 10; i++) expect((await post({ intent: "two-factor-enable", password: `guess-${i}` }, asha.cookie, undefined, ip)).status).toBe(400);
    const refused = await post({ intent: "two-factor-enable", password: FIXTURE_PASSWORD }, asha.cookie, undefined, ip);
    expect(refused.status).toBe(429);
    expect(refused.data.message).toMatch(/^Too many attempts\. Please wait \d+ (seconds|minutes) and try again\.$/);
    expect((await load(asha.cookie)).data.twoFactor.pendingSetup).toBeNull();
    // The same count holds the HTTP API's route to the secret, and signing in to the address from there.
    const api = await callRoute(authAction, { path: "/api/auth/two-factor/get-totp-uri", json: { password: FIXTURE_PASSWORD }, cookie: asha.cookie, ip });
    expect(api.status).toBe(429);
    expect(await passwordWorks(asha.email, FIXTURE_PASSWORD, ip)).toBe(false);
    // The owner elsewhere is not locked out.
    expect(await passwordWorks(asha.email, FIXTURE_PASSWORD, "10.30.2.10")).toBe(true);
  }, 60_000);

  test("the setup: ten backup codes once, the key on the page, then the first code turns it on", async () => {
    const asha = await signIn();
    const started = await post({ intent: "two-factor-enable", password: FIXTURE_PASSWORD }, asha.cookie);
    expect(started.data).toMatchObject({ ok: true, message: EN.messages.twoFactorStarted });
    expect(started.data.backupCodes).toHaveLength(10);
    const pending = (await load(asha.cookie)).data.twoFactor.pendingSetup!;
    expect(pending.totpUri).toMatch(/^otpauth:\/\/totp\//);
    expect(pending.totpUri).toContain(encodeURIComponent(asha.email));
    // Better Auth's own URI for the secret, and the key to type in is its key.
    expect(pending.totpUri).toBe(await betterAuthUri(asha.cookie));
    expect(pending.secret.replace(/\s+/g, "")).toBe(new URL(pending.totpUri).searchParams.get("secret"));

    const malformed = await post({ intent: "two-factor-confirm", code: "12345" }, asha.cookie);
    expect(malformed.status).toBe(400);
    expect(malformed.data).toMatchObject({ field: "code", message: "Enter the 6-digit code from your authenticator app." });
    const wrongCode = String((Number(await codeFor(pending.secret)) + 500_000) % 1_000_000).padStart(6, "0");
    const wrong = await post({ intent: "two-factor-confirm", code: wrongCode }, asha.cookie);
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({ field: "code", message: EN.messages.wrongCode });

    const confirmed = await post({ intent: "two-factor-confirm", code: await codeFor(pending.secret) }, asha.cookie);
    expect(confirmed.status).toBe(302);
    expect(confirmed.location).toBe("/profile/security?changed=two-factor-on");
    const after = await load(mergeCookies(asha.cookie, confirmed.cookies), confirmed.location!);
    expect(after.data.notice).toBe(EN.messages.twoFactorOn);
    expect(after.data.twoFactor).toMatchObject({ enabled: true, pendingSetup: null, backupCodesLeft: 10 });
  });

  test("a secret imported as `base32:` is given to the app as the key Better Auth verifies: setup, then confirming it's you", async () => {
    const asha = await signIn();
    await post({ intent: "two-factor-enable", password: FIXTURE_PASSWORD }, asha.cookie);
    // Better Auth stores secrets from elsewhere as "base32:<key>" and decodes the key (upper-cased) for its codes.
    const key = base32.encode(randomBytes(20), { padding: false });
    const { auth, database } = await services();
    const stored = await symmetricEncrypt({ key: (await auth.$context).secretConfig, data: `base32:${key.toLowerCase()}` });
    await database.db.updateTable("twoFactor").set({ secret: stored }).where("userId", "=", asha.id).execute();

    const pending = (await load(asha.cookie)).data.twoFactor.pendingSetup!;
    expect(pending.secret.replace(/\s+/g, "")).toBe(key);
    expect(pending.totpUri).toBe(await betterAuthUri(asha.cookie));
    const app = authenticatorFor(pending.totpUri);
    // Better Auth's /two-factor/verify-totp accepts the app's code.
    const confirmed = await post({ intent: "two-factor-confirm", code: await app.code() }, asha.cookie);
    expect(confirmed.location).toBe("/profile/security?changed=two-factor-on");
    const cookie = mergeCookies(asha.cookie, confirmed.cookies);

    // And so does confirming it's you: a code of this step or one either side, not two away.
    await age(asha.id, 30);
    for (const steps of [2, -2]) {
      const far = await post({ intent: "reauthenticate", method: "code", code: await app.code(steps) }, cookie, undefined, "10.30.2.7");
      expect(far.status, `${steps} steps away`).toBe(400);
      expect(far.data).toMatchObject({ ok: false, field: "code", message: EN.reauth.wrongCode });
    }
    const next = await post({ intent: "reauthenticate", method: "code", code: await app.code(1) }, cookie, undefined, "10.30.2.7");
    expect(next.data).toMatchObject({ intent: "reauthenticate", ok: true });
    expect((await load(cookie)).data.freshForS).toBeGreaterThan(14 * 60);
  });

  test("a setup waiting for its code is not shown to a session 20 minutes old", async () => {
    const asha = await signIn();
    await post({ intent: "two-factor-enable", password: FIXTURE_PASSWORD }, asha.cookie);
    await age(asha.id, 20);
    expect((await load(asha.cookie)).data.twoFactor.pendingSetup).toBeNull();
  });

  test("new backup codes replace the old ones; turning it off goes back to the page", async () => {
    const asha = await signIn();
    const { cookie } = await turnOn(asha.cookie);
    const codes = await post({ intent: "two-factor-backup-codes", password: FIXTURE_PASSWORD }, cookie);
    expect(codes.data).toMatchObject({ ok: true, message: EN.messages.backupCodesNew });
    expect(codes.data.backupCodes).toHaveLength(10);
    const off = await post({ intent: "two-factor-disable", password: FIXTURE_PASSWORD }, cookie);
    expect(off.status).toBe(302);
    expect(off.location).toBe("/profile/security?changed=two-factor-off");
    expect((await load(mergeCookies(cookie, off.cookies))).data.twoFactor.enabled).toBe(false);
  });

  test("turning it off with a wrong password keeps it on", async () => {
    const asha = await signIn();
    const { cookie } = await turnOn(asha.cookie);
    const off = await post({ intent: "two-factor-disable", password: "not-my-password" }, cookie);
    expect(off.status).toBe(400);
    expect(off.data).toMatchObject({ field: "password", message: "Your current password is not correct." });
    expect((await load(cookie)).data.twoFactor.enabled).toBe(true);
  });

  test("trusted browsers are listed, this one marked, and one can be forgotten", async () => {
    const asha = await signIn();
    const { cookie } = await turnOn(asha.cookie);
    const { database } = await services();
    const until = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const now = new Date().toISOString();
    for (const [identifier, device] of [
      ["trust-device-this-browser", "Chrome on Windows"],
      ["trust-device-the-phone", "Safari on iOS"],
    ] as const) {
      await database.db
        .insertInto("verification")
        .values({ id: identifier, identifier, value: asha.id, expiresAt: until, createdAt: now, updatedAt: now })
        .execute();
      await database.db.insertInto("trusted_browser").values({ identifier, user_id: asha.id, device, created_at: now }).execute();
    }
    const withTrust = mergeCookies(cookie, `tuesday-ai.trust_device=${encodeURIComponent("token!trust-device-this-browser")}.signature`);
    const listed = (await load(withTrust)).data.twoFactor.trustedBrowsers;
    expect(listed.map((b) => [b.device, b.current]).sort()).toEqual([
      ["Chrome on Windows", true],
      ["Safari on iOS", false],
    ]);

    const phone = listed.find((b) => b.device === "Safari on iOS")!;
    const forgot = await post({ intent: "forget-browser", browser: phone.id }, cookie);
    expect(forgot.status).toBe(200);
    expect(forgot.data).toEqual({ intent: "forget-browser", ok: true, message: "That browser will ask for a code at its next sign-in." });
    expect((await load(withTrust)).data.twoFactor.trustedBrowsers.map((b) => b.device)).toEqual(["Chrome on Windows"]);

    const again = await post({ intent: "forget-browser", browser: phone.id }, cookie);
    expect(again.status).toBe(404);
    expect(again.data.message).toBe("That did not work. Please try again.");
  });

  test("another account's trusted browser cannot be forgotten from here", async () => {
    const asha = await signIn();
    const bob = await makeAccount();
    const { database } = await services();
    const until = new Date(Date.now() + 86_400_000).toISOString();
    const now = new Date().toISOString();
    await database.db
      .insertInto("verification")
      .values({ id: "trust-device-bobs", identifier: "trust-device-bobs", value: bob.id, expiresAt: until, createdAt: now, updatedAt: now })
      .execute();
    const { createHash } = await import("node:crypto");
    const handle = createHash("sha256").update("trust-device-bobs").digest("base64url").slice(0, 16);
    const answer = await post({ intent: "forget-browser", browser: handle }, asha.cookie);
    expect(answer.status).toBe(404);
    expect(await database.db.selectFrom("verification").select("id").where("identifier", "=", "trust-device-bobs").executeTakeFirst()).toBeTruthy();
  });
});

describe("other ways in", () => {
  test("an account without a password is emailed a link to set one, in the page's language", async () => {
    const social = await signIn({ password: null });
    const answer = await post({ intent: "set-password" }, social.cookie);
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ intent: "set-password", ok: true, message: "We emailed you a link to set a password. It works once, for one hour." });
    const link = (await lastMail(social.email, "password-reset")).links.find((l) => l.includes("reset-password"))!;
    expect(decodeURIComponent(link)).toContain("/auth/reset-password");
    expect(decodeURIComponent(link)).not.toContain("/hi/");

    const hindi = await post({ intent: "set-password" }, social.cookie, "/hi/profile/security", "10.30.5.1");
    expect(hindi.data.message).toBe(HI.messages.setPasswordSent);
    const hindiLink = (await lastMail(social.email, "password-reset")).links.find((l) => l.includes("reset-password"))!;
    expect(decodeURIComponent(hindiLink)).toContain("/hi/auth/reset-password");
  });

  test("a provider that is not configured cannot be connected", async () => {
    const asha = await signIn();
    const answer = await post({ intent: "connect", provider: "google" }, asha.cookie);
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, message: EN.messages.failed });
  });

  test("the only way in cannot be disconnected", async () => {
    const asha = await signIn();
    const { database } = await services();
    const credential = await database.db.selectFrom("account").select("id").where("userId", "=", asha.id).executeTakeFirstOrThrow();
    const answer = await post({ intent: "disconnect", accountId: credential.id }, asha.cookie);
    expect(answer.status).toBe(400);
    expect(answer.data.message).toBe("This is the only way you can sign in. Add a password, a passkey or another account before you disconnect it.");
  });

  test("another account's sign-in method cannot be disconnected from here", async () => {
    const asha = await signIn();
    const bob = await makeAccount();
    const { database } = await services();
    const theirs = await database.db.selectFrom("account").select("id").where("userId", "=", bob.id).executeTakeFirstOrThrow();
    const answer = await post({ intent: "disconnect", accountId: theirs.id }, asha.cookie);
    expect(answer.status).toBe(404);
    expect(await database.db.selectFrom("account").select("id").where("id", "=", theirs.id).executeTakeFirst()).toBeTruthy();
  });

  test("a passkey's new name cannot be empty", async () => {
    const asha = await signIn();
    const answer = await post({ intent: "passkey-rename", passkeyId: "pk-1", name: "  " }, asha.cookie);
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ field: "name", message: "Give the passkey a name, such as the device it is on." });
  });
});

describe("posts the action cannot take", () => {
  test("an unknown intent is a 400", async () => {
    const asha = await signIn();
    for (const intent of ["make-admin", "constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"]) {
      const answer = await post({ intent }, asha.cookie);
      expect(answer.status, intent).toBe(400);
      expect(answer.data).toMatchObject({ ok: false, message: "That did not work. Please try again." });
    }
  });

  test("signed out, a post goes to sign in", async () => {
    expect((await post({ intent: "sign-out-others" })).location).toBe("/auth?redirectTo=%2Fprofile%2Fsecurity");
  });

  test("a body that is not a form is refused in the reader's words, or in Hindi on the Hindi page", async () => {
    const asha = await signIn();
    const english = await callRoute<ActionData>(action, { path: "/profile/security", json: { intent: "sign-out-others" }, cookie: asha.cookie });
    expect(english.status).toBe(415);
    expect(english.data.message).toBe("Send the body as application/x-www-form-urlencoded or multipart/form-data.");
    const hindi = await callRoute<ActionData>(action, { path: "/hi/profile/security", json: {}, cookie: asha.cookie });
    expect(hindi.data.message).toBe(messagesFor("hi").account.page.unreadable);
  });

  test("a post from another site is refused and ends nothing", async () => {
    const asha = await signIn();
    const other = await signInElsewhere(asha.email, "10.30.6.1");
    const answer = await callRoute(action, {
      path: "/profile/security",
      form: { intent: "sign-out-others" },
      cookie: asha.cookie,
      origin: "https://evil.example",
    });
    expect(answer.status).toBe(403);
    expect((await load(other)).status).toBe(200);
  });
});

describe("the new-device notice (it links to this page)", () => {
  test("a sign-in from a browser the account has not used mails its owner; the same browser again does not", async () => {
    const asha = await makeAccount();
    const { database } = await services();
    const newSignIns = async () => (await mailsTo(asha.email)).filter((m) => m.kind === "new-sign-in");
    // The first sign-in ever (the browser that made the account): no notice.
    const first = await signInElsewhere(
      asha.email,
      "10.30.7.1",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    );
    expect(first).toBeTruthy();
    // In its first hour an account is still being set up: no notice for a second browser then.
    await signInElsewhere(asha.email, "10.30.7.2");
    expect(await newSignIns()).toEqual([]);

    // An hour on, a browser the account has not used is news to its owner.
    await database.db
      .updateTable("user")
      .set({ createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString() })
      .where("id", "=", asha.id)
      .execute();
    const answer = await callRoute(authAction, {
      path: "/api/auth/sign-in/email",
      json: { email: asha.email, password: FIXTURE_PASSWORD },
      ip: "10.30.7.3",
      headers: { "user-agent": FIREFOX_ON_LINUX },
    });
    expect(answer.status).toBe(200);
    const [mail] = await newSignIns();
    expect(mail!.text).toContain("from Firefox on Linux");
    expect(mail!.text).toMatch(/UTC \(\d\d:\d\d IST\)/);
    expect(mail!.links.some((l) => l.endsWith("/profile/security"))).toBe(true);

    // The same browser (its known-device cookie) again: nothing new.
    const again = await callRoute(authAction, {
      path: "/api/auth/sign-in/email",
      json: { email: asha.email, password: FIXTURE_PASSWORD },
      ip: "10.30.7.3",
      headers: { "user-agent": FIREFOX_ON_LINUX },
      cookie: answer.cookies,
    });
    expect(again.status).toBe(200);
    expect(await newSignIns()).toHaveLength(1);
  });
});
