/**
 * Issue 38, finding 10 (Low): per-recipient mail ceilings counted the exact
 * address, so `+tags` (and Gmail's dots) reached one mailbox without limit:
 * the autoresponder's 3 a day, sign-up mails, waitlist links. Now every one
 * counts the mailbox (shared/lib/mailbox.ts), and autoresponses and
 * verification mails have an hourly ceiling in all.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTOREPLIES_PER_ADDRESS, autoreplyHasRoom } from "../../app/features/forms/form-ceilings.server.ts";
import { call, freshIp, mailsTo } from "../reliability/lib/harness.ts";
import { openTestServices, type TestServices } from "../support/test-services.ts";
import { asServer, targets } from "./lib/suite.ts";

describe.each(targets())("finding 38.10 on $kind: one mailbox, however it is written", (target) => {
  const server = asServer(target);

  it("sign-ups for one mailbox's `+tags` share its budget of 5 an hour", async () => {
    const local = `tagged${randomBytes(4).toString("hex")}`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await call(
        server,
        "POST",
        "/api/auth/sign-up/email",
        { email: `${local}+${i}@example.test`, password: "tagged-pass-10", name: "Tagged" },
        { ip: freshIp() },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("waitlist links to one Gmail inbox, by dots and `+tags`: at most 3 a day", async () => {
    const name = `w${randomBytes(3).toString("hex")}`;
    const spellings = [
      `${name}@gmail.com`,
      `${name}+a@gmail.com`,
      `${name.slice(0, 2)}.${name.slice(2)}@gmail.com`,
      `${name}+b@googlemail.com`,
      `${name}+c@gmail.com`,
    ];
    for (const email of spellings) {
      const res = await call(server, "POST", "/waitlist", new URLSearchParams({ email }), {
        ip: freshIp(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(res.status, email).toBeLessThan(400);
    }
    await new Promise((r) => setTimeout(r, 500));
    let mails = 0;
    for (const email of spellings) mails += (await mailsTo(server, email)).length;
    expect(mails).toBe(3);
  });
});

describe("finding 38.10: the autoresponder counts mailboxes", () => {
  let s: TestServices;
  beforeAll(async () => {
    s = await openTestServices();
  });
  afterAll(async () => s?.close());

  it(`after ${AUTOREPLIES_PER_ADDRESS} autoresponses to one mailbox's +tags, the next +tag gets none`, async () => {
    const now = new Date();
    for (let i = 0; i < AUTOREPLIES_PER_ADDRESS; i++) {
      await s.outbox.enqueue(
        { kind: "form-autoreply", to: `reader+${i}@example.test`, subject: "Thanks", text: "Thanks", html: "<p>Thanks</p>" },
        { wake: false },
      );
    }
    const room = await s.database.db.transaction().execute((trx) => autoreplyHasRoom(trx, "Reader+new@Example.test", now));
    expect(room).toBe(false);
    const other = await s.database.db.transaction().execute((trx) => autoreplyHasRoom(trx, "someone-else@example.test", now));
    expect(other).toBe(true);
  });
});
