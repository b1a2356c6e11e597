/**
 * Issue 38, finding 5 (Low): `/reauthenticate` counted failures per address
 * *and* IP only (40 wrong passwords or codes from 40 addresses were all plain
 * 400s), its wrong codes did not count into the two-factor lock, and
 * `/change-password`'s per-address rule read a `body.email` that endpoint
 * never receives. Now both are keyed on the session's address too, and a
 * wrong code counts into the same lock as the sign-in challenge.
 */
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_FAILURES } from "../../app/infra/rate-limit/rules.ts";
import { createVerifiedUser, freshIp, pool, type User } from "../reliability/lib/harness.ts";
import { browse, type CookieJar, nextCode, signedInJar, turnOnTwoFactor } from "./lib/accounts.ts";
import { asServer, targets } from "./lib/suite.ts";

describe.each(targets())("finding 38.5 on $kind: re-authentication and password changes are counted per address", (target) => {
  const server = asServer(target);
  let user: User;
  let jar: CookieJar;
  beforeAll(async () => {
    user = await createVerifiedUser(server, { email: `reauth-${randomBytes(4).toString("hex")}@example.test` });
    jar = await signedInJar(server, user);
  });

  it("wrong passwords from ever new addresses end in a lock for the session's address", async () => {
    const max = SIGN_IN_FAILURES.perAddress.max;
    // One at a time: each answer is counted before the next guess is checked.
    const statuses = await pool(
      1,
      max + 1,
      async () => (await browse(server, jar, "POST", "/api/auth/reauthenticate", { password: "wrong-password" }, { ip: freshIp() })).status,
    );
    expect(statuses.filter((s) => s === 400).length).toBe(max);
    expect(statuses.filter((s) => s === 429).length).toBe(1);
    // The right password waits too: the lock is the address's, not the guess's.
    expect((await browse(server, jar, "POST", "/api/auth/reauthenticate", { password: user.password }, { ip: freshIp() })).status).toBe(429);
  });

  it("ten wrong codes lock the account's codes, for re-authentication and the sign-in challenge alike", async () => {
    const owner = await createVerifiedUser(server, { email: `reauth-code-${randomBytes(4).toString("hex")}@example.test` });
    const ownerJar = await signedInJar(server, owner);
    const { app } = await turnOnTwoFactor(server, ownerJar, owner.password);
    const wrong = (code: string) => String((Number(code) + 500_000) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 10; i++) {
      const res = await browse(server, ownerJar, "POST", "/api/auth/reauthenticate", { code: wrong(await app.code()) }, { ip: freshIp() });
      expect(res.status).toBe(400);
    }
    const locked = await browse(server, ownerJar, "POST", "/api/auth/reauthenticate", { code: await nextCode(app) }, { ip: freshIp() });
    expect(locked.status).toBe(429);
    expect(await locked.json()).toMatchObject({ code: "ACCOUNT_TEMPORARILY_LOCKED" });
  });

  it("a password change is held to 5 attempts in 15 minutes per account, from any address", async () => {
    const owner = await createVerifiedUser(server, { email: `change-${randomBytes(4).toString("hex")}@example.test` });
    const ownerJar = await signedInJar(server, owner);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await browse(
        server,
        ownerJar,
        "POST",
        "/api/auth/change-password",
        { currentPassword: "not-it", newPassword: "a-new-password-9" },
        { ip: freshIp() },
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5).every((s) => s === 400)).toBe(true);
    expect(statuses[5]).toBe(429);
  });
});
