/**
 * `npm run bench` sections 3 and 4: the server under the load real visitors
 * make. Not one signed-in cookie replayed 100,000 times, but a thousand
 * visitors (or `visitors`), each signed in for real, each request coming from
 * a random one of them; full page loads and the `.data` requests of
 * client-side navigation; and a row that no cache can answer (a URL never
 * seen), which is what a first view costs.
 *
 * Every row is printed as a ratio to the prerendered page measured by the
 * same load generator against the same server just before the row, with the
 * server's CPU time per request (from /proc, all its threads) and what each
 * cache did during the row (from /admin/metrics.json): a figure a cache
 * helped is never printed without its hit count.
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
      await handle.db.insertInto("user").values({ id: userId, name: `Visitor ${i}`, email, emailVerified: 1, image: null, createdAt: now, updatedAt: now }).execute();
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
  replayCache: { hits: number; misses: number; stored: number; evicted: number; entries: number; bytes: number };
  sessionCache: { hits: number; misses: number; entries: number };
  memoryMb: { rss: number; heapUsed: number; external: number };
}

/** The server's own figures (/admin/metrics.json, read as the operator visitor). */
export async function metrics(base: string, operator: Visitor): Promise<CacheFigures> {
  const res = await fetch(`${base}/admin/metrics.json`, { headers: { cookie: operator.cookie } });
  if (!res.ok) throw new Error(`/admin/metrics.json answered ${res.status}`);
  return (await res.json()) as CacheFigures;
}

export interface Row {
  label: string;
  requests: LoadRequest[];
  /** Connections (default: the bench's). */
  connections?: number;
  /** The row's target, printed beside it: the issue's acceptance. */
  target?: { ratio?: number; p99?: number };
  /**
   * First, every visitor once (each request a different visitor, in turn):
   * what the first view costs, nothing in any cache yet. Printed as a row of
   * its own; then the row proper, where visitors come back.
   */
  firstView?: boolean;
}

export interface RowResult {
  label: string;
  result: LoadResult;
  ratio: number;
  cpuPerRequestMs: number;
  replay: { hits: number; misses: number };
  session: { hits: number; misses: number };
}

const pct = (hits: number, misses: number) => (hits + misses === 0 ? "–" : `${((100 * hits) / (hits + misses)).toFixed(1)} %`);

/**
 * Runs the rows in order against the server (`pid` for its CPU time), the
 * first being the baseline, and prints each as it finishes.
 *
 * Every row after the first runs interleaved with the baseline (load.mjs
 * `alternate`: a second of the row, a second of the baseline, in turn, on
 * the same connections), and its ratio is of the two throughputs of that
 * run. A shared machine's speed drifts by a third within minutes (seen:
 * 8,945 and 16,121 req/s for the same page in two rows a minute apart; a
 * baseline measured for 4 s just before each row, as until 2026-11-26, still
 * moved a row's ratio by ±0.15 from run to run), and slices a second apart
 * see the same machine. The first-view passes (every visitor once, a fixed
 * number of requests) are too short to interleave: their ratio is to the
 * baseline row.
 */
export async function runRows(
  server: { base: string; port: number; pid: number },
  operator: Visitor,
  rows: Row[],
  { seconds, connections, warmupSeconds = 2 }: { seconds: number; connections: number; warmupSeconds?: number },
): Promise<RowResult[]> {
  const out: RowResult[] = [];
  let baseline = 0;
  const baselineRow = rows[0]!;
  const measure = async (label: string, plan: Omit<LoadPlan, "connections" | "seconds" | "warmupSeconds"> & Partial<LoadPlan>, row: Row) => {
    const interleaved = baseline > 0 && !plan.total;
    const before = await metrics(server.base, operator);
    const cpuBefore = cpuMs(server.pid);
    const result = await load(server.port, {
      connections: row.connections ?? connections,
      seconds,
      warmupSeconds,
      ...(plan.total ? {} : { cpuPid: server.pid }),
      ...(interleaved ? { alternate: { requests: baselineRow.requests } } : {}),
      ...plan,
    });
    const cpu = plan.total ? cpuMs(server.pid) - cpuBefore : result.cpuMs!;
    const after = await metrics(server.base, operator);
    if (!baseline) baseline = result.rps;
    const reference = interleaved ? result.reference!.rps : baseline;
    const r: RowResult = {
      label,
      result,
      ratio: reference ? result.rps / reference : 0,
      cpuPerRequestMs: cpu / Math.max(1, result.requests),
      replay: { hits: after.replayCache.hits - before.replayCache.hits, misses: after.replayCache.misses - before.replayCache.misses },
      session: { hits: after.sessionCache.hits - before.sessionCache.hits, misses: after.sessionCache.misses - before.sessionCache.misses },
    };
    out.push(r);
    const target = plan.total ? undefined : row.target;
    const meets = target ? (target.ratio === undefined || r.ratio >= target.ratio) && (target.p99 === undefined || result.p99 <= target.p99) && result.errors === 0 : undefined;
    const against = interleaved
      ? `  (baseline interleaved: ${result.reference!.rps.toFixed(0)} req/s, cpu ${(result.reference!.cpuMs / Math.max(1, result.reference!.requests)).toFixed(3)} ms/req)`
      : "";
    const goal = target ? `  target ${target.ratio !== undefined ? `≥ ${target.ratio}×` : ""}${target.p99 !== undefined ? `, p99 ≤ ${target.p99} ms` : ""}: ${meets ? "meets target" : "BELOW TARGET"}` : "";
    console.log(
      `   ${row.label.padEnd(44)} ${result.rps.toFixed(0).padStart(6)} req/s ${r.ratio.toFixed(2).padStart(5)}×  p50 ${result.p50.toFixed(1).padStart(5)} ms  p99 ${result.p99.toFixed(1).padStart(6)} ms  ` +
        `cpu ${r.cpuPerRequestMs.toFixed(3)} ms/req  replay hits ${r.replay.hits}/${r.replay.hits + r.replay.misses} (${pct(r.replay.hits, r.replay.misses)})  ` +
        `sessions ${r.session.hits}/${r.session.hits + r.session.misses} (${pct(r.session.hits, r.session.misses)})${result.errors ? `  ${result.errors} ERRORS ${JSON.stringify(result.statuses)}` : ""}${goal}${against}`,
    );
  };
  for (const row of rows) {
    if (row.firstView) {
      await measure(`  first view of each (${row.requests.length})`, { warmupSeconds: 0, seconds: 600, pick: "in-turn", total: row.requests.length, requests: row.requests }, row);
    }
    await measure(row.label, { pick: "random", requests: row.requests }, row);
  }
  return out;
}

const encodings = { "accept-encoding": "gzip, deflate, br, zstd" };

/** Requests for `path(visitor)` from every visitor (the load picks one at random each time). */
function fromEach(visitors: Visitor[], label: string, target: (v: Visitor) => string, extra: Record<string, string> = {}): LoadRequest[] {
  return visitors.map((v) => ({ label, method: "GET", path: target(v), headers: { ...encodings, ...extra, cookie: v.cookie } }));
}

/**
 * What a signed-in visitor's browsing is made of: page loads and the data
 * requests of client-side navigation (React Router's `.data`), half each,
 * over the signed-in pages and a few public pages seen signed in.
 */
function browsing(visitors: Visitor[]): LoadRequest[] {
  const pages = ["/profile", "/profile/security", "/pricing", "/blog", "/about"];
  const out: LoadRequest[] = [];
  for (const v of visitors) {
    for (const page of pages) {
      out.push({ label: `GET ${page}`, method: "GET", path: page, headers: { ...encodings, cookie: v.cookie } });
      out.push({ label: `GET ${page}.data`, method: "GET", path: `${page}.data`, headers: { ...encodings, cookie: v.cookie } });
    }
  }
  return out;
}

/** The rows of section 3: the baseline, the best case, then what many visitors do. */
export function visitorRows(visitors: Visitor[]): Row[] {
  const one = visitors[1]!;
  return [
    { label: "prerendered /pricing, signed out (baseline)", requests: [{ label: "GET /pricing", method: "GET", path: "/pricing", headers: encodings }] },
    { label: "best case: /profile, one visitor only", requests: fromEach([one], "GET /profile", () => "/profile") },
    { label: `SSR /profile, ${visitors.length} visitors`, requests: fromEach(visitors, "GET /profile", () => "/profile"), target: { ratio: 0.25, p99: 50 }, firstView: true },
    { label: `/profile.data, ${visitors.length} visitors`, requests: fromEach(visitors, "GET /profile.data", () => "/profile.data"), target: { ratio: 0.25, p99: 50 }, firstView: true },
    { label: `browsing (pages and .data), ${visitors.length} visitors`, requests: browsing(visitors) },
    { label: `GET /api/user/:id, ${visitors.length} visitors`, requests: fromEach(visitors, "GET /api/user/:id", (v) => `/api/user/${v.userId}`), target: { ratio: 0.8 }, firstView: true },
    { label: `get-session, ${visitors.length} visitors`, requests: fromEach(visitors, "GET /api/auth/get-session", () => "/api/auth/get-session"), target: { ratio: 0.8 }, firstView: true },
    // A URL no cache has seen: every request rendered from scratch (a first view, in real traffic).
    { label: `SSR /profile never seen before (no cache can help)`, requests: fromEach(visitors, "GET /profile?n", () => "/profile?n={n}") },
  ];
}

/**
 * The mixed load (section 4): what a site like this serves, in twenty equal
 * slices (5% each): page views signed out and signed in, session and API
 * reads, navigations, the sign-in page, readiness probes and a form post
 * (each from an address of its own), signed-in requests from random visitors.
 */
export const MIX = [
  "GET / -", "GET /pricing -", "GET /blog -", "GET /about -", "GET /features -", "GET /feedback -", "GET /product -",
  "GET / signed-in", "GET /pricing signed-in", "GET /profile signed-in", "GET /profile.data signed-in", "GET /blog.data signed-in",
  "GET /auth -",
  "GET /api/user/:id signed-in", "GET /api/auth/get-session signed-in", "GET /api/auth/get-session signed-in",
  "GET /api/ready -", "GET /contact -", "GET /community -",
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
      out.push({ label: m, method, path: target, headers, body: JSON.stringify({ name: "Bench", email: "bench@example.com", message: "A mixed-load message." }) });
    }
  }
  return out;
}
