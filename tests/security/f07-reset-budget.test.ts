/**
 * Finding 7: anyone could block an owner's password reset for an hour: five
 * requests for the address from anywhere used its budget, and the owner's own
 * request got 429 "Please wait 55 minutes". Now the owner's browser (the
 * known-device cookie of an earlier sign-in) is exempt from the address's
 * budget, and an exhausted budget answers everyone else exactly like a sent
 * reset, and sends nothing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { call, createVerifiedUser, mailsTo, type User } from "../reliability/lib/harness.ts";
import { asServer, cookiesFrom, sleep, targets } from "./lib/suite.ts";

describe.each(targets())("finding 7 on $kind: a reset no one else can block", (target) => {
  const server = asServer(target);
  let owner: User;
  let knownDevice: string;

  const resetMails = async () => (await mailsTo(server, owner.email)).filter((m) => /reset/i.test(m.subject)).length;
  /** Waits until `n` reset mails are there (mail goes out after the answer), then a moment more for any extra. */
  async function settledResetMails(n: number): Promise<number> {
    const deadline = Date.now() + 10_000;
    while ((await resetMails()) < n && Date.now() < deadline) await sleep(100);
    await sleep(500);
    return resetMails();
  }
  const requestReset = (cookie?: string) =>
    call(server, "POST", "/api/auth/request-password-reset", { email: owner.email, redirectTo: "/auth/reset-password" }, { cookie });

  beforeAll(async () => {
    owner = await createVerifiedUser(server);
    const signedIn = await call(server, "POST", "/api/auth/sign-in/email", { email: owner.email, password: owner.password });
    expect(signedIn.status).toBe(200);
    // Only the known-device cookie: the owner's browser, signed out since.
    knownDevice = cookiesFrom(signedIn)
      .split("; ")
      .filter((c) => c.includes("known_device"))
      .join("; ");
    expect(knownDevice).not.toBe("");
  });

  it("strangers from six addresses: six identical 200s, five mails; then the owner's browser still gets its mail", async () => {
    const answers: Array<{ status: number; body: string }> = [];
    // call() comes from a new address each time: the per-IP budget is not what stops them.
    for (let i = 0; i < 6; i++) {
      const res = await requestReset();
      answers.push({ status: res.status, body: await res.text() });
    }
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await settledResetMails(5)).toBe(5);

    // The seventh stranger: the same answer, still no mail.
    const seventh = await requestReset();
    expect(seventh.status).toBe(200);
    expect(await seventh.text()).toBe(answers[0]!.body);
    expect(await settledResetMails(5)).toBe(5);

    // The owner, in the browser that signed in before.
    const own = await requestReset(knownDevice);
    expect(own.status).toBe(200);
    expect(await own.text()).toBe(answers[0]!.body);
    expect(await settledResetMails(6)).toBe(6);
  });
});
