/**
 * SIGTERM under load (issue 23): the server is told to stop while form posts
 * and sign-ups arrive, then started again on the same database.
 *
 * Acceptance: it exits 0 (finishing what was under way, refusing nothing it
 * acknowledged); every acknowledged write is in the database; every mail
 * those writes promised arrives exactly once, the ones still queued at the
 * stop sent by the next start.
 */
import { describe, expect, it } from "vitest";
import { createDb, DATABASES, type DbKind } from "../reliability/lib/harness.ts";
import { mailsTo, portsOf, reduced, sleep, startLoad, startMailedServer, statusCounts, verifiedAccount, waitFor, figuresFor } from "./lib/fault-harness.ts";

const figures = figuresFor("sigterm");

// The reduced run (npm test) tries this on SQLite only; the full run on both.
for (const { kind, available } of DATABASES.filter((d) => !reduced || d.kind === "sqlite")) {
  describe.skipIf(!available)(`SIGTERM under load on ${kind}`, () => {
    it("exits 0, loses no acknowledged write, and every promised mail arrives once (after the restart)", async () => {
      const db = await createDb(kind as DbKind, "sigterm");
      const server = await startMailedServer(`faults-sigterm-${kind}`, portsOf(5), db, { MAIL_RETRY_BASE_MS: "2000" });
      try {
        const accounts = [await verifiedAccount(server)];
        // The mail server is slow to come: mail is still queued when the stop arrives.
        await server.sink.down();
        const load = startLoad({ server, accounts, kinds: ["form", "sign-up", "page", "form", "session"], workers: 4, pauseMs: 20 });
        await sleep(2_500);
        const stopAt = Date.now();
        const exit = await server.kill("SIGTERM");
        const stopMs = Date.now() - stopAt;
        await load.stop();
        const samples = load.samples;

        const ackedForms = samples.filter((s) => s.kind === "form" && s.status === 200).map((s) => s.marker!);
        const ackedSignUps = samples.filter((s) => s.kind === "sign-up" && s.status === 200).map((s) => s.marker!);
        const stored = new Set((await db.db().selectFrom("form_message").select("message").execute()).map((r) => r.message));
        const users = new Set((await db.db().selectFrom("user").select("email").execute()).map((r) => r.email));
        const queuedAtStop = Number(
          (
            await db
              .db()
              .selectFrom("mail_outbox")
              .select((eb) => eb.fn.countAll<string>().as("n"))
              .where("status", "=", "pending")
              .executeTakeFirstOrThrow()
          ).n,
        );

        await server.sink.up();
        await server.restart();
        await waitFor(
          "the queued mail sent by the next start",
          async () =>
            Number(
              (
                await db
                  .db()
                  .selectFrom("mail_outbox")
                  .select((eb) => eb.fn.countAll<string>().as("n"))
                  .where("status", "=", "pending")
                  .executeTakeFirstOrThrow()
              ).n,
            ) === 0,
          60_000,
          250,
        );
        await sleep(1_000);
        const notMailedOnce = [
          ...ackedForms.filter((m) => server.sink.mails().filter((mail) => mail.text.includes(m)).length !== 1),
          ...ackedSignUps.filter((e) => mailsTo(server.sink, e, /verify/i).length !== 1),
        ];

        const run = {
          answers: statusCounts(samples),
          exit,
          stopMs,
          ackedForms: ackedForms.length,
          ackedSignUps: ackedSignUps.length,
          queuedAtStop,
          lost: ackedForms.filter((m) => !stored.has(m)).length + ackedSignUps.filter((e) => !users.has(e)).length,
          notMailedOnce: notMailedOnce.length,
        };
        figures[kind] = run;
        console.log(`[faults] SIGTERM on ${kind}:`, JSON.stringify(run));

        expect(exit).toEqual({ code: 0, signal: null });
        expect(run.lost).toBe(0);
        expect(ackedForms.length).toBeGreaterThan(0);
        expect(queuedAtStop).toBeGreaterThan(0);
        expect(notMailedOnce).toEqual([]);
        expect(samples.filter((s) => s.status >= 500 && s.status !== 503)).toEqual([]);
      } finally {
        await server.stop();
        await server.sink.stop();
        await db.drop();
      }
    });
  });
}
