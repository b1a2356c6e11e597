/**
 * Issue 38, finding 4 (Medium): `/two-factor/get-totp-uri` was not behind
 * re-authentication. For a Google/GitHub-only account a stale session read the
 * TOTP secret, re-authenticated with a code from it and turned two-factor off;
 * an abandoned setup could be completed by a stale session, locking the owner
 * out. Now every endpoint that reveals or changes a second factor needs a
 * recent sign-in (features/auth/reauthentication.server.ts, REAUTH_PATHS), and
 * so does signing out one other device (finding 15).
 */
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { browse, CookieJar, authenticatorFor, nextCode, providerSignIn } from "./lib/accounts.ts";
import { asServer, openDb, targets } from "./lib/suite.ts";

describe.each(targets())("finding 38.4 on $kind: a stale session neither reads nor changes a second factor", (target) => {
  const server = asServer(target);
  const db = openDb(target);
  beforeAll(() => () => db.destroy());

  /** A GitHub-only account (no password to re-authenticate with), signed in in a new browser. */
  async function githubAccount() {
    const identity = { sub: `gh-${randomBytes(4).toString("hex")}`, email: `stale-${randomBytes(4).toString("hex")}@example.test`, emailVerified: true };
    const jar = new CookieJar();
    await providerSignIn(server, target, jar, "github", identity);
    expect(jar.has(".session_token")).toBe(true);
    const user = await db.selectFrom("user").select("id").where("email", "=", identity.email).executeTakeFirstOrThrow();
    return { identity, jar, userId: user.id };
  }

  /** Twenty minutes pass since the session's sign-in (the window is 15). */
  const age = (userId: string) =>
    db
      .updateTable("session")
      .set({ createdAt: new Date(Date.now() - 20 * 60_000).toISOString(), reauthenticatedAt: null })
      .where("userId", "=", userId)
      .execute();

  const refusedAsStale = async (res: Response) => {
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "REAUTHENTICATION_REQUIRED" });
  };

  it("an abandoned setup: a stale session can neither read its secret nor finish it", async () => {
    const { jar, userId } = await githubAccount();
    const started = await browse(server, jar, "POST", "/api/auth/two-factor/enable", {});
    expect(started.status).toBe(200);
    const app = authenticatorFor(((await started.json()) as { totpURI: string }).totpURI);
    await age(userId);
    await refusedAsStale(await browse(server, jar, "POST", "/api/auth/two-factor/get-totp-uri", {}));
    await refusedAsStale(await browse(server, jar, "POST", "/api/auth/two-factor/verify-totp", { code: await nextCode(app, 0) }));
    const row = await db.selectFrom("user").select("twoFactorEnabled").where("id", "=", userId).executeTakeFirstOrThrow();
    expect(Boolean(row.twoFactorEnabled)).toBe(false);
  });

  it("two-factor on: a stale session cannot read the secret, so it cannot re-authenticate with it and turn it off", async () => {
    const { jar, userId } = await githubAccount();
    const started = await browse(server, jar, "POST", "/api/auth/two-factor/enable", {});
    const app = authenticatorFor(((await started.json()) as { totpURI: string }).totpURI);
    expect((await browse(server, jar, "POST", "/api/auth/two-factor/verify-totp", { code: await app.code() })).status).toBe(200);
    await age(userId);
    await refusedAsStale(await browse(server, jar, "POST", "/api/auth/two-factor/get-totp-uri", {}));
    await refusedAsStale(await browse(server, jar, "POST", "/api/auth/two-factor/disable", {}));
    await refusedAsStale(await browse(server, jar, "POST", "/api/auth/two-factor/generate-backup-codes", {}));
    const row = await db.selectFrom("user").select("twoFactorEnabled").where("id", "=", userId).executeTakeFirstOrThrow();
    expect(Boolean(row.twoFactorEnabled)).toBe(true);
  });

  it("a stale session cannot sign out another device (finding 15)", async () => {
    const { identity, jar, userId } = await githubAccount();
    const other = new CookieJar();
    await providerSignIn(server, target, other, "github", identity);
    await age(userId);
    const sessions = await db.selectFrom("session").select(["token", "createdAt"]).where("userId", "=", userId).execute();
    expect(sessions.length).toBe(2);
    const otherToken = decodeURIComponent(other.header().match(/session_token=([^;]+)/)![1]!).split(".")[0]!;
    await refusedAsStale(await browse(server, jar, "POST", "/api/auth/revoke-session", { token: otherToken }));
    expect(await db.selectFrom("session").select("id").where("token", "=", otherToken).executeTakeFirst()).toBeDefined();
  });
});
