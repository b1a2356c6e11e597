/**
 * Many instances, one site (issue 10): three production servers on
 * PostgreSQL + Redis behind Debian's nginx (scripts/lib/cluster.ts, what
 * `npm run cluster` starts). Runs when nginx, TEST_DATABASE_URL and
 * TEST_REDIS_URL are all there (`bash .ci/run` installs nginx).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { FAIL_TIMEOUT_S } from "../../deploy/nginx";
import { type Cluster, findNginx, startCluster } from "../../scripts/lib/cluster";
import { TEST_DEFAULTS } from "../support/test-defaults";
import { startSmtpSink, type SmtpSink, type SunkMail } from "../support/smtp-sink";
import { withSearchPath } from "../support/test-databases";

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const enabled = Boolean(findNginx() && databaseUrl && redisUrl);
const BASE_PORT = Number(process.env.CLUSTER_PORT_BASE ?? 4750);

const ip = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${(randomBytes(1)[0]! % 250) + 1}`;
/** A loopback address of its own for each simulated visitor: through nginx, that is the client IP the instances see. */
const loopback = () => `127.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${(randomBytes(1)[0]! % 250) + 1}`;

/** A request from `localAddress` (nginx appends it to X-Forwarded-For, so it cannot be forged with a header). */
function from(localAddress: string, url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(url, { method: init.method ?? "GET", headers: init.headers, localAddress }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

describe.runIf(enabled)("three instances behind nginx", () => {
  let cluster: Cluster;
  let sink: SmtpSink;
  let dir: string;
  const schema = `cluster_${Date.now().toString(36)}`;

  async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "tuesday-cluster-"));
    sink = await startSmtpSink(BASE_PORT + 20, BASE_PORT + 21);
    await admin((c) => c.query(`create schema "${schema}"`));
    cluster = await startCluster({
      instances: 3,
      port: BASE_PORT,
      databaseUrl: withSearchPath(databaseUrl!, schema),
      redisUrl: redisUrl!,
      dir,
      env: { ...TEST_DEFAULTS, SMTP_URL: sink.smtpUrl, LOG_LEVEL: "warn" },
      // Short enough for the stall test below to see nginx give up (30 s in deploy/nginx.conf).
      readTimeoutS: 8,
    });
  }, 180_000);

  afterAll(async () => {
    await cluster?.stop();
    await sink?.stop();
    await admin((c) => c.query(`drop schema if exists "${schema}" cascade`)).catch(() => {});
    // Redis keys of this run's rate limits expire by themselves (15 minutes at most).
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  /** Where nginx's error log stood when the running test began: its message shows what the test made nginx log. */
  let logMark = 0;
  beforeEach(() => {
    if (cluster) logMark = readFileSync(cluster.nginxErrorLog).length;
  });
  /** What nginx logged during this test (why it answered a 502 or 504 itself, and which instance it left out when). */
  const nginxErrors = () =>
    `nginx's error log during the test (its last 200 lines):\n${readFileSync(cluster.nginxErrorLog).subarray(logMark).toString("utf8").split("\n").slice(-200).join("\n")}`;
  const direct = (i: number) => `http://127.0.0.1:${cluster.instances[i]!.port}`;
  const headers = (extra: Record<string, string> = {}) => ({ "content-type": "application/json", origin: cluster.url, "x-forwarded-for": ip(), ...extra });

  async function mailsTo(to: string): Promise<SunkMail[]> {
    return (await fetch(`${sink.apiUrl}/messages?to=${encodeURIComponent(to)}`)).json() as Promise<SunkMail[]>;
  }

  async function verifiedSession(email: string, password: string): Promise<string> {
    const up = await fetch(`${direct(0)}/api/auth/sign-up/email`, {
      method: "POST",
      headers: headers(),
      body: JSON.stringify({ email, password, name: "Cluster" }),
    });
    expect(up.status).toBe(200);
    let mail: SunkMail | undefined;
    for (let i = 0; i < 50 && !mail; i++) {
      mail = (await mailsTo(email))[0];
      if (!mail) await new Promise((r) => setTimeout(r, 100));
    }
    const link = mail!.links.find((l) => l.includes("verify-email"))!;
    // The link points at the public URL (nginx): verify through it, in the browser that signed up (ADR 0034).
    const signUpCookies = up.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect((await fetch(link, { redirect: "manual", headers: { cookie: signUpCookies } })).status).toBe(302);
    const signIn = await fetch(`${direct(0)}/api/auth/sign-in/email`, { method: "POST", headers: headers(), body: JSON.stringify({ email, password }) });
    expect(signIn.status).toBe(200);
    return signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  }

  it("a session made through one instance is valid on the others", async () => {
    const email = `cluster-${randomBytes(3).toString("hex")}@example.test`;
    const cookie = await verifiedSession(email, "cluster-pass-1");
    for (const i of [1, 2]) {
      const session = await fetch(`${direct(i)}/api/auth/get-session`, { headers: { cookie } });
      expect(((await session.json()) as { user?: { email: string } }).user?.email).toBe(email);
    }
  });

  it("nginx names each request (its $request_id, whatever the client sent), and the instance answers with that id", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${cluster.url}/api/health`, { headers: { "x-request-id": "forged-by-the-client-0001" } });
      const id = res.headers.get("x-request-id") ?? "";
      // nginx's format (32 hex digits), not the client's and not one the app made (a UUID).
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      seen.add(id);
      await res.arrayBuffer();
    }
    expect(seen.size).toBe(3);
  });

  it("a rate limit counts across instances", async () => {
    const email = `limited-${randomBytes(3).toString("hex")}@example.test`;
    const from = ip();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await fetch(`${direct(i % 3)}/api/auth/sign-in/email`, {
        method: "POST",
        headers: headers({ "x-forwarded-for": from }),
        body: JSON.stringify({ email, password: "wrong-password" }),
      });
      statuses.push(res.status);
    }
    // Ten failures for one address from one IP, wherever they landed; the eleventh is refused.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });

  it("a form's notification mail is sent exactly once", async () => {
    const marker = `cluster-once-${randomBytes(4).toString("hex")}`;
    const res = await from(loopback(), `${cluster.url}/api/forms/feedback`, {
      method: "POST",
      headers: headers(),
      body: JSON.stringify({ name: "Asha", email: "asha@example.com", message: marker }),
    });
    expect(res.status).toBe(200);
    // Long enough for every instance's retry pass to have looked at the row.
    await new Promise((r) => setTimeout(r, 3000));
    const mails = (await mailsTo(site.contactEmail)).filter((m) => m.text.includes(marker));
    expect(mails).toHaveLength(1);
  });

  interface Load {
    acknowledged: string[];
    failures: string[];
  }

  /**
   * Until `load` has `count` acknowledged writes in all (at most 30 s): a scenario waits for real
   * progress, not for a time, because a CI machine running the browser suite beside this one can be
   * ten times slower than a quiet one (244 writes in 4 s alone, 19 beside the browsers).
   */
  async function atLeast(load: Load, count: number): Promise<void> {
    const deadline = Date.now() + 30_000;
    while (load.acknowledged.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  }

  /** Posts feedback through nginx until `scenario` (given the load so far) resolves; returns what was acknowledged and what failed. */
  async function writeLoad(scenario: (load: Load) => Promise<unknown>, concurrency = 6): Promise<Load> {
    const acknowledged: string[] = [];
    const failures: string[] = [];
    let done = false;
    const until = scenario({ acknowledged, failures });
    void until.finally(() => (done = true)).catch(() => {});
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (!done) {
          const marker = `load-${randomBytes(6).toString("hex")}`;
          // Each write from a visitor of its own (the form limit is 5 per IP per 10 minutes).
          const visitor = loopback();
          try {
            const res = await from(visitor, `${cluster.url}/api/forms/feedback`, {
              method: "POST",
              headers: headers(),
              body: JSON.stringify({ name: "Load", email: "load@example.com", message: marker }),
            });
            if (res.status === 200) acknowledged.push(marker);
            else failures.push(`POST ${res.status} ${res.body.slice(0, 120)}`);
          } catch (error) {
            failures.push(`POST ${String(error)}`);
          }
          // Reads too: a page through nginx.
          const page = await from(visitor, `${cluster.url}/auth`).catch((error: unknown) => ({ status: 0, body: String(error) }));
          if (page.status !== 200) failures.push(`GET /auth ${page.status} ${page.body.slice(0, 120)}`);
        }
      }),
    );
    return { acknowledged, failures };
  }

  async function stored(markers: string[]): Promise<Set<string>> {
    const rows = await admin((c) => c.query<{ message: string }>(`select message from "${schema}".form_message where message like 'load-%'`));
    const found = new Set(rows.rows.map((r) => r.message));
    return new Set(markers.filter((m) => found.has(m)));
  }

  it("kill -9 of one instance under load loses no acknowledged write, stores none twice, and nginx keeps answering reads", async () => {
    const victim = cluster.instances[1]!;
    // Killed once the load is well under way (1.5 s and ten writes), then on for 2.5 s and ten more.
    const scenario = async (load: Load) => {
      await Promise.all([new Promise((r) => setTimeout(r, 1500)), atLeast(load, 10)]);
      victim.kill();
      await Promise.all([new Promise((r) => setTimeout(r, 2500)), atLeast(load, load.acknowledged.length + 11)]);
    };
    try {
      const { acknowledged, failures } = await writeLoad(scenario);
      expect(acknowledged.length).toBeGreaterThan(20);
      // Only the writes in flight on the killed instance fail, with nginx's 502: a sent POST is never
      // resent to another instance (it may have run; ADR 0022). Reads never fail; nothing is stored twice.
      expect(
        failures.filter((f) => !f.startsWith("POST 502 ")),
        nginxErrors(),
      ).toEqual([]);
      expect(failures.length).toBeLessThanOrEqual(6);
      expect((await stored(acknowledged)).size).toBe(acknowledged.length);
      const twice = await admin((c) =>
        c.query(`select message from "${schema}".form_message where message like 'load-%' group by message having count(*) > 1`),
      );
      expect(twice.rows).toEqual([]);
    } finally {
      await victim.start();
    }
  }, 60_000);

  it("a POST to an instance that stalls is answered once and stored once: nginx never sends it to another instance (finding 10)", async () => {
    const victim = cluster.instances[2]!;
    const pid = victim.pid()!;
    process.kill(pid, "SIGSTOP");
    const markers = Array.from({ length: 6 }, () => `stall-${randomBytes(6).toString("hex")}`);
    let answers: { status: number; body: string }[];
    try {
      // At once: round robin hands at least one of them to the stalled instance.
      answers = await Promise.all(
        markers.map((marker) =>
          from(loopback(), `${cluster.url}/api/forms/feedback`, {
            method: "POST",
            headers: headers(),
            body: JSON.stringify({ name: "Stall", email: "stall@example.com", message: marker }),
          }),
        ),
      );
    } finally {
      process.kill(pid, "SIGCONT");
    }
    // The stalled one timed out at nginx (504), not retried elsewhere (a 200 from another instance).
    expect(answers.map((a) => a.status).sort()).toContain(504);
    expect(answers.every((a) => a.status === 200 || a.status === 504)).toBe(true);
    // Resumed, the stalled instance runs what it was sent: every message is stored exactly once.
    await new Promise((r) => setTimeout(r, 3000));
    const rows = await admin((c) => c.query<{ message: string }>(`select message from "${schema}".form_message where message like 'stall-%'`));
    const counts = new Map<string, number>();
    for (const row of rows.rows) counts.set(row.message, (counts.get(row.message) ?? 0) + 1);
    expect(markers.map((m) => counts.get(m) ?? 0)).toEqual(markers.map(() => 1));
  }, 60_000);

  it("a rolling restart (SIGTERM one instance at a time) fails no request", async () => {
    // As docs/production.md has an operator roll, with traffic flowing: nginx leaves an instance out for
    // fail_timeout after its last failure (a refused connection while it restarted; the stall test's 504),
    // then sends it one request and takes it back only once that succeeds, skipping it meanwhile. Without
    // traffic through that wait, an instance stays out; stopping another while the others' first requests
    // are still under way was "no live upstreams" for everyone (CI, 2026-11-29). So the load runs through
    // every wait, and the margin covers a cold instance's first answer on a busy machine.
    const backInRotation = () => new Promise((r) => setTimeout(r, FAIL_TIMEOUT_S * 1000 + 1500));
    let restarted: Promise<void> | undefined;
    const scenario = (load: Load) =>
      (restarted = (async () => {
        await backInRotation();
        for (const instance of cluster.instances) {
          expect(await instance.stop()).toBe(0);
          await instance.start();
          await backInRotation();
        }
        await atLeast(load, 21);
      })());
    const { acknowledged, failures } = await writeLoad(scenario);
    await restarted;
    expect(failures, nginxErrors()).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(20);
    expect((await stored(acknowledged)).size).toBe(acknowledged.length);
  }, 120_000);
});

describe.runIf(!enabled)("three instances behind nginx", () => {
  it.skip("needs nginx, TEST_DATABASE_URL and TEST_REDIS_URL", () => {});
});
