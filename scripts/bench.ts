/**
 * `npm run bench`: performance figures of the production build, printed, never
 * judged (a figure under its target is reported, not failed):
 *
 *   1. the initial JavaScript of / (every module the page preloads), gzip and brotli
 *   2. Lighthouse mobile performance scores of eight public pages (median of 5 runs;
 *      single runs vary by ±0.1 on a busy 2-core machine)
 *   3. signed-in requests against the prerendered page, served by the same
 *      process in the same run: throughput as a ratio to it (absolute numbers
 *      move with whatever else the machine does; ratios much less), latency,
 *      and the process's resident memory idle, after the load and after the
 *      same load again (it must not keep growing)
 *   4. a mixed load (pages, API, session reads, form posts) on 100 connections
 *   5. the operator inbox at 100,000 messages: a deep keyset page against the
 *      first one (scripts/lib/inbox-bench.ts)
 *
 * scripts/lib/load.mjs does the loading (a closed loop like wrk's, measured
 * with the monotonic clock per request; why not wrk: see that file). The
 * bench builds if needed and runs its own server (`npm start`, exactly) on a
 * fresh SQLite database, logging one line per request to a file.
 *
 * Options: --port N (default 4500), --runs N (Lighthouse runs, default 5),
 *          --seconds N (load per endpoint, default 10), --mixed-seconds N
 *          (default 60), --connections N (default 50), --skip-lighthouse,
 *          --lighthouse-pages all (every public page instead of eight).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs, promisify } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { staticPagePaths } from "../app/prerender.ts";
import { ensureBuild } from "../server/build.mjs";
import { inboxBench, printInboxBench } from "./lib/inbox-bench.ts";
import { startAppServer } from "../tests/support/app-server.ts";
import { CHROMIUM_ARGS, findChromium } from "../tests/support/chromium.ts";

const root = path.resolve(import.meta.dirname, "..");

const { values: args } = parseArgs({
  options: {
    port: { type: "string", default: "4500" },
    runs: { type: "string", default: "5" },
    seconds: { type: "string", default: "10" },
    "mixed-seconds": { type: "string", default: "60" },
    connections: { type: "string", default: "50" },
    "skip-lighthouse": { type: "boolean", default: false },
    // "all": every prerendered page, /auth and a post (about 22 pages: use --runs 1 to keep it short).
    "lighthouse-pages": { type: "string", default: "some" },
  },
});

const TARGETS = { initialJsKb: 120, lighthouse: 99 };

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mark = (ok: boolean) => (ok ? "meets target" : "BELOW TARGET");

async function initialJavaScript(base: string) {
  const html = await (await fetch(`${base}/`)).text();
  const srcs = new Set<string>();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) srcs.add(m[1]!);
  for (const m of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) srcs.add(m[1]!);
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)/g)) srcs.add(m[1]!);
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].reduce((n, m) => n + Buffer.byteLength(m[1]!), 0);
  let gzip = 0;
  let brotli = 0;
  let raw = 0;
  for (const src of srcs) {
    // Undici decompresses bodies, so read the sizes the server reports for each encoding.
    const get = async (encoding: string) => {
      const res = await fetch(`${base}${src}`, { headers: { "accept-encoding": encoding } });
      await res.arrayBuffer();
      return Number(res.headers.get("content-length"));
    };
    gzip += await get("gzip");
    brotli += await get("br");
    raw += await get("identity");
  }
  return { files: srcs.size, gzip, brotli, raw, inline };
}

/** The newest post's address, as the blog lists it. */
async function firstPostSlug(base: string): Promise<string> {
  const html = await (await fetch(`${base}/blog`)).text();
  return /href="\/blog\/([a-z0-9-]+)"/.exec(html)?.[1] ?? "";
}

async function lighthouseScores(base: string, paths: string[], runs: number) {
  const chrome = await chromeLauncher.launch({
    chromePath: findChromium(),
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
  });
  const results: Record<string, { scores: number[]; lcp: number[]; tbt: number[]; cls: number[]; benchmarkIndex: number }> = {};
  try {
    for (const p of paths) {
      results[p] = { scores: [], lcp: [], tbt: [], cls: [], benchmarkIndex: 0 };
      for (let i = 0; i < runs; i++) {
        const run = await lighthouse(`${base}${p}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
        const lhr = run?.lhr;
        if (!lhr) throw new Error(`Lighthouse returned nothing for ${p}`);
        results[p].scores.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
        results[p].benchmarkIndex = lhr.environment.benchmarkIndex;
        results[p].lcp.push(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0);
        results[p].tbt.push(lhr.audits["total-blocking-time"]?.numericValue ?? 0);
        results[p].cls.push(lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0);
      }
    }
  } finally {
    chrome.kill();
  }
  return results;
}

const run = promisify(execFile);
const LOAD = path.join(root, "scripts/lib/load.mjs");

interface LoadRequest {
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

interface LoadResult extends Figures {
  rps: number;
  statuses: Record<string, number>;
  byLabel: Record<string, Figures>;
}

/**
 * A closed-loop load (scripts/lib/load.mjs, in a process of its own): requests per second and
 * latency percentiles, overall and per request kind. Asynchronous: this process keeps reading
 * the server's log pipe meanwhile (a blocked pipe would pile log lines up in the server).
 */
async function load(port: number, plan: { connections: number; seconds: number; warmupSeconds: number; spreadAddresses?: boolean; requests: LoadRequest[] }): Promise<LoadResult> {
  const { stdout } = await run(process.execPath, [LOAD, JSON.stringify({ port, ...plan })], { encoding: "utf8", maxBuffer: 16 << 20 });
  return JSON.parse(stdout) as LoadResult;
}

function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** A verified account signed in with "remember me": the cookies a returning visitor sends. */
async function signedInVisitor(base: string) {
  const email = `bench-${Date.now()}@example.test`;
  const password = "bench-password-1";
  // What a browser sends on a same-origin write.
  const json = { "content-type": "application/json", origin: base };
  await fetch(`${base}/api/auth/sign-up/email`, { method: "POST", headers: json, body: JSON.stringify({ email, password, name: "Bench" }) });
  let link: string | undefined;
  for (let i = 0; i < 50 && !link; i++) {
    const mails = (await (await fetch(`${base}/dev/mailbox?format=json&to=${encodeURIComponent(email)}`)).json()) as { links: string[] }[];
    link = mails[0]?.links.find((l) => l.includes("verify-email"));
    if (!link) await new Promise((r) => setTimeout(r, 100));
  }
  if (!link) throw new Error("no verification mail in the outbox");
  await fetch(link, { redirect: "manual" });
  const jar = new Map<string, string>();
  const take = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(";")[0]!;
      const eq = pair.indexOf("=");
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  take(await fetch(`${base}/api/auth/sign-in/email`, { method: "POST", headers: json, body: JSON.stringify({ email, password, rememberMe: true }) }));
  // A first session read may hand out more cookies: a returning visitor has them.
  const session = await fetch(`${base}/api/auth/get-session`, { headers: { cookie: cookie() } });
  take(session);
  const { user } = (await session.json()) as { user: { id: string } };
  return { cookie: cookie(), userId: user.id };
}

/**
 * The mixed load: what a site like this one serves, in twenty
 * equal slices (5% each) — page views first, signed out and signed in, then
 * session and API reads, the sign-in page, health checks and a form post —
 * each form post from an address of its own (the form limit is per IP).
 */
export const MIX = [
  "GET / -", "GET /pricing -", "GET /blog -", "GET /about -", "GET /features -", "GET /feedback -", "GET /product -",
  "GET / signed-in", "GET /pricing signed-in", "GET /profile signed-in", "GET /blog signed-in",
  "GET /auth -",
  "GET /api/user/:id signed-in", "GET /api/user/:id signed-in", "GET /api/auth/get-session signed-in", "GET /api/auth/get-session signed-in",
  "GET /api/ready -", "GET /contact -", "GET /community -",
  "POST /api/forms/feedback -",
] as const;

/** The mix as load requests, signed-in slices with the visitor's cookie. */
function mixedRequests(cookie: string, userId: string): LoadRequest[] {
  return MIX.map((m) => {
    const [method, target, who] = m.split(" ") as [string, string, string];
    const headers: Record<string, string> = { "accept-encoding": "br, gzip" };
    if (who === "signed-in") headers.cookie = cookie;
    if (method !== "POST") return { label: m, method, path: target.replace(":id", userId), headers };
    headers["content-type"] = "application/json";
    return { label: m, method, path: target, headers, body: JSON.stringify({ name: "Bench", email: "bench@example.com", message: "A mixed-load message." }) };
  });
}

ensureBuild(root, (msg) => console.log(msg));
const dir = mkdtempSync(path.join(tmpdir(), "tuesday-bench-"));
const server = await startAppServer("bench", Number(args.port), {
  DATABASE_URL: path.join(dir, "bench.db"),
  AUTH_SECRET: "bench-secret-bench-secret-bench-secret-bench",
  // What an operator runs: one JSON line per request (to a file here).
  LOG_LEVEL: "info",
  // The mixed load's form posts come from many addresses (X-Forwarded-For).
  TRUST_PROXY: "1",
});

try {
  const base = server.url;
  console.log(`\nBenchmarks of the production build at ${base} (${new Date().toISOString()})\n`);

  const js = await initialJavaScript(base);
  console.log("1. Initial JavaScript of /");
  console.log(`   ${js.files} modules: ${kb(js.gzip)} gzip, ${kb(js.brotli)} brotli, ${kb(js.raw)} uncompressed`);
  console.log(`   plus ${kb(js.inline)} of inline scripts (hydration data)`);
  console.log(`   target: at most ${TARGETS.initialJsKb} KB gzip: ${mark(js.gzip / 1024 <= TARGETS.initialJsKb)}\n`);

  if (!args["skip-lighthouse"]) {
    console.log(`2. Lighthouse mobile performance (median of ${args.runs} runs)`);
    // The public pages of every kind: the home page, a marketing page, the pricing cards, a list, an
    // article, a legal page, a form and the sign-in page.
    const some = ["/", "/about", "/pricing", "/blog", `/blog/${await firstPostSlug(base)}`, "/privacy", "/contact", "/auth"];
    const pages = args["lighthouse-pages"] === "all" ? [...new Set([...staticPagePaths, ...some])] : some;
    const lh = await lighthouseScores(base, pages, Number(args.runs));
    console.log(`   (this machine's Lighthouse benchmark index: ${Math.round(Object.values(lh)[0]?.benchmarkIndex ?? 0)}; simulated mobile: 4x CPU slowdown, slow 4G)`);
    for (const [p, r] of Object.entries(lh)) {
      const score = median(r.scores);
      const cls = median(r.cls);
      console.log(
        `   ${p.padEnd(30)} ${String(score).padStart(3)}  (runs ${r.scores.join(", ")}; LCP ${Math.round(median(r.lcp))} ms, TBT ${Math.round(median(r.tbt))} ms, CLS ${cls.toFixed(3)})  target ≥ ${TARGETS.lighthouse}, CLS 0: ${mark(score >= TARGETS.lighthouse && cls === 0)}`,
      );
    }
    console.log("");
  }

  {
    const seconds = Number(args.seconds);
    const connections = Number(args.connections);
    const port = Number(new URL(base).port);
    const visitor = await signedInVisitor(base);
    const signedIn = { cookie: visitor.cookie, "accept-encoding": "br, gzip" };
    await new Promise((r) => setTimeout(r, 1000));
    const idle = residentMb(server.pid);

    console.log(`3. Signed-in requests against the prerendered page (${seconds} s each after 2 s of warm-up, ${connections} connections; one process, one run)`);
    const rows = [
      { label: "prerendered /pricing, signed out", path: "/pricing", headers: { "accept-encoding": "br, gzip" }, target: "(the baseline) keep", meets: () => true },
      { label: "GET /api/user/:id", path: `/api/user/${visitor.userId}`, headers: signedIn, target: "≥ 3,000 req/s, p99 ≤ 30 ms", meets: (r: LoadResult) => r.rps >= 3000 && r.p99 <= 30 },
      { label: "GET /api/auth/get-session", path: "/api/auth/get-session", headers: signedIn, target: "≥ 3,000 req/s", meets: (r: LoadResult) => r.rps >= 3000 },
      { label: "server-rendered /profile", path: "/profile", headers: signedIn, target: "≥ 600 req/s, p99 ≤ 150 ms", meets: (r: LoadResult) => r.rps >= 600 && r.p99 <= 150 },
    ];
    const afterLoad: number[] = [];
    for (let round = 1; round <= 2; round++) {
      let baseline = 0;
      for (const row of rows) {
        // The warm-up fills the caches and warms the code; the figures are of the steady state.
        const r = await load(port, { connections, seconds, warmupSeconds: 2, requests: [{ method: "GET", path: row.path, headers: row.headers }] });
        if (row === rows[0]) baseline = r.rps;
        if (round > 1) continue;
        const ratio = baseline ? r.rps / baseline : 0;
        console.log(
          `   ${row.label.padEnd(34)} ${r.rps.toFixed(0).padStart(6)} req/s = ${ratio.toFixed(2)} × baseline   p50 ${r.p50.toFixed(1)} ms   p99 ${r.p99.toFixed(1)} ms${r.errors ? `   ${r.errors} errors` : ""}   target ${row.target}: ${mark(row.meets(r))}`,
        );
      }
      afterLoad.push(residentMb(server.pid));
    }
    console.log(
      `   resident memory: idle ${idle.toFixed(0)} MB (target ≤ 120: ${mark(idle <= 120)}); after the load ${afterLoad[0]!.toFixed(0)} MB, after the same load again ${afterLoad[1]!.toFixed(0)} MB (target ≤ 250 and no growth: ${mark(Math.max(...afterLoad) <= 250 && afterLoad[1]! - afterLoad[0]! < 25)})\n`,
    );

    const mixedSeconds = Number(args["mixed-seconds"]);
    console.log(`4. Mixed load (${mixedSeconds} s after 3 s of warm-up, 100 connections), 5% each of: ${MIX.join(", ")}`);
    const mixed = await load(port, { connections: 100, seconds: mixedSeconds, warmupSeconds: 3, spreadAddresses: true, requests: mixedRequests(visitor.cookie, visitor.userId) });
    console.log(
      `   ${mixed.rps.toFixed(0)} req/s   p50 ${mixed.p50.toFixed(1)} ms   p99 ${mixed.p99.toFixed(1)} ms   max ${mixed.max.toFixed(0)} ms   errors ${mixed.errors}   target p99 ≤ 100 ms, 0 errors: ${mark(mixed.p99 <= 100 && mixed.errors === 0)}`,
    );
    const slowest = Object.entries(mixed.byLabel).sort((a, b) => b[1].p99 - a[1].p99).slice(0, 3);
    console.log(`   slowest kinds by p99: ${slowest.map(([label, f]) => `${label} ${f.p99.toFixed(1)} ms`).join(", ")}`);
    if (mixed.errors) console.log(`   answers: ${JSON.stringify(mixed.statuses)}`);
    console.log(`   resident memory after it: ${residentMb(server.pid).toFixed(0)} MB\n`);
  }

  printInboxBench(await inboxBench());
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
