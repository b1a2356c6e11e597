/**
 * Issue 38, finding 6 (Low): passkeys ran with user verification "preferred":
 * a key without a PIN (or an unlocked stolen device) stood in for the
 * password and the TOTP, and for re-authentication. A passkey is now two
 * factors or nothing: registration, sign-in and re-authentication require
 * the authenticator's user verification (ADR 0034). And finding 14: a
 * credential registered twice answered 500; it is a 400.
 */
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createVerifiedUser, type User } from "../reliability/lib/harness.ts";
import { browse, CookieJar, signedInJar, turnOnTwoFactor } from "./lib/accounts.ts";
import { authenticate, register, type SoftPasskey } from "./lib/soft-authenticator.ts";
import { asServer, targets } from "./lib/suite.ts";

describe.each(targets())("findings 38.6 and 38.14 on $kind: a passkey is two factors or nothing", (target) => {
  const server = asServer(target);
  let user: User;
  let jar: CookieJar;
  let passkey: SoftPasskey;

  async function registerWith(into: CookieJar, userVerified: boolean, reuse?: SoftPasskey) {
    const options = await (await browse(server, into, "POST", "/api/auth/passkey/registration-options", {})).json();
    const made = register(options, server.origin, userVerified, reuse);
    const res = await browse(server, into, "POST", "/api/auth/passkey/register", { response: made.response, name: "Test key" });
    return { res, passkey: made.passkey };
  }

  async function signInWith(into: CookieJar, key: SoftPasskey, userVerified: boolean) {
    const options = await (await browse(server, into, "POST", "/api/auth/passkey/authentication-options", {})).json();
    return browse(server, into, "POST", "/api/auth/passkey/authenticate", { response: authenticate(key, options, server.origin, userVerified) });
  }

  beforeAll(async () => {
    user = await createVerifiedUser(server, { email: `passkey-${randomBytes(4).toString("hex")}@example.test` });
    jar = await signedInJar(server, user);
    await turnOnTwoFactor(server, jar, user.password);
  });

  it("a key without user verification is not registered; one with it is", async () => {
    const refused = await registerWith(jar, false);
    expect(refused.res.status).toBe(400);
    const added = await registerWith(jar, true);
    expect(added.res.status, await added.res.clone().text()).toBe(200);
    passkey = added.passkey;
  });

  it("signing in: without user verification refused, with it a session (two factors in one)", async () => {
    const stranger = new CookieJar();
    const refused = await signInWith(stranger, passkey, false);
    expect(refused.status).toBe(401);
    expect(stranger.has(".session_token")).toBe(false);
    const owner = new CookieJar();
    const accepted = await signInWith(owner, passkey, true);
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    expect(owner.has(".session_token")).toBe(true);
  });

  it("re-authenticating with a passkey needs user verification too", async () => {
    const refused = await signInWith(jar, passkey, false);
    expect(refused.status).toBe(401);
    const accepted = await signInWith(jar, passkey, true);
    expect(await accepted.json()).toMatchObject({ reauthenticated: true });
  });

  it("the same credential registered again is a 400, not a 500 (finding 14)", async () => {
    const again = await registerWith(jar, true, passkey);
    expect(again.res.status).toBe(400);
    expect(await again.res.json()).toMatchObject({ code: "PASSKEY_EXISTS" });
    // Nor to another account.
    const other = await createVerifiedUser(server, { email: `passkey-other-${randomBytes(4).toString("hex")}@example.test` });
    const otherJar = await signedInJar(server, other);
    expect((await registerWith(otherJar, true, passkey)).res.status).toBe(400);
  });
});
