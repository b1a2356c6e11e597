/**
 * The failed-sign-in policy (rules.ts, SIGN_IN_FAILURES), through Better Auth's
 * own API with our plugin inside it, on a real database.
 */
import { isAPIError } from "better-auth/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_FAILURES } from "~/infra/rate-limit/rules";
import { openTestServices, type TestServices } from "../../../tests/support/test-services";
import { withClientIp } from "./client-ip";

let s: TestServices;
const PASSWORD = "right-password-1";

beforeAll(async () => {
  s = await openTestServices();
});
afterAll(async () => {
  await s.close();
});

async function verifiedUser(email: string) {
  await s.auth.api.signUpEmail({ body: { email, password: PASSWORD, name: "Owner" } });
  await s.database.db.updateTable("user").set({ emailVerified: 1 }).where("email", "=", email).execute();
}

/** Signs in from `ip` (with `cookie`, if any): the HTTP status it gets, and the cookies it is given. */
async function signIn(email: string, password: string, ip: string, cookie = "") {
  const headers = withClientIp(new Headers(cookie ? { cookie } : {}), ip);
  try {
    const { headers: out } = await s.auth.api.signInEmail({ body: { email, password }, headers, returnHeaders: true });
    return {
      status: 200,
      cookies: out
        .getSetCookie()
        .map((c) => c.split(";")[0]!)
        .join("; "),
    };
  } catch (error) {
    if (!isAPIError(error)) throw error;
    return { status: error.statusCode, cookies: "" };
  }
}

/**
 * A wrong password for `email` from each of as many addresses (`prefix`.x.y) as the address-wide
 * ceiling allows, four at a time (each is a password hash: one after another they took ~17 s, too
 * close to the time limit on a busy machine). The statuses, in order.
 */
async function wrongFromManyIps(email: string, prefix: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < SIGN_IN_FAILURES.perAddress.max; i += 4) {
    const batch = [i, i + 1, i + 2, i + 3].filter((n) => n < SIGN_IN_FAILURES.perAddress.max);
    statuses.push(...(await Promise.all(batch.map(async (n) => (await signIn(email, "wrong", `${prefix}.${n >> 8}.${n & 255}`)).status))));
  }
  return statuses;
}

describe("failed sign-ins", { timeout: 60_000 }, () => {
  it("stop one IP from guessing an address, and the right password from it waits too", async () => {
    const email = "guessed@example.test";
    await verifiedUser(email);
    for (let i = 0; i < SIGN_IN_FAILURES.perAddressAndIp.max; i++) expect((await signIn(email, "wrong", "198.51.100.1")).status).toBe(401);
    expect((await signIn(email, "wrong", "198.51.100.1")).status).toBe(429);
    expect((await signIn(email, PASSWORD, "198.51.100.1")).status).toBe(429);
    // The owner, elsewhere, is not locked out.
    expect((await signIn(email, PASSWORD, "198.51.100.2")).status).toBe(200);
  });

  it("a success clears the address's counters for that IP", async () => {
    const email = "forgetful@example.test";
    await verifiedUser(email);
    for (let i = 0; i < SIGN_IN_FAILURES.perAddressAndIp.max - 1; i++) await signIn(email, "wrong", "198.51.100.3");
    expect((await signIn(email, PASSWORD, "198.51.100.3")).status).toBe(200);
    for (let i = 0; i < SIGN_IN_FAILURES.perAddressAndIp.max; i++) expect((await signIn(email, "wrong", "198.51.100.3")).status).toBe(401);
  });

  it("guessing spread over many IPs hits the address-wide ceiling; a browser that signed in before is exempt", async () => {
    const email = "targeted@example.test";
    await verifiedUser(email);
    const known = await signIn(email, PASSWORD, "203.0.113.250");
    expect(known.cookies).toContain("known_device=");

    expect(await wrongFromManyIps(email, "10.7")).toEqual(Array(SIGN_IN_FAILURES.perAddress.max).fill(401));
    // A new IP, even with the right password, waits: that is the ceiling.
    expect((await signIn(email, PASSWORD, "10.8.0.1")).status).toBe(429);
    // The owner's own browser (the known-device cookie), from yet another IP, still gets in.
    expect((await signIn(email, PASSWORD, "10.8.0.2", known.cookies)).status).toBe(200);
  });

  it("a browser that signed in before the password was set again is not exempt (it may have known the old one)", async () => {
    const email = "rotated@example.test";
    await verifiedUser(email);
    const known = await signIn(email, PASSWORD, "203.0.113.251");
    expect(known.cookies).toContain("known_device=");
    // The password is set again after that sign-in (a change or a reset, as its row says).
    const user = await s.database.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    await s.database.db
      .updateTable("account")
      .set({ updatedAt: new Date(Date.now() + 5_000).toISOString() })
      .where("userId", "=", user.id)
      .where("providerId", "=", "credential")
      .execute();

    expect(await wrongFromManyIps(email, "10.11")).toEqual(Array(SIGN_IN_FAILURES.perAddress.max).fill(401));
    expect((await signIn(email, PASSWORD, "10.12.0.2", known.cookies)).status).toBe(429);
  });

  it("a sign-in that began before the password was set again makes no session", async () => {
    const email = "reset-mid-sign-in@example.test";
    await verifiedUser(email);
    const user = await s.database.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    const passwordSet = (at: number) =>
      s.database.db
        .updateTable("account")
        .set({ updatedAt: new Date(at).toISOString() })
        .where("userId", "=", user.id)
        .where("providerId", "=", "credential")
        .execute();
    // The password's row changed after this sign-in began (a reset landing while it hashed leaves it so).
    await passwordSet(Date.now() + 5_000);
    const refused = await signIn(email, PASSWORD, "198.51.100.40");
    expect(refused.status).toBe(401);
    expect(refused.cookies).not.toContain("session_token=");
    await passwordSet(Date.now() - 1_000);
    expect((await signIn(email, PASSWORD, "198.51.100.40")).status).toBe(200);
  });

  it("a password reset forgives the address's failures", async () => {
    const email = "reset-forgives@example.test";
    await verifiedUser(email);
    await wrongFromManyIps(email, "10.9");
    expect((await signIn(email, PASSWORD, "10.10.0.1")).status).toBe(429);

    await s.auth.api.requestPasswordReset({ body: { email, redirectTo: "/auth/reset-password" }, headers: withClientIp(new Headers(), "10.10.0.1") });
    await s.outbox.runOnce();
    const mail = await s.database.db
      .selectFrom("dev_mailbox")
      .select("links")
      .where("to_address", "=", email)
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    const link = (JSON.parse(mail.links) as string[]).find((l) => l.includes("reset-password"))!;
    const token = new URL(link).pathname.split("/").pop()!;
    await s.auth.api.resetPassword({ body: { token, newPassword: "brand-new-pass" }, headers: withClientIp(new Headers(), "10.10.0.1") });
    expect((await signIn(email, "brand-new-pass", "10.10.0.2")).status).toBe(200);
  });
});

describe("sign-up", () => {
  it("two sign-ups for one new address at once: both answer as a sign-up does, one account exists", async () => {
    const email = "twice-at-once@example.test";
    const attempt = (ip: string) => s.auth.api.signUpEmail({ body: { email, password: PASSWORD, name: "Twice" }, headers: withClientIp(new Headers(), ip) });
    const answers = await Promise.allSettled([attempt("198.51.100.20"), attempt("198.51.100.21"), attempt("198.51.100.22")]);
    for (const answer of answers) {
      expect(answer.status, String((answer as PromiseRejectedResult).reason?.body?.code)).toBe("fulfilled");
      expect((answer as PromiseFulfilledResult<{ user: { email: string } }>).value.user.email).toBe(email);
    }
    const rows = await s.database.db.selectFrom("user").select("id").where("email", "=", email).execute();
    expect(rows).toHaveLength(1);
  });
});
