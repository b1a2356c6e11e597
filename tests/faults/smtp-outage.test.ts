/**
 * SMTP outage (issue 23): the mail server is stopped while people sign up,
 * ask for password resets and send messages, then started again.
 *
 * Every answer meanwhile is the usual success (the mail is in the durable
 * outbox), "Resend" is not refused because of the failed send, and every
 * promised mail arrives exactly once (one Message-ID, one delivery) within 3
 * minutes of the server's return. The full run keeps the production back-off
 * (MAIL_RETRY_BASE_MS 30 s); the reduced run shortens it to 2 s.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createDb, DATABASES, freshIp } from "../reliability/lib/harness.ts";
import { mailsTo, portsOf, reduced, sleep, startMailedServer, verifiedAccount, waitFor, figuresFor } from "./lib/fault-harness.ts";

const OUTAGE_MS = reduced ? 6_000 : 30_000;
const RETRY_BASE_MS = reduced ? 2_000 : 30_000;
const SIGN_UPS = reduced ? 4 : 15;
const RESETS = reduced ? 2 : 4;
const FORMS = reduced ? 3 : 10;

const figures = figuresFor("smtp-outage");

// The reduced run (npm test) tries this on SQLite only; the full run on both.
for (const { kind, available } of DATABASES.filter((d) => !reduced || d.kind === "sqlite")) {
  describe.skipIf(!available)(`SMTP outage on ${kind}`, () => {
    it(`every promised mail arrives once after a ${OUTAGE_MS / 1000} s outage; resend is not refused`, async () => {
      const db = await createDb(kind, "smtp");
      const server = await startMailedServer(`faults-smtp-${kind}`, portsOf(0), db, { MAIL_RETRY_BASE_MS: String(RETRY_BASE_MS) });
      try {
        const owners = [];
        for (let i = 0; i < RESETS; i++) owners.push(await verifiedAccount(server));
        const post = (pathname: string, body: unknown, headers: Record<string, string> = {}) =>
          fetch(`${server.url}${pathname}`, {
            method: "POST",
            headers: { "content-type": "application/json", origin: server.origin, "x-forwarded-for": freshIp(), ...headers },
            body: JSON.stringify(body),
          });

        await server.sink.down();
        const outageStart = Date.now();
        const answers: number[] = [];
        const signUps: string[] = [];
        const forms: string[] = [];
        let pendingCookie = "";
        for (let i = 0; i < Math.max(SIGN_UPS, RESETS, FORMS); i++) {
          if (i < SIGN_UPS) {
            const email = `smtp-${randomBytes(4).toString("hex")}@example.test`;
            const res = await post("/api/auth/sign-up/email", { email, password: "fault-pass-1", name: "Smtp", callbackURL: "/auth?verified=1" });
            answers.push(res.status);
            if (res.status === 200) signUps.push(email);
            if (i === 0)
              pendingCookie = res.headers
                .getSetCookie()
                .map((c) => c.split(";")[0])
                .join("; ");
          }
          if (i < RESETS)
            answers.push((await post("/api/auth/request-password-reset", { email: owners[i]!.email, redirectTo: "/auth/reset-password" })).status);
          if (i < FORMS) {
            const marker = `smtp-outage-${randomBytes(4).toString("hex")}`;
            const res = await post("/api/forms/contact", { name: "Outage", email: "outage@example.test", message: marker });
            answers.push(res.status);
            if (res.status === 200) forms.push(marker);
          }
        }
        // The first sign-up's mail has failed by now: "Resend" is still allowed (a failed send is no attempt).
        await sleep(1_000);
        const resend = await post("/api/auth/resend-verification", {}, { cookie: pendingCookie });
        const resendStatus = resend.status;
        const resendBody = await resend.text();
        await sleep(Math.max(0, OUTAGE_MS - (Date.now() - outageStart)));
        await server.sink.up();
        const back = Date.now();

        const expected = [
          ...signUps.map((email) => ({ what: `verification to ${email}`, find: () => mailsTo(server.sink, email, /verify/i) })),
          ...owners.map((o) => ({ what: `reset to ${o.email}`, find: () => mailsTo(server.sink, o.email, /reset/i) })),
          ...forms.map((marker) => ({ what: `notification of ${marker}`, find: () => server.sink.mails().filter((m) => m.text.includes(marker)) })),
        ];
        const arrival: number[] = [];
        for (const mail of expected) {
          await waitFor(mail.what, () => mail.find().length > 0, 190_000, 250);
          arrival.push(Date.now() - back);
        }
        // Long enough for a repeat to show: two more retry periods.
        await sleep(Math.min(2 * RETRY_BASE_MS, 10_000) + 1_000);
        const counts = expected.map((m) => ({ what: m.what, count: m.find().length }));
        const ids = server.sink.mails().map((m) => m.messageId);

        const run = {
          outageMs: OUTAGE_MS,
          retryBaseMs: RETRY_BASE_MS,
          promised: { signUps: signUps.length, resets: owners.length, forms: forms.length },
          answers: Object.fromEntries([...new Set(answers)].map((s) => [s, answers.filter((a) => a === s).length])),
          resend: resendStatus,
          lastArrivalAfterReturnMs: Math.max(...arrival),
          duplicates: counts.filter((c) => c.count !== 1),
          repeatedMessageIds: ids.length - new Set(ids).size,
        };
        figures[kind] = run;
        console.log(`[faults] SMTP outage on ${kind}:`, JSON.stringify(run));

        expect(
          answers.every((s) => s === 200),
          `answers during the outage: ${JSON.stringify(run.answers)}`,
        ).toBe(true);
        expect(resendStatus, resendBody).toBe(200);
        expect(run.lastArrivalAfterReturnMs).toBeLessThan(180_000);
        expect(run.duplicates).toEqual([]);
        expect(run.repeatedMessageIds).toBe(0);
        expect(server.exited).toBeDefined();
        expect(await Promise.race([server.exited.then(() => "exited"), sleep(10).then(() => "running")])).toBe("running");
      } finally {
        await server.stop();
        await server.sink.stop();
        await db.drop();
      }
    });
  });
}
