/**
 * Finding 2: per-IP limits keyed on the whole IPv6 address, so every IPv6
 * client (who owns a /64: 2^64 addresses) had unlimited budgets. Now every
 * limiter keys an IPv6 client on its /64, and an IPv4-mapped address on its
 * IPv4 address. The reproduction: posts to /f/feedback from 2001:db8:…::1,
 * ::2, ::3 of one /64, as X-Forwarded-For behind one trusted proxy.
 */
import { describe, expect, it } from "vitest";
import { call } from "../reliability/lib/harness.ts";
import { RULES } from "../../app/infra/rate-limit/rules";
import { asServer, freshV4, freshV6Prefix, reduced, targets } from "./lib/suite.ts";

/** The per-IP budgets (flood ceilings since issue 19): forms per 10 minutes, sign-ins per 15. */
const FORMS = RULES.forms.ip.max;
const SIGN_INS = RULES.signIn.ip.max;
/** `n` statuses of 200, then one 429: a budget of `n` used up. */
const usedUp = (n: number, ok = 200) => [...Array<number>(n).fill(ok), 429];

const feedback = (i: number) => new URLSearchParams({ name: "Visitor", email: "visitor@example.com", message: `IPv6 budget ${i}` });

describe.each(targets())("finding 2 on $kind: one budget per IPv6 /64", (target) => {
  const server = asServer(target);
  const post = (ip: string, i: number) =>
    call(server, "POST", "/f/feedback", feedback(i), { ip, headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" } });

  it(`three addresses of one /64 share the form budget (${FORMS} per 10 minutes): the next post is a 429`, async () => {
    const prefix = freshV6Prefix();
    const statuses: number[] = [];
    for (let i = 0; i <= FORMS; i++) statuses.push((await post(`${prefix}::${(i % 3) + 1}`, i)).status);
    expect(statuses).toEqual(usedUp(FORMS));
    // Another /64 has a budget of its own.
    expect((await post(`${freshV6Prefix()}::1`, 7)).status).toBe(200);
  });

  it("an IPv4-mapped IPv6 address is its IPv4 address", async () => {
    const v4 = freshV4();
    const statuses: number[] = [];
    for (let i = 0; i <= FORMS; i++) statuses.push((await post(i % 2 ? `::ffff:${v4}` : v4, i)).status);
    expect(statuses).toEqual(usedUp(FORMS));
  });

  it.skipIf(reduced)(`sign-in attempts (${SIGN_INS} per 15 minutes) count per /64 too`, async () => {
    const prefix = freshV6Prefix();
    const statuses: number[] = [];
    for (let i = 0; i <= SIGN_INS; i++) {
      const res = await call(
        server,
        "POST",
        "/api/auth/sign-in/email",
        { email: `nobody-${i}@example.test`, password: "wrong-password" },
        { ip: `${prefix}::${(i + 1).toString(16)}` },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual(usedUp(SIGN_INS, 401));
  });
});
