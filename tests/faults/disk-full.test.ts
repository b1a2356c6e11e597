/**
 * Disk full under SQLite (issue 23): the database lives on a small tmpfs of
 * its own (mounting needs root; skipped with a message otherwise), a filler
 * file takes the last byte, and later goes away.
 *
 * Acceptance: readiness 503 within 5 s of the disk filling (so the balancer
 * stops sending writes here); sign-ups and form posts answer 503 with
 * Retry-After, never 422 or 500 (or 200 when SQLite still had room in its
 * write-ahead log, and then the write is kept); prerendered pages keep
 * working; readiness 200 again without a restart once space returns, and
 * writes work; `PRAGMA integrity_check` says ok; no process exit.
 */
import { execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { freshIp, type TestDb } from "../reliability/lib/harness.ts";
import { mailsTo, portsOf, sleep, startMailedServer, verifiedAccount, waitFor, writeFigures } from "./lib/fault-harness.ts";

const SIZE_MB = 24;

/** A tmpfs of SIZE_MB at a fresh directory, or why there cannot be one here. */
function mountSmallDisk(): { dir: string; unmount(): void } | { skip: string } {
  if (process.platform !== "linux") return { skip: "not Linux" };
  if (process.getuid?.() !== 0) return { skip: "mounting a size-capped tmpfs needs root" };
  const dir = mkdtempSync(path.join(tmpdir(), "tuesday-diskfull-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${SIZE_MB}m`, "tmpfs", dir], { stdio: "pipe" });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return { skip: `mount -t tmpfs failed: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}` };
  }
  return {
    dir,
    unmount() {
      execFileSync("umount", ["-l", dir], { stdio: "pipe" });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Writes zeros into `file` until the disk refuses. */
function fill(file: string): number {
  const fd = openSync(file, "w");
  const chunk = Buffer.alloc(64 * 1024);
  let written = 0;
  try {
    for (;;) written += writeSync(fd, chunk);
  } catch {
    // ENOSPC: full. Then the last bytes, a page at a time.
    const small = Buffer.alloc(512);
    try {
      for (;;) written += writeSync(fd, small);
    } catch {
      // full to the byte
    }
  } finally {
    closeSync(fd);
  }
  return written;
}

const disk = mountSmallDisk();
const figures: Record<string, unknown> = {};
afterAll(() => {
  if ("dir" in disk) {
    disk.unmount();
    writeFigures("disk-full", figures);
  }
});

describe.skipIf("skip" in disk)(`disk full on SQLite${"skip" in disk ? ` (skipped: ${disk.skip})` : ""}`, () => {
  it("readiness turns 503 within 5 s, writes answer 503 (never 422), and all recovers without a restart", async () => {
    const { dir } = disk as { dir: string };
    const file = path.join(dir, "app.db");
    const db: TestDb = {
      kind: "sqlite",
      url: file,
      file,
      db: () => {
        throw new Error("not used");
      },
      drop: async () => {},
    };
    const server = await startMailedServer("faults-disk", portsOf(3), db);
    const post = (pathname: string, body: unknown) =>
      fetch(`${server.url}${pathname}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.origin, "x-forwarded-for": freshIp() },
        body: JSON.stringify(body),
      });
    try {
      await verifiedAccount(server);
      expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);

      const filler = path.join(dir, "filler");
      const filledAt = Date.now();
      const bytes = fill(filler);
      const turnedRed = await waitFor(
        "readiness 503",
        async () => ((await fetch(`${server.url}/api/ready`)).status === 503 ? Date.now() - filledAt : null),
        10_000,
        100,
      );
      const readyBody = await (await fetch(`${server.url}/api/ready`)).json();

      const answers: Array<{ what: string; status: number; retryAfter: string | null; marker: string }> = [];
      for (let i = 0; i < 6; i++) {
        const email = `disk-${Date.now()}-${i}@example.test`;
        const signUp = await post("/api/auth/sign-up/email", { email, password: "fault-pass-1", name: "Disk" });
        answers.push({ what: "sign-up", status: signUp.status, retryAfter: signUp.headers.get("retry-after"), marker: email });
        const marker = `fault-disk-${Date.now()}-${i}`;
        const form = await post("/api/forms/feedback", { name: "Disk", email: "disk@example.test", message: marker });
        answers.push({ what: "form", status: form.status, retryAfter: form.headers.get("retry-after"), marker });
      }
      const page = await fetch(`${server.url}/pricing`);

      rmSync(filler);
      const freedAt = Date.now();
      const recovered = await waitFor(
        "readiness 200 again",
        async () => ((await fetch(`${server.url}/api/ready`)).status === 200 ? Date.now() - freedAt : null),
        15_000,
        100,
      );
      const after = await post("/api/forms/feedback", { name: "Disk", email: "disk@example.test", message: `fault-disk-after-${Date.now()}` });
      const afterSignUp = await post("/api/auth/sign-up/email", { email: `disk-after-${Date.now()}@example.test`, password: "fault-pass-1", name: "Disk" });
      await sleep(500);

      // What was acknowledged is there; the file is sound.
      const check = new SQLite(file, { readonly: true });
      const integrity = (check.pragma("integrity_check") as Array<{ integrity_check: string }>)[0]?.integrity_check;
      const messages = new Set((check.prepare("select message from form_message").all() as Array<{ message: string }>).map((r) => r.message));
      const users = new Set((check.prepare("select email from user").all() as Array<{ email: string }>).map((r) => r.email));
      check.close();
      const lost = answers.filter((a) => a.status === 200 && !(a.what === "form" ? messages.has(a.marker) : users.has(a.marker)));
      // "Check your email" is a promise too (issue 38, finding 17): every sign-up answered 200 gets its link.
      const promisedMails = answers.filter((a) => a.what === "sign-up" && a.status === 200);
      const unmailed: string[] = [];
      for (const a of promisedMails) {
        const got = await waitFor(`the verification mail to ${a.marker}`, () => mailsTo(server.sink, a.marker, /verify/i).length > 0, 10_000).catch(
          () => false,
        );
        if (!got) unmailed.push(a.marker);
      }

      const run = {
        diskMb: SIZE_MB,
        fillerBytes: bytes,
        readinessRedAfterMs: turnedRed,
        readyBody,
        answers: answers.map((a) => `${a.what} ${a.status}${a.retryAfter ? ` (Retry-After ${a.retryAfter})` : ""}`),
        pageStatus: page.status,
        readinessGreenAfterMs: recovered,
        afterRecovery: { form: after.status, signUp: afterSignUp.status },
        integrity,
        lost: lost.length,
        promisedMails: promisedMails.length,
        unmailed: unmailed.length,
      };
      figures.sqlite = run;
      console.log("[faults] disk full:", JSON.stringify(run));

      expect(turnedRed).toBeLessThan(5_000);
      expect(answers.filter((a) => a.status !== 200 && !(a.status === 503 && a.retryAfter))).toEqual([]);
      expect(page.status).toBe(200);
      expect(recovered).toBeLessThan(5_000);
      expect(after.status).toBe(200);
      expect(afterSignUp.status).toBe(200);
      expect(integrity).toBe("ok");
      expect(lost).toEqual([]);
      expect(unmailed).toEqual([]);
      expect(await Promise.race([server.exited.then(() => "exited"), sleep(10).then(() => "running")])).toBe("running");
    } finally {
      await server.stop();
      await server.sink.stop();
    }
  });
});
