/**
 * A stalled database (issue 23): 35 s (12 s in the reduced run) in which the
 * database neither answers nor fails, under a steady load.
 *
 *   PostgreSQL   the suite's proxy stops moving bytes both ways (a network
 *                stall: the server cannot even enforce its statement_timeout)
 *   SQLite       another process holds the file's write lock (BEGIN
 *                EXCLUSIVE), as a stuck `npm run messages` or a backup would
 *
 * Acceptance: no request is open longer than the request deadline
 * (REQUEST_TIMEOUT_MS, 10 s here; the issue allows 15 s); prerendered pages
 * stay fast (SQLite's waits must not block the event loop); a client that
 * gave up on a form post and sends it again with the same Idempotency-Key
 * stores one message and one mail; no 500, 401 or 422; no process exit.
 */
import SQLite from "better-sqlite3";
import { describe, expect, it } from "vitest";
import type { TcpProxy } from "../support/tcp-proxy.ts";
import { createDb, DATABASES, type DbKind, freshIp } from "../reliability/lib/harness.ts";
import {
  DEADLINE_MS,
  during,
  forbidden,
  percentile,
  portsOf,
  reduced,
  sleep,
  startDatabaseLoad,
  startMailedServer,
  startPostgresProxy,
  summary,
  summaryByKind,
  waitFor,
  figuresFor,
} from "./lib/fault-harness.ts";

const STALL_MS = reduced ? 12_000 : 35_000;
/** What a client-observed request may take beyond the deadline (the answer's own way back, a busy machine). */
const SLACK_MS = 1_500;
const figures = figuresFor("database-stall");

for (const { kind, available } of DATABASES) {
  describe.skipIf(!available)(`a stalled database on ${kind}`, () => {
    it(`a ${STALL_MS / 1000} s stall: every request answered within the deadline, prerendered pages fast, a retried post stored once`, async () => {
      const ports = portsOf(2);
      const db = await createDb(kind as DbKind, "stall");
      let proxy: TcpProxy | undefined;
      let url = db.url;
      if (kind === "postgres") {
        proxy = await startPostgresProxy(ports.proxy);
        url = proxy.url(db.url);
      }
      const server = await startMailedServer(`faults-stall-${kind}`, ports, { ...db, url }, { MAIL_RETRY_BASE_MS: "2000" });
      let lock: SQLite.Database | undefined;
      try {
        const load = await startDatabaseLoad(server);

        const stall = { from: Date.now(), to: 0 };
        if (proxy) proxy.stall();
        else {
          lock = new SQLite(db.file!);
          lock.exec("BEGIN EXCLUSIVE");
        }
        // A client posts, gives up after 3 s (as a browser or a proxy might), and will try again with the same key.
        const key = `stall-retry-${Date.now()}`;
        const marker = `fault-stall-retry-${Date.now()}`;
        const retried = () =>
          fetch(`${server.url}/api/forms/contact`, {
            method: "POST",
            headers: { "content-type": "application/json", origin: server.origin, "x-forwarded-for": freshIp(), "idempotency-key": key },
            body: JSON.stringify({ name: "Retry", email: "retry@example.test", message: marker }),
            signal: AbortSignal.timeout(3_000),
          });
        const firstTry = await retried().then(
          (r) => String(r.status),
          (e: Error) => e.name,
        );
        await sleep(Math.max(0, STALL_MS - (Date.now() - stall.from)));
        if (proxy) proxy.resume();
        else {
          lock!.exec("COMMIT");
          lock!.close();
          lock = undefined;
        }
        stall.to = Date.now();
        await sleep(4_000);
        const secondTry = await retried();
        const secondStatus = secondTry.status;
        await sleep(2_000);
        await load.stop();

        const samples = load.samples;
        const inStall = during(samples, stall);
        const stored = await db.db().selectFrom("form_message").select("id").where("message", "=", marker).execute();
        const mailed = await waitFor(
          "the retried message's notification",
          () => server.sink.mails().filter((m) => m.text.includes(marker)).length > 0 && true,
          30_000,
        ).then(
          () => server.sink.mails().filter((m) => m.text.includes(marker)).length,
          () => 0,
        );
        const pages = inStall.filter((s) => s.kind === "page").map((s) => s.ms);
        const run = {
          stallMs: STALL_MS,
          deadlineMs: DEADLINE_MS,
          stall: summary(inStall),
          stallByKind: summaryByKind(inStall),
          longestMs: Math.max(...samples.map((s) => s.ms)),
          openLongerThanDeadline: samples.filter((s) => s.ms > DEADLINE_MS + SLACK_MS).length,
          pageP99Ms: percentile(pages, 99),
          forbidden: forbidden(samples).slice(0, 10),
          retry: { firstTry, secondStatus, stored: stored.length, mailed },
        };
        figures[kind] = run;
        console.log(`[faults] stalled ${kind}:`, JSON.stringify(run));

        expect(run.openLongerThanDeadline).toBe(0);
        expect(run.forbidden).toEqual([]);
        expect(run.pageP99Ms).toBeLessThan(500);
        expect(inStall.some((s) => s.status === 503)).toBe(true);
        expect(secondStatus).toBe(200);
        expect(stored).toHaveLength(1);
        expect(mailed).toBe(1);
        expect(await Promise.race([server.exited.then(() => "exited"), sleep(10).then(() => "running")])).toBe("running");
      } finally {
        lock?.close();
        await server.stop();
        await server.sink.stop();
        await proxy?.close();
        await db.drop();
      }
    });
  });
}
