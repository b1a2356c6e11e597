/**
 * Issue 38, finding 1 (High): a pre-registered address took over its owner's
 * account. An attacker signed up the owner's address with a password of their
 * own; the owner's later sign-up only mailed a link for the attacker's account
 * (their password thrown away), so after verifying they used an account whose
 * password was the attacker's. A GitHub address GitHub had not verified got an
 * account and a session; an OPERATOR_EMAILS address gave the console to the
 * attacker's password. Now an unverified address holds nothing an attacker can
 * keep (features/auth/unverified-addresses.server.ts).
 */
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { call, sessionCookieFrom, sessionUser, waitForMail } from "../reliability/lib/harness.ts";
import { browse, CookieJar, providerSignIn, redirectError, waitForVerificationLinks } from "./lib/accounts.ts";
import { asServer, openDb, targets } from "./lib/suite.ts";

const address = (label: string) => `victim-${label}-${randomBytes(4).toString("hex")}@example.test`;

describe.each(targets())("finding 38.1 on $kind: an unverified address holds nothing an attacker can keep", (target) => {
  const server = asServer(target);
  const signUp = (email: string, password: string) => call(server, "POST", "/api/auth/sign-up/email", { email, password, name: "Owner" });
  const signInStatus = async (email: string, password: string) => (await call(server, "POST", "/api/auth/sign-in/email", { email, password })).status;
  const db = openDb(target);
  beforeAll(() => () => db.destroy());

  /** A sign-up in a browser of its own: the jar keeps its pending-verification cookie, as that browser would. */
  const signUpIn = async (jar: CookieJar, email: string, password: string) => {
    const res = await browse(server, jar, "POST", "/api/auth/sign-up/email", { email, password, name: "Owner" });
    expect(res.status).toBe(200);
  };
  const open = (jar: CookieJar, link: string) => browse(server, jar, "GET", link.slice(server.origin.length), undefined, { origin: null });

  it("the owner's sign-up replaces the attacker's: the owner's password works, the attacker's does not, the attacker's link is dead", async () => {
    const email = address("password");
    const attacker = new CookieJar();
    const owner = new CookieJar();
    await signUpIn(attacker, email, "attacker-pass-1");
    const [attackerLink] = await waitForVerificationLinks(server, email, 1);
    // Unverified: the attacker cannot sign in with it either.
    expect(await signInStatus(email, "attacker-pass-1")).toBe(403);

    await signUpIn(owner, email, "owner-pass-1");
    const links = await waitForVerificationLinks(server, email, 2);
    const verified = await open(owner, links[1]!);
    expect(verified.status).toBe(302);
    expect(redirectError(verified)).toBeNull();
    expect(owner.has(".session_token")).toBe(true);

    expect(await signInStatus(email, "owner-pass-1")).toBe(200);
    expect(await signInStatus(email, "attacker-pass-1")).toBe(401);
    // The attacker's link named an account that no longer exists.
    const dead = await fetch(attackerLink!, { redirect: "manual" });
    expect(redirectError(dead)).toMatch(/INVALID_TOKEN|USER_NOT_FOUND|LINK_USED/);
    const rows = await db.selectFrom("user").select("id").where("email", "=", email).execute();
    expect(rows).toHaveLength(1);
  });

  it("the attacker signs up again just after the owner: the link in the owner's mailbox keeps no password nobody proved", async () => {
    const email = address("after-owner");
    const attacker = new CookieJar();
    const owner = new CookieJar();
    await signUpIn(attacker, email, "attacker-pass-4");
    await signUpIn(owner, email, "owner-pass-4");
    await signUpIn(attacker, email, "attacker-pass-4");
    const links = await waitForVerificationLinks(server, email, 3);
    // The owner's own link died with the account the attacker's sign-up replaced.
    expect(redirectError(await open(owner, links[1]!))).toMatch(/INVALID_TOKEN|USER_NOT_FOUND/);
    // The newest is the attacker's account: opened in the owner's browser (it waits for another account), the
    // address is verified, the attacker's password dropped, and the owner is asked to choose one.
    const opened = await open(owner, links[2]!);
    expect(opened.headers.get("location")).toContain("verified=choose-password");
    expect(owner.has(".session_token")).toBe(false);
    expect(await signInStatus(email, "attacker-pass-4")).toBe(401);
    // The owner chooses a password by the reset link in the mailbox; the attacker has nothing.
    expect((await call(server, "POST", "/api/auth/request-password-reset", { email, redirectTo: "/auth/reset-password" })).status).toBe(200);
    // The outbox sends it a moment later (on PostgreSQL + Redis it had not yet when this read at once).
    const reset = await waitForMail(server, email, /reset/i);
    const token = new URL(reset.links.find((l) => l.includes("/reset-password/"))!).pathname.split("/").pop()!;
    expect((await call(server, "POST", "/api/auth/reset-password", { token, newPassword: "owner-chose-this-4" })).status).toBe(200);
    expect(await signInStatus(email, "owner-chose-this-4")).toBe(200);
    expect(await signInStatus(email, "attacker-pass-4")).toBe(401);
  });

  it("a refused sign-up replaces nothing", async () => {
    const email = address("refused");
    const holder = new CookieJar();
    await signUpIn(holder, email, "holder-pass-5");
    // Sign-ups Better Auth or our rules refuse (too short a password, a name that is no text, or too long):
    // each leaves the holder's account as it was.
    for (const body of [
      { email, password: "x", name: "A" },
      { email, password: "holder-pass-9", name: 12 },
      { email, password: "holder-pass-9", name: "n".repeat(500) },
    ]) {
      await call(server, "POST", "/api/auth/sign-up/email", body);
    }
    expect(await signInStatus(email, "holder-pass-5")).toBe(403);
  });

  it("sign-ups racing for one unverified address all get the usual answer (no 422 telling the race)", async () => {
    const email = address("race");
    await signUpIn(new CookieJar(), email, "holder-pass-6");
    const answers = await Promise.all(
      [0, 1, 2].map(() => call(server, "POST", "/api/auth/sign-up/email", { email, password: "racing-pass-6", name: "Racer" })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    for (const a of answers) expect(await a.json()).toMatchObject({ user: { email } });
  });

  it("GitHub's unverified address gets no account and no session", async () => {
    const email = address("github-unverified");
    const jar = new CookieJar();
    const callback = await providerSignIn(server, target, jar, "github", {
      sub: `gh-${randomBytes(3).toString("hex")}`,
      email,
      emailVerified: false,
      login: "attacker",
    });
    expect(callback.status).toBe(302);
    expect(redirectError(callback)).toBe("account_not_linked");
    expect(sessionCookieFrom(callback)).toBeNull();
    expect(jar.has(".session_token")).toBe(false);
    expect(await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
    // Nor through the API with whatever cookie it has: no passkey can be registered.
    const options = await browse(server, jar, "POST", "/api/auth/passkey/registration-options", {});
    expect(options.status).toBe(401);
  });

  it("Google's unverified address gets no account either", async () => {
    const email = address("google-unverified");
    const jar = new CookieJar();
    const callback = await providerSignIn(server, target, jar, "google", { sub: `g-${randomBytes(3).toString("hex")}`, email, emailVerified: false });
    expect(redirectError(callback)).toBe("account_not_linked");
    expect(jar.has(".session_token")).toBe(false);
    expect(await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
  });

  it("the owner's verified GitHub sign-in replaces a password account the attacker pre-registered", async () => {
    const email = address("github-verified");
    expect((await signUp(email, "attacker-pass-2")).status).toBe(200);
    await waitForVerificationLinks(server, email, 1);
    const jar = new CookieJar();
    const callback = await providerSignIn(server, target, jar, "github", {
      sub: `gh-${randomBytes(3).toString("hex")}`,
      email,
      emailVerified: true,
      login: "owner",
    });
    expect(redirectError(callback)).toBeNull();
    expect(jar.has(".session_token")).toBe(true);
    const user = await db.selectFrom("user").select(["id", "emailVerified"]).where("email", "=", email).executeTakeFirstOrThrow();
    expect(Boolean(user.emailVerified)).toBe(true);
    expect(await sessionUser(server, jar.header())).toBe(user.id);
    // The attacker's password is gone with the account it belonged to.
    expect(await signInStatus(email, "attacker-pass-2")).toBe(401);
    const accounts = await db.selectFrom("account").select("providerId").where("userId", "=", user.id).execute();
    expect(accounts.map((a) => a.providerId)).toEqual(["github"]);
  });

  it("an OPERATOR_EMAILS address nobody claimed yet: the attacker's password never opens the console", async () => {
    const email = target.unclaimedOperator;
    const operator = new CookieJar();
    expect((await signUp(email, "attacker-pass-3")).status).toBe(200);
    expect(await signInStatus(email, "attacker-pass-3")).toBe(403);
    await signUpIn(operator, email, "operator-pass-3");
    const links = await waitForVerificationLinks(server, email, 2);
    await open(operator, links[1]!);
    expect(await signInStatus(email, "attacker-pass-3")).toBe(401);
    const owner = await call(server, "POST", "/api/auth/sign-in/email", { email, password: "operator-pass-3" });
    expect(owner.status).toBe(200);
    const console = await call(server, "GET", "/admin/accounts", undefined, { cookie: sessionCookieFrom(owner)! });
    expect(console.status).toBe(200);
  });
});
