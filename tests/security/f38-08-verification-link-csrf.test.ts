/**
 * Issue 38, finding 8 (Low): login CSRF through verification links. An unused
 * verification link of the attacker's account, opened in a signed-in victim's
 * browser, replaced the victim's session with the attacker's account (fresh
 * enough to link a Google account or add a passkey to it). Now the link signs
 * in only the browser that signed up (its pending-verification cookie);
 * anywhere else it verifies and asks to sign in.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { call, createVerifiedUser, sessionUser } from "../reliability/lib/harness.ts";
import { browse, CookieJar, redirectError, signedInJar, waitForVerificationLinks } from "./lib/accounts.ts";
import { asServer, targets } from "./lib/suite.ts";

describe.each(targets())("finding 38.8 on $kind: a verification link signs in only the browser that signed up", (target) => {
  const server = asServer(target);

  it("the attacker's link in the victim's browser: the victim stays the victim, the attacker is not signed in there", async () => {
    const victim = await createVerifiedUser(server, { email: `csrf-victim-${randomBytes(4).toString("hex")}@example.test` });
    const victimJar = await signedInJar(server, victim);
    const attackerEmail = `csrf-attacker-${randomBytes(4).toString("hex")}@example.test`;
    expect((await call(server, "POST", "/api/auth/sign-up/email", { email: attackerEmail, password: "attacker-pass-8", name: "Attacker" })).status).toBe(200);
    const [link] = await waitForVerificationLinks(server, attackerEmail, 1);
    const opened = await browse(server, victimJar, "GET", link!.slice(server.origin.length), undefined, { origin: null });
    expect(opened.status).toBe(302);
    expect(redirectError(opened)).toBeNull();
    // Verified, but not in the browser that signed up: no session, and the password it was given goes (ADR 0034).
    expect(opened.headers.get("location")).toContain("/auth?mode=reset&verified=choose-password");
    expect(opened.headers.getSetCookie().some((c) => c.includes("session_token="))).toBe(false);
    expect(await sessionUser(server, victimJar.header())).toBe(victim.id);
    expect((await call(server, "POST", "/api/auth/sign-in/email", { email: attackerEmail, password: "attacker-pass-8" })).status).toBe(401);
  });

  it("a link with a callback that is no URL answers a redirect, twice, never a 500; a forged token is not remembered", async () => {
    const email = `csrf-bad-${randomBytes(4).toString("hex")}@example.test`;
    const jar = new CookieJar();
    await browse(server, jar, "POST", "/api/auth/sign-up/email", { email, password: "owner-pass-8b", name: "Owner" });
    const [link] = await waitForVerificationLinks(server, email, 1);
    const bad = `${new URL(link!).pathname}?token=${new URL(link!).searchParams.get("token")}&callbackURL=${encodeURIComponent("http://[")}`;
    for (let i = 0; i < 2; i++) expect((await call(server, "GET", bad, undefined, { origin: null })).status).toBeLessThan(500);
    for (let i = 0; i < 2; i++)
      expect((await call(server, "GET", "/api/auth/verify-email?token=forged&callbackURL=%2Fauth", undefined, { origin: null })).status).toBeLessThan(500);
  });

  it("the browser that signed up is signed in by its own link", async () => {
    const jar = new CookieJar();
    const email = `csrf-owner-${randomBytes(4).toString("hex")}@example.test`;
    const signedUp = await browse(server, jar, "POST", "/api/auth/sign-up/email", { email, password: "owner-pass-8", name: "Owner" });
    expect(signedUp.status).toBe(200);
    const [link] = await waitForVerificationLinks(server, email, 1);
    const opened = await browse(server, jar, "GET", link!.slice(server.origin.length), undefined, { origin: null });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).not.toContain("/auth?verified=1");
    expect(jar.has(".session_token")).toBe(true);
    const session = (await (await call(server, "GET", "/api/auth/get-session", undefined, { cookie: jar.header() })).json()) as { user: { email: string } };
    expect(session.user.email).toBe(email);
  });
});
