/**
 * Issue 38, finding 16 (Info): GitHub's and Google's access tokens were kept
 * in plain text and handed to any session by `/get-access-token`; the app
 * never uses them. Now they are not kept at all, and that endpoint and
 * `/refresh-token` are closed (f38-03 walks them).
 */
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { browse, CookieJar, providerSignIn } from "./lib/accounts.ts";
import { asServer, openDb, targets } from "./lib/suite.ts";

describe.each(targets())("finding 38.16 on $kind: no provider token is kept or handed out", (target) => {
  const server = asServer(target);
  const db = openDb(target);
  afterAll(() => db.destroy());

  it.each(["google", "github"] as const)("a %s sign-in stores no token, and no endpoint gives one", async (provider) => {
    const email = `tokens-${provider}-${randomBytes(4).toString("hex")}@example.test`;
    const jar = new CookieJar();
    await providerSignIn(server, target, jar, provider, { sub: `${provider}-${randomBytes(4).toString("hex")}`, email, emailVerified: true });
    expect(jar.has(".session_token")).toBe(true);
    const user = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    const account = await db.selectFrom("account").select(["accessToken", "refreshToken", "idToken"]).where("userId", "=", user.id).executeTakeFirstOrThrow();
    expect(account).toEqual({ accessToken: null, refreshToken: null, idToken: null });
    const asked = await browse(server, jar, "POST", "/api/auth/get-access-token", { providerId: provider });
    expect(asked.status).toBe(404);
  });
});
