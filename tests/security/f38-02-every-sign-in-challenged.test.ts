/**
 * Issue 38, finding 2 (High): `POST /api/auth/sign-in/social` with a valid
 * Google ID token signed in an account that has two-factor on, with no code,
 * a fresh session and no "new sign-in" mail. ID tokens are refused now (the
 * site has no One-Tap client), and every way in that the HTTP surface offers
 * (features/auth/public-endpoints.ts, `signsIn`) is tried here against an
 * account with two-factor on: each one answers a challenge, never a session.
 */
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_AUTH_ENDPOINTS } from "../../app/features/auth/public-endpoints.ts";
import { call, createVerifiedUser, type User } from "../reliability/lib/harness.ts";
import { browse, CookieJar, googleIdToken, nextCode, providerSignIn, signedInJar, turnOnTwoFactor } from "./lib/accounts.ts";
import { asServer, targets } from "./lib/suite.ts";

describe.each(targets())("finding 38.2 on $kind: no way in skips the second factor", (target) => {
  const server = asServer(target);
  let user: User;
  let app: Awaited<ReturnType<typeof turnOnTwoFactor>>["app"];
  const google = { sub: `g-${randomBytes(4).toString("hex")}` };
  const github = { sub: `gh-${randomBytes(4).toString("hex")}` };

  beforeAll(async () => {
    user = await createVerifiedUser(server, { email: `two-factor-${randomBytes(4).toString("hex")}@example.test` });
    // Google and GitHub connected while two-factor is still off (the address is the same, verified by both).
    for (const [provider, identity] of [
      ["google", google],
      ["github", github],
    ] as const) {
      const jar = new CookieJar();
      const linked = await providerSignIn(server, target, jar, provider, { ...identity, email: user.email, emailVerified: true });
      expect(linked.headers.get("location"), provider).not.toContain("error");
    }
    ({ app } = await turnOnTwoFactor(server, await signedInJar(server, user), user.password));
  });

  /** What each first factor answers for this account; each must hand out a challenge, not a session. */
  const firstFactors: Record<string, () => Promise<CookieJar>> = {
    "POST /sign-in/email": async () => {
      const jar = new CookieJar();
      const res = await browse(server, jar, "POST", "/api/auth/sign-in/email", { email: user.email, password: user.password });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ twoFactorRedirect: true });
      return jar;
    },
    "POST /sign-in/social": async () => {
      const jar = new CookieJar();
      const token = await googleIdToken(target, { ...google, email: user.email, emailVerified: true });
      const res = await browse(server, jar, "POST", "/api/auth/sign-in/social", { provider: "google", idToken: { token } });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: "ID_TOKEN_NOT_SUPPORTED" });
      return jar;
    },
    "GET /callback/:id": async () => {
      const jar = new CookieJar();
      for (const [provider, identity] of [
        ["google", google],
        ["github", github],
      ] as const) {
        const res = await providerSignIn(server, target, jar, provider, { ...identity, email: user.email, emailVerified: true });
        expect(res.headers.get("location"), provider).toContain("two-factor=1");
      }
      return jar;
    },
    // The same callback answering a form_post: the same endpoint inside Better Auth, the same after hook.
    "POST /callback/:id": async () => firstFactors["GET /callback/:id"]!(),
    // A verified account's link answers "already verified" and signs nobody in (checked in f38-08 for a new one).
    "GET /verify-email": async () => {
      const jar = new CookieJar();
      const res = await browse(server, jar, "GET", `/api/auth/verify-email?token=not-a-token&callbackURL=/home`, undefined, { origin: null });
      expect(res.status).toBe(302);
      return jar;
    },
  };

  it("every first factor the router serves is tried here", () => {
    const listed = PUBLIC_AUTH_ENDPOINTS.filter((e) => e.signsIn === "first-factor").map((e) => `${e.method} ${e.path}`);
    expect(listed.sort()).toEqual(Object.keys(firstFactors).sort());
  });

  it.each(Object.keys(firstFactors))("%s gives no session to an account with two-factor on", async (name) => {
    const jar = await firstFactors[name]!();
    expect(jar.has(".session_token")).toBe(false);
    const session = await call(server, "GET", "/api/auth/get-session", undefined, { cookie: jar.header() || undefined });
    expect(await session.json()).toBeNull();
  });

  it("an ID token cannot link a Google account either", async () => {
    const jar = await signedInJarWithCode();
    const token = await googleIdToken(target, { sub: `g-other-${randomBytes(3).toString("hex")}`, email: "someone@example.test" });
    const res = await browse(server, jar, "POST", "/api/auth/link-social", { provider: "google", idToken: { token } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "ID_TOKEN_NOT_SUPPORTED" });
  });

  it("the code completes the challenge", async () => {
    const jar = await signedInJarWithCode();
    expect(jar.has(".session_token")).toBe(true);
    const session = (await (await call(server, "GET", "/api/auth/get-session", undefined, { cookie: jar.header() })).json()) as { user?: { id: string } };
    expect(session.user?.id).toBe(user.id);
  });

  /** A challenge answered with a code not used yet (the window takes the previous, current and next one). */
  async function signedInJarWithCode(): Promise<CookieJar> {
    const jar = await firstFactors["POST /sign-in/email"]!();
    for (const steps of [1, 0, -1]) {
      const res = await browse(server, jar, "POST", "/api/auth/two-factor/verify-totp", { code: await nextCode(app, steps) });
      if (res.status === 200) return jar;
    }
    throw new Error("no code of the window was accepted");
  }
});
