/**
 * The second attack on the account features (2026-11-28): what an attacker
 * found that still answered differently for an address with an account, a
 * change over the API that kept other devices signed in, what a
 * pre-registration left on its owner's account, a provider connected by a
 * sign-in that never gave its second factor, and password guesses through
 * account deletion.
 */
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createVerifiedUser, freshIp, mailsTo, type User } from "../reliability/lib/harness.ts";
import { browse, CookieJar, nextCode, providerSignIn, redirectError, signedInJar, turnOnTwoFactor } from "./lib/accounts.ts";
import { asServer, openDb, targets } from "./lib/suite.ts";

/** The first value `read` gives that is not undefined, asked again for up to 15 s (the outbox sends a moment later). */
async function waitFor<T>(read: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("waited 15 s in vain");
    await new Promise((r) => setTimeout(r, 100));
  }
}

const address = (label: string) => `review-${label}-${randomBytes(4).toString("hex")}@example.test`;

describe.each(targets())("the second account review on $kind", (target) => {
  const server = asServer(target);
  const db = openDb(target);
  beforeAll(() => () => db.destroy());
  const signUp = (body: Record<string, unknown>) => call(server, "POST", "/api/auth/sign-up/email", { password: "Zx9-longer-pass-42!", ...body });

  it("a sign-up answers alike for an address with an account and one without: status, words and user", async () => {
    const taken = await createVerifiedUser(server, { email: address("taken") });
    const fresh = address("fresh");
    const answers = async (email: string) => {
      const long = await signUp({ email, name: "x".repeat(101) });
      const odd = await signUp({ email, name: "", language: "zz" });
      const spaced = await signUp({ email, name: "  Asha \t  Rao  " });
      return {
        long: [long.status, ((await long.json()) as { code?: string }).code],
        odd: ((await odd.json()) as { user: { name: string; language: string } }).user,
        spaced: ((await spaced.json()) as { user: { name: string } }).user.name,
      };
    };
    const forTaken = await answers(taken.email);
    // (A second sign-up of the fresh address finds the first's unverified account and replaces it: still a new account.)
    const forFresh = await answers(fresh);
    expect(forTaken.long).toEqual([400, "NAME_TOO_LONG"]);
    expect(forFresh.long).toEqual(forTaken.long);
    expect(forTaken.odd).toMatchObject({ name: taken.email.split("@")[0], language: "en" });
    expect(forFresh.odd).toMatchObject({ name: fresh.split("@")[0], language: "en" });
    expect(forTaken.spaced).toBe("Asha Rao");
    expect(forFresh.spaced).toBe("Asha Rao");
  });

  it("a password changed over the API signs every other device out, whatever the body asks", async () => {
    const user = await createVerifiedUser(server, { email: address("change") });
    const here = await signedInJar(server, user);
    const phone = await signedInJar(server, user);
    const changed = await browse(server, here, "POST", "/api/auth/change-password", {
      currentPassword: user.password,
      newPassword: "Brand-new-pass-5150!",
      revokeOtherSessions: false,
    });
    expect(changed.status).toBe(200);
    // The new session's token is this browser's cookie, never the answer's JSON (ADR 0022, finding 9).
    expect(JSON.stringify(await changed.json())).not.toMatch(/"token"/);
    const phoneSession = await call(server, "GET", "/api/auth/get-session", undefined, { cookie: phone.header() });
    expect(await phoneSession.json()).toBeNull();
    const hereSession = await call(server, "GET", "/api/auth/get-session", undefined, { cookie: here.header() });
    expect(((await hereSession.json()) as { user?: { id: string } } | null)?.user?.id).toBe(user.id);
  });

  it("the owner's verification link leaves nothing of a pre-registration's name, picture or language", async () => {
    const email = address("prereg");
    const attacker = new CookieJar();
    const signedUp = await browse(server, attacker, "POST", "/api/auth/sign-up/email", {
      email,
      password: "attacker-pass-7",
      name: "Security Desk: call +1 555 0100",
      language: "hi",
      image: "https://evil.example/p.png",
    });
    expect(signedUp.status).toBe(200);
    // In Hindi, as the sign-up asked: found by its link, not by an English subject.
    const link = await waitFor(async () => (await mailsTo(server, email)).flatMap((m) => m.links).find((l) => l.includes("/api/auth/verify-email")));
    // The owner opens it from the mailbox, in a browser of their own.
    const opened = await browse(server, new CookieJar(), "GET", link!.slice(server.origin.length), undefined, { origin: null });
    expect(opened.headers.get("location")).toContain("verified=choose-password");
    const row = await db.selectFrom("user").select(["name", "image", "language", "emailVerified"]).where("email", "=", email).executeTakeFirstOrThrow();
    expect({ ...row, emailVerified: Boolean(row.emailVerified) }).toEqual({ name: email.split("@")[0], image: null, language: "en", emailVerified: true });
  });

  describe("an account with two-factor on", () => {
    let user: User;
    let app: Awaited<ReturnType<typeof turnOnTwoFactor>>["app"];
    beforeAll(async () => {
      user = await createVerifiedUser(server, { email: address("tfa") });
      ({ app } = await turnOnTwoFactor(server, await signedInJar(server, user), user.password));
      used.add(await nextCode(app, 0)); // the code that turned it on
    });

    /** Codes given out so far: a code is accepted once, so two sign-ins in one 30-s step need two. */
    const used = new Set<string>();
    /** Signed in past the code with one not given out before (the window takes the previous, current and next one). */
    async function pastTheCode(): Promise<CookieJar> {
      for (let round = 0; round < 2; round++) {
        const jar = new CookieJar();
        expect((await browse(server, jar, "POST", "/api/auth/sign-in/email", { email: user.email, password: user.password })).status).toBe(200);
        for (const steps of [1, 0, -1]) {
          const code = await nextCode(app, steps);
          if (used.has(code)) continue;
          used.add(code);
          if ((await browse(server, jar, "POST", "/api/auth/two-factor/verify-totp", { code })).status === 200) return jar;
        }
        // Every code of the window given out: the next step brings a new one.
        await new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 200));
      }
      throw new Error("no code of the window was accepted");
    }
    const providers = () => db.selectFrom("account").select("providerId").where("userId", "=", user.id).orderBy("providerId").execute();

    it("is not connected to GitHub by a GitHub sign-in that never gave the code; its owner connects it past the code", async () => {
      const github = { sub: `gh-${randomBytes(4).toString("hex")}`, email: user.email, emailVerified: true };
      const refused = await providerSignIn(server, target, new CookieJar(), "github", github);
      expect(redirectError(refused)).toBe("LINK_NEEDS_TWO_FACTOR");
      expect(await providers()).toEqual([{ providerId: "credential" }]);

      const linked = await providerSignIn(server, target, await pastTheCode(), "github", github, true);
      expect(linked.headers.get("location")).toContain("connected=1");
      expect(await providers()).toEqual([{ providerId: "credential" }, { providerId: "github" }]);
    });

    it("a connection whose session ended while at the provider goes back to the security page, refused", async () => {
      const google = { sub: `g-${randomBytes(4).toString("hex")}`, email: user.email, emailVerified: true };
      const signedOutMeanwhile = (jar: CookieJar) => jar.clear(".session_token");
      const refused = await providerSignIn(server, target, await pastTheCode(), "google", google, true, signedOutMeanwhile);
      expect(refused.status).toBe(302);
      const location = new URL(refused.headers.get("location")!, server.origin);
      expect([location.pathname, location.searchParams.get("connect-error")]).toEqual(["/profile/security", "google"]);
      expect(await providers()).toEqual([{ providerId: "credential" }, { providerId: "github" }]);
    });
  });

  it("a wrong password at account deletion is a failed sign-in of the address", async () => {
    const user = await createVerifiedUser(server, { email: address("delete") });
    const jar = await signedInJar(server, user);
    const ip = freshIp();
    // The deletion's own budget (5 in 15 minutes), each a wrong guess…
    for (let i = 0; i < 5; i++) {
      const wrong = await call(server, "DELETE", `/api/user/${user.id}`, { name: user.name, password: `guess-${i}` }, { cookie: jar.header(), ip });
      expect(wrong.status).toBe(403);
    }
    // …then the sign-in form from the same client: five more, and the ten in fifteen minutes are spent.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await call(server, "POST", "/api/auth/sign-in/email", { email: user.email, password: `guess-${i}` }, { ip })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("a provider's unverified address is refused alike whether or not it has an account", async () => {
    const taken = await createVerifiedUser(server, { email: address("gh-taken") });
    const refusal = async (email: string) =>
      redirectError(
        await providerSignIn(server, target, new CookieJar(), "github", { sub: `gh-${randomBytes(4).toString("hex")}`, email, emailVerified: false }),
      );
    expect(await refusal(taken.email)).toBe("account_not_linked");
    expect(await refusal(address("gh-none"))).toBe("account_not_linked");
  });

  it("a provider's callback with a state of no sign-in lands on the sign-in page, not on a JSON 404", async () => {
    const res = await call(server, "GET", "/api/auth/callback/google?code=x&state=y", undefined, { origin: null });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location")!, server.origin);
    expect(location.pathname).toBe("/auth");
    expect(location.searchParams.get("error")).toBeTruthy();
  });
});
