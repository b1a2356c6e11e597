/**
 * `npm run bench` sections 3 and 4: the server under the load real visitors
 * make (issue 39). A thousand visitors (or `visitors`), each signed in for
 * real; what a visitor's first view of each kind of page costs (every request
 * from a visitor that kind was never rendered for); and journeys: each
 * connection plays one visitor's sitting (pages, client-side navigations, a
 * write), then another random visitor's, nothing asked twice in a row,
 * interleaved with the prerendered page in the same run.
 *
 * Every figure comes with the server's CPU time per request (from /proc, all
 * its threads) and the session cache's hits during it (/admin/metrics.json).
 *
 * The visitors are made in the database directly (a user, a password
 * account, a profile row: what a verified sign-up leaves) and then signed in
 * through the HTTP API, each from an address of its own (TRUST_PROXY=1 and
 * X-Forwarded-For, as behind nginx), so their sessions are what sign-in makes.
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { hashPassword } from "better-auth/crypto";
import type { DatabaseConfig } from "../../app/config/env.server.ts";
import { openDatabase } from "../../app/infra/db/database.server.ts";
import { createProfile } from "../../app/infra/db/profile-rows.server.ts";

const run = promisify(execFile);
const LOAD = path.join(import.meta.dirname, "load.mjs");

export const BENCH_OPERATOR = "bench-operator@example.test";
const PASSWORD = "Bench visitor passphrase 7c1e";

export interface LoadRequest {
  label?: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

interface Figures {
  requests: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
}

export interface LoadResult extends Figures {
  rps: number;
  statuses: Record<string, number>;
  byLabel: Record<string, Figures>;
  /** With `cpuPid`: the server's CPU time during the measured load (its own slices when interleaved). */
  cpuMs?: number;
  /** With `alternate`: the interleaved reference load's figures. */
  reference?: Figures & { rps: number; cpuMs: number };
}

export interface LoadPlan {
  connections: number;
  seconds: number;
  warmupSeconds: number;
  spreadAddresses?: boolean;
  pick?: "random" | "in-turn";
  /** Stop after this many requests. */
  total?: number;
  requests: LoadRequest[];
  /** One visitor's sitting each (load.mjs): instead of `requests`. */
  journeys?: LoadRequest[][];
  /** A reference load interleaved with this one, a second each in turn (load.mjs). */
  alternate?: { requests: LoadRequest[]; sliceMs?: number };
  /** The server's process: its CPU time is read per slice. */
  cpuPid?: number;
}

/**
 * A closed-loop load (load.mjs, in a process of its own, asynchronous: this
 * process keeps reading the server's log pipe meanwhile). The plan goes
 * through a file: a thousand cookies do not fit on a command line.
 */
export async function load(port: number, plan: LoadPlan): Promise<LoadResult> {
  const file = path.join(tmpdir(), `tuesday-load-${process.pid}-${randomUUID()}.json`);
  writeFileSync(file, JSON.stringify({ port, ...plan }));
  const { stdout } = await run(process.execPath, [LOAD, `@${file}`], { encoding: "utf8", maxBuffer: 16 << 20 });
  return JSON.parse(stdout) as LoadResult;
}

export function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** CPU time the process has used (user + system, all threads), in milliseconds. */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export interface Visitor {
  email: string;
  userId: string;
  cookie: string;
}

/**
 * `count` verified accounts made in the database, then signed in over HTTP
 * with "remember me", each from its own address. Visitor 0 is the operator
 * the bench reads /admin/metrics.json as (OPERATOR_EMAILS).
 */
export async function signInVisitors(base: string, database: DatabaseConfig, count: number): Promise<Visitor[]> {
  const handle = openDatabase(database);
  const hash = await hashPassword(PASSWORD);
  const run = Date.now().toString(36);
  const made: Array<{ email: string; userId: string }> = [];
  try {
    const now = new Date().toISOString();
    for (let i = 0; i < count; i++) {
      const userId = `bench-${run}-${i}`;
      const email = i === 0 ? BENCH_OPERATOR : `visitor-${run}-${i}@example.test`;
      if (i === 0) await handle.db.deleteFrom("user").where("email", "=", email).execute();
      await handle.db
        .insertInto("user")
        .values({ id: userId, name: `Visitor ${i}`, email, emailVerified: 1, image: null, createdAt: now, updatedAt: now })
        .execute();
      await handle.db
        .insertInto("account")
        .values({ id: `acct-${userId}`, userId, accountId: userId, providerId: "credential", password: hash, createdAt: now, updatedAt: now })
        .execute();
      await createProfile(handle.db, userId, { verificationSent: false });
      made.push({ email, userId });
    }
  } finally {
    await handle.close();
  }

  const visitors: Visitor[] = new Array(count);
  let next = 0;
  const signIn = async (i: number) => {
    const { email, userId } = made[i]!;
    const address = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${(i & 255) + 1}`;
    const jar = new Map<string, string>();
    const take = (res: Response) => {
      for (const c of res.headers.getSetCookie()) {
        const pair = c.split(";")[0]!;
        const eq = pair.indexOf("=");
        // A cleared cookie (Max-Age=0, empty) leaves the jar, as it leaves a browser's.
        if (eq === pair.length - 1) jar.delete(pair.slice(0, eq));
        else jar.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
    };
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base, "x-forwarded-for": address },
      body: JSON.stringify({ email, password: PASSWORD, rememberMe: true }),
    });
    if (!res.ok) throw new Error(`sign-in of visitor ${i} answered ${res.status}: ${await res.text()}`);
    take(res);
    // The page a sign-in leads to, as a browser opens it: it shows (and spends) the sign-in's flash message.
    take(await fetch(`${base}/home`, { headers: { cookie: cookie(), "x-forwarded-for": address } }));
    // A first session read may hand out more cookies: a returning visitor has them.
    take(await fetch(`${base}/api/auth/get-session`, { headers: { cookie: cookie() } }));
    visitors[i] = { email, userId, cookie: cookie() };
  };
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < count) await signIn(next++);
    }),
  );
  return visitors;
}

interface CacheFigures {
  sessionCache: { hits: number; misses: number; entries: number };
  memoryMb: { rss: number; heapUsed: number; external: number };
}

/** The server's own figures (/admin/metrics.json, read as the operator visitor). */
export async function metrics(base: string, operator: Visitor): Promise<CacheFigures> {
  const res = await fetch(`${base}/admin/metrics.json`, { headers: { cookie: operator.cookie } });
  if (!res.ok) throw new Error(`/admin/metrics.json answered ${res.status}`);
  return (await res.json()) as CacheFigures;
}

const pct = (hits: number, misses: number) => (hits + misses === 0 ? "–" : `${((100 * hits) / (hits + misses)).toFixed(1)} %`);
const encodings = { "accept-encoding": "gzip, deflate, br, zstd" };

/** The kinds of first render the issue names (its targets in ms of CPU per request). */
export const FIRST_RENDERS: Array<{ label: string; path: (v: Visitor, n: number) => string; target: number; operator?: boolean }> = [
  { label: "/profile", path: () => "/profile", target: 4 },
  { label: "/profile.data", path: () => "/profile.data", target: 1.5 },
  { label: "/profile/security", path: () => "/profile/security", target: 4 },
  // The console has one viewer here (the operator): each request a page of the inbox no cache has seen.
  { label: "/admin/messages", path: (_v, n) => `/admin/messages?q=${n}`, target: 5, operator: true },
  { label: "/ signed in", path: () => "/", target: 4 },
];

export interface FirstRender {
  label: string;
  requests: number;
  cpuPerRequestMs: number;
  p50: number;
  p99: number;
  errors: number;
  target: number;
}

/**
 * The CPU of a first render of each kind: every request from a visitor that
 * kind was never rendered for (in turn over the visitors, four at a time), the
 * server's CPU time over the run divided by the requests. Printed as it goes.
 *
 * Before each kind is measured, as many requests of it come from other
 * visitors (the last ones, never measured): a server in production has run
 * its code for a while, and V8 has compiled the hot paths by then. Without
 * this, the first hundreds of renders after a start paid V8's optimising
 * compiler (its threads count in the process's CPU): /profile measured
 * 6.1 ms cold, 4.1–4.3 ms once warm, on the same build (ADR 0038).
 */
export async function firstRenders(server: { base: string; port: number; pid: number }, visitors: Visitor[], perKind = 300): Promise<FirstRender[]> {
  const out: FirstRender[] = [];
  const warmers = visitors.slice(Math.max(1 + perKind, visitors.length - perKind));
  for (const kind of FIRST_RENDERS) {
    const requestsFrom = (from: Visitor[], offset: number) =>
      Array.from({ length: Math.min(perKind, kind.operator ? perKind : from.length) }, (_, n) => {
        const v = from[n % from.length]!;
        return { label: kind.label, method: "GET", path: kind.path(v, offset + n), headers: { ...encodings, cookie: v.cookie } };
      });
    const warmUp = requestsFrom(kind.operator ? [visitors[0]!] : warmers, perKind);
    if (warmUp.length) await load(server.port, { connections: 4, seconds: 600, warmupSeconds: 0, pick: "in-turn", total: warmUp.length, requests: warmUp });
    const requests = requestsFrom(kind.operator ? [visitors[0]!] : visitors.slice(1, 1 + perKind), 0);
    const before = cpuMs(server.pid);
    const result = await load(server.port, { connections: 4, seconds: 600, warmupSeconds: 0, pick: "in-turn", total: requests.length, requests });
    const cpu = cpuMs(server.pid) - before;
    const row: FirstRender = {
      label: kind.label,
      requests: result.requests,
      cpuPerRequestMs: cpu / Math.max(1, result.requests),
      p50: result.p50,
      p99: result.p99,
      errors: result.errors,
      target: kind.target,
    };
    out.push(row);
    console.log(
      `   ${kind.label.padEnd(20)} ${row.cpuPerRequestMs.toFixed(2).padStart(6)} ms of CPU per request  p50 ${row.p50.toFixed(1)} ms  p99 ${row.p99.toFixed(1)} ms  (${row.requests} requests${row.errors ? `, ${row.errors} ERRORS ${JSON.stringify(result.statuses)}` : ""})  target ≤ ${kind.target} ms: ${row.cpuPerRequestMs <= kind.target && !row.errors ? "meets target" : "BELOW TARGET"}`,
    );
  }
  return out;
}

/**
 * One visitor's sitting, as a browser makes it: the profile page, the session
 * read its scripts make, the security page and back by client-side navigation
 * (`.data`), a profile save (a write: one request in nine), the user record,
 * the profile again, a public page signed in, and a client-side navigation.
 */
function journeyOf(v: Visitor, n: number): LoadRequest[] {
  const get = (path: string): LoadRequest => ({
    label: `GET ${path.replace(v.userId, ":id")}`,
    method: "GET",
    path,
    headers: { ...encodings, cookie: v.cookie },
  });
  const save: LoadRequest = {
    label: "POST /profile (save)",
    method: "POST",
    path: "/profile",
    headers: { ...encodings, cookie: v.cookie, "content-type": "application/x-www-form-urlencoded", origin: BENCH_ORIGIN_PLACEHOLDER },
    body: new URLSearchParams({
      intent: "save",
      name: `Visitor ${n}`,
      gender: "",
      about: `Saved by the bench ${n}`,
      language: "en",
      "dob-day": "",
      "dob-month": "",
      "dob-year": "",
    }).toString(),
  };
  return [
    get("/profile"),
    get("/api/auth/get-session"),
    get("/profile/security.data"),
    get("/profile.data"),
    save,
    get(`/api/user/${v.userId}`),
    get("/profile"),
    get("/pricing"),
    get("/blog.data"),
  ];
}

/** The origin header a write carries (the server checks it): filled in by `journeys`. */
const BENCH_ORIGIN_PLACEHOLDER = "{origin}";

export function journeys(visitors: Visitor[], origin: string): LoadRequest[][] {
  return visitors
    .slice(1)
    .map((v, n) => journeyOf(v, n).map((r) => (r.headers?.origin === BENCH_ORIGIN_PLACEHOLDER ? { ...r, headers: { ...r.headers, origin } } : r)));
}

export interface JourneyResult {
  result: LoadResult;
  ratio: number;
  cpuPerRequestMs: number;
  session: { hits: number; misses: number };
}

/**
 * The journeys on `connections` connections for `seconds`, interleaved a
 * second at a time with the prerendered page (signed out): the ratio of the
 * two throughputs, latencies, the CPU per request of each.
 */
export async function journeyLoad(
  server: { base: string; port: number; pid: number },
  operator: Visitor,
  visitors: Visitor[],
  { seconds, connections }: { seconds: number; connections: number },
): Promise<JourneyResult> {
  const before = await metrics(server.base, operator);
  const result = await load(server.port, {
    connections,
    seconds,
    warmupSeconds: 2,
    spreadAddresses: true,
    journeys: journeys(visitors, server.base),
    requests: [],
    cpuPid: server.pid,
    alternate: { requests: [{ label: "GET /pricing", method: "GET", path: "/pricing", headers: encodings }] },
  });
  const after = await metrics(server.base, operator);
  const reference = result.reference!;
  const out: JourneyResult = {
    result,
    ratio: reference.rps ? result.rps / reference.rps : 0,
    cpuPerRequestMs: result.cpuMs! / Math.max(1, result.requests),
    session: { hits: after.sessionCache.hits - before.sessionCache.hits, misses: after.sessionCache.misses - before.sessionCache.misses },
  };
  console.log(
    `   journeys of ${visitors.length - 1} visitors: ${result.rps.toFixed(0)} req/s ${out.ratio.toFixed(3)}× the prerendered page (${reference.rps.toFixed(0)} req/s, ${(reference.cpuMs / Math.max(1, reference.requests)).toFixed(3)} ms CPU/req)  ` +
      `p50 ${result.p50.toFixed(1)} ms  p99 ${result.p99.toFixed(1)} ms  cpu ${out.cpuPerRequestMs.toFixed(2)} ms/req  sessions ${out.session.hits}/${out.session.hits + out.session.misses} (${pct(out.session.hits, out.session.misses)})  ` +
      `errors ${result.errors}${result.errors ? ` ${JSON.stringify(result.statuses)}` : ""}  target ≥ 0.15×, 0 errors: ${out.ratio >= 0.15 && result.errors === 0 ? "meets target" : "BELOW TARGET"}`,
  );
  const slowest = Object.entries(result.byLabel).sort((a, b) => b[1].p99 - a[1].p99);
  console.log(`   by kind (p50 / p99 ms): ${slowest.map(([label, f]) => `${label} ${f.p50.toFixed(1)}/${f.p99.toFixed(1)}`).join(", ")}`);
  return out;
}

/**
 * The mixed load (section 4): what a site like this serves, in twenty equal
 * slices (5% each): page views signed out and signed in, session and API
 * reads, navigations, the sign-in page, readiness probes and a form post
 * (each from an address of its own), signed-in requests from random visitors.
 */
export const MIX = [
  "GET / -",
  "GET /pricing -",
  "GET /blog -",
  "GET /about -",
  "GET /features -",
  "GET /feedback -",
  "GET /product -",
  "GET / signed-in",
  "GET /pricing signed-in",
  "GET /profile signed-in",
  "GET /profile.data signed-in",
  "GET /blog.data signed-in",
  "GET /auth -",
  "GET /api/user/:id signed-in",
  "GET /api/auth/get-session signed-in",
  "GET /api/auth/get-session signed-in",
  "GET /api/ready -",
  "GET /contact -",
  "GET /community -",
  "POST /api/forms/feedback -",
] as const;

export function mixedRequests(visitors: Visitor[]): LoadRequest[] {
  const out: LoadRequest[] = [];
  for (const m of MIX) {
    const [method, target, who] = m.split(" ") as [string, string, string];
    // Each slice weighs the same whatever the number of visitors: one request per visitor in every slice.
    for (const v of visitors) {
      const headers: Record<string, string> = { ...encodings };
      if (who === "signed-in") headers.cookie = v.cookie;
      if (method !== "POST") {
        out.push({ label: m, method, path: target.replace(":id", v.userId), headers });
        continue;
      }
      headers["content-type"] = "application/json";
      out.push({
        label: m,
        method,
        path: target,
        headers,
        body: JSON.stringify({ name: "Bench", email: "bench@example.com", message: "A mixed-load message." }),
      });
    }
  }
  return out;
}
