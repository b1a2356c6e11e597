/**
 * Account mail through the durable outbox (issue 23), on a real database:
 * Better Auth's callbacks only queue (the answer never waits for a mail
 * server), a verification mail that could not be sent gives its resend
 * attempt back, and a sign-up retried with the same key is answered again
 * without a second account or mail.
 */
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Mailer } from "~/infra/mail/mailer.server";
import { MailOutbox } from "~/infra/mail/outbox.server";
import { openTestServices, type TestServices } from "../../../tests/support/test-services";
import { verificationMailHooks } from "./account-rules.server";
import { withClientIp } from "./client-ip";
import { idempotentSignUp } from "./idempotent-sign-up.server";
import { createAuthHandler } from "./auth-handler.server";

let s: TestServices;
beforeAll(async () => {
  s = await openTestServices();
});
afterAll(async () => {
  await s.close();
});

/** A mail server that is down. */
const downMailer: Mailer = {
  transport: "smtp",
  send: async () => {
    throw new Error("connect ECONNREFUSED 127.0.0.1:587");
  },
  verify: async () => {
    throw new Error("connect ECONNREFUSED 127.0.0.1:587");
  },
  close() {},
};

const outboxRows = (to: string) => s.database.db.selectFrom("mail_outbox").selectAll().where("to_address", "=", to).orderBy("created_at").execute();

describe("account mail through the outbox", () => {
  it("sign-up queues the verification mail and answers without sending it", async () => {
    const email = "queued@example.test";
    await s.auth.api.signUpEmail({ body: { email, password: "secret-pass-1", name: "Queued" }, headers: withClientIp(new Headers(), "10.20.0.1") });
    const [row] = await outboxRows(email);
    expect(row).toMatchObject({ kind: "verification", status: "pending", attempts: 0 });
    expect(row!.text).toContain("/api/auth/verify-email?token=");
    expect(await s.database.db.selectFrom("dev_mailbox").select("id").where("to_address", "=", email).execute()).toHaveLength(0);
    await s.outbox.runOnce();
    expect(await s.database.db.selectFrom("dev_mailbox").select("id").where("to_address", "=", email).execute()).toHaveLength(1);
  });

  it("a verification mail the mail server refused does not count against the resend rules", async () => {
    const email = "refused@example.test";
    const { headers } = await s.auth.api.signUpEmail({
      body: { email, password: "secret-pass-1", name: "Refused" },
      headers: withClientIp(new Headers(), "10.20.0.2"),
      returnHeaders: true,
    });
    const cookie = headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const resend = () =>
      s.auth.api.resendVerification({ body: {}, headers: withClientIp(new Headers({ cookie }), "10.20.0.2") }).then(
        () => 200,
        (e: { statusCode?: number }) => e.statusCode,
      );

    // With the mail out (counted), the spec's 5-minute wait applies.
    expect(await resend()).toBe(429);

    // The mail server is down: the attempt fails and is given back.
    const profileOf = () =>
      s.database.db
        .selectFrom("profile")
        .innerJoin("user", "user.id", "profile.user_id")
        .select(["verification_attempts", "verification_sent_at"])
        .where("user.email", "=", email)
        .executeTakeFirstOrThrow();
    await s.database.db.updateTable("mail_outbox").set({ status: "sent" }).where("to_address", "!=", email).where("status", "=", "pending").execute();
    const failing = new MailOutbox(s.database, downMailer, pino({ level: "silent" }), { retryBaseMs: 30_000, messageIdDomain: "test" });
    failing.on("verification", verificationMailHooks);
    expect(await failing.runOnce()).toMatchObject({ failed: 1 });
    expect(await profileOf()).toMatchObject({ verification_attempts: 0, verification_sent_at: null });

    // "Resend" is not refused; the new link replaces the waiting one.
    expect(await resend()).toBe(200);
    const rows = await outboxRows(email);
    expect(rows.map((r) => r.status)).toEqual(["superseded", "pending"]);
    expect((await profileOf()).verification_attempts).toBe(1);
  });

  it("a sign-up retried with the same Idempotency-Key is answered again: one account, one mail", async () => {
    const handler = idempotentSignUp(s.database.db, createAuthHandler(s.auth));
    const email = "retried@example.test";
    const request = (password = "secret-pass-1") =>
      new Request(`${s.env.appUrl}/api/auth/sign-up/email`, {
        method: "POST",
        headers: withClientIp(new Headers({ "content-type": "application/json", origin: s.env.appOrigin, "idempotency-key": "sign-up-retry-1" }), "10.20.0.3"),
        body: JSON.stringify({ email, password, name: "Retried" }),
      });
    const first = await handler(request());
    const again = await handler(request());
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(await first.json());
    expect(again.headers.getSetCookie().length).toBe(first.headers.getSetCookie().length);
    expect(await outboxRows(email)).toHaveLength(1);
    // The same key for another request is refused.
    expect((await handler(request("another-pass-2"))).status).toBe(400);
  });
});
