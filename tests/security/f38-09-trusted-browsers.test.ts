/**
 * Issue 38, finding 9 (Low): "Trust this device" survived a password change,
 * "sign out everywhere", and two-factor off and on with a new key; trusted
 * browsers were neither listed nor revocable. Now each of those forgets every
 * trusted browser (features/auth/trusted-browsers.server.ts), and the security
 * page lists them with a "Forget" button.
 */
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createVerifiedUser, type User } from "../reliability/lib/harness.ts";
import { browse, CookieJar, signedInJar, turnOnTwoFactor } from "./lib/accounts.ts";
import { asServer, targets } from "./lib/suite.ts";

describe.each(targets())("finding 38.9 on $kind: trusted browsers are listed and forgotten on security changes", (target) => {
  const server = asServer(target);
  let user: User;
  let backupCodes: string[];

  beforeAll(async () => {
    user = await createVerifiedUser(server, { email: `trusted-${randomBytes(4).toString("hex")}@example.test` });
    ({ backupCodes } = await turnOnTwoFactor(server, await signedInJar(server, user), user.password));
  });

  /** A browser that signs in with a backup code (one each: a code works once) and ticks "Trust this device". */
  async function trustedBrowser(): Promise<CookieJar> {
    const jar = new CookieJar();
    await browse(server, jar, "POST", "/api/auth/sign-in/email", { email: user.email, password: user.password });
    const res = await browse(server, jar, "POST", "/api/auth/two-factor/verify-backup-code", { code: backupCodes.shift(), trustDevice: true });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(jar.has(".trust_device")).toBe(true);
    return jar;
  }

  /** Whether this browser signs in with the password alone (its trust holds). */
  async function skipsTheCode(jar: CookieJar): Promise<boolean> {
    jar.clear(".session_token");
    const res = await browse(server, jar, "POST", "/api/auth/sign-in/email", { email: user.email, password: user.password });
    const body = (await res.json()) as { twoFactorRedirect?: boolean };
    return res.status === 200 && !body.twoFactorRedirect && jar.has(".session_token");
  }

  it("a trusted browser is listed on the security page, and skips the code until forgotten", async () => {
    const jar = await trustedBrowser();
    expect(await skipsTheCode(jar)).toBe(true);
    const page = await call(server, "GET", "/profile/security", undefined, { cookie: jar.header() });
    const html = await page.text();
    expect(html).toContain("Browsers that skip the code");
    const handle = /name="browser" value="([^"]+)"/.exec(html)?.[1];
    expect(handle).toBeTruthy();
    const forgot = await browse(server, jar, "POST", "/profile/security", new URLSearchParams({ intent: "forget-browser", browser: handle! }), {
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(forgot.status).toBe(200);
    expect(await skipsTheCode(jar)).toBe(false);
  });

  it("signing out everywhere forgets every trusted browser", async () => {
    const trusted = await trustedBrowser();
    const owner = await trustedBrowser();
    expect((await browse(server, owner, "POST", "/api/auth/revoke-other-sessions", {})).status).toBe(200);
    expect(await skipsTheCode(trusted)).toBe(false);
  });

  it("a password change forgets every trusted browser", async () => {
    const trusted = await trustedBrowser();
    const owner = await trustedBrowser();
    const newPassword = `changed-${randomBytes(4).toString("hex")}`;
    const changed = await browse(server, owner, "POST", "/api/auth/change-password", { currentPassword: user.password, newPassword });
    expect(changed.status, await changed.clone().text()).toBe(200);
    user.password = newPassword;
    expect(await skipsTheCode(trusted)).toBe(false);
  });
});
