/**
 * `npm run bench`: performance figures of the production build, printed, never
 * judged (a figure under its target is reported, not failed):
 *
 *   1. the initial JavaScript of / (every module the page preloads), gzip and brotli
 *   2. Lighthouse mobile performance scores of / and /pricing (median of 5 runs;
 *      single runs vary by ±0.1 on a busy 2-core machine)
 *   3. signed-in requests against the prerendered page, served by the same
 *      process in the same run: throughput as a ratio to it (absolute numbers
 *      move with whatever else the machine does; ratios much less), latency,
 *      and the process's resident memory idle, after the load and after the
 *      same load again (it must not keep growing)
 *   4. a mixed load (pages, API, session reads, form posts) on 100 connections
 *
 * wrk does the loading (apt-get install wrk; without it sections 3 and 4 are
 * skipped). It builds if needed and runs its own server (`npm start`, exactly)
 * on a fresh SQLite database, logging one line per request to a file.
 *
 * Options: --port N (default 4500), --runs N (Lighthouse runs, default 5),
 *          --seconds N (load per endpoint, default 10), --mixed-seconds N
 *          (default 60), --connections N (default 50), --skip-lighthouse.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { ensureBuild } from "../server/build.mjs";
import { startAppServer } from "../tests/support/app-server.ts";
import { CHROMIUM_ARGS, findChromium } from "../tests/support/chromium.ts";

const { values: args } = parseArgs({
  options: {
    port: { type: "string", default: "4500" },
    runs: { type: "string", default: "5" },
    seconds: { type: "string", default: "10" },
    "mixed-seconds": { type: "string", default: "60" },
    connections: { type: "string", default: "50" },
    "skip-lighthouse": { type: "boolean", default: false },
  },
});

const root = path.resolve(import.meta.dirname, "..");
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

const HAS_WRK = spawnSync("wrk", ["--version"]).error === undefined;

interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  /** Non-2xx/3xx answers and socket errors. */
  errors: number;
}

/** wrk's figures for one URL (or a Lua script's mix): requests per second and latency percentiles. */
function wrk(url: string, seconds: number, connections: number, headers: Record<string, string> = {}, script?: string): WrkResult {
  const flags = ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency", ...Object.entries(headers).flatMap(([k, v]) => ["-H", `${k}: ${v}`])];
  if (script) flags.push("-s", script);
  const out = spawnSync("wrk", [...flags, url], { encoding: "utf8" }).stdout;
  const ms = (label: string) => {
    const m = new RegExp(`${label}%\\s+([\\d.]+)(us|ms|s)`).exec(out);
    if (!m) return 0;
    const v = Number(m[1]);
    return m[2] === "us" ? v / 1000 : m[2] === "s" ? v * 1000 : v;
  };
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const socketErrors = socket ? socket.slice(1).reduce((n, v) => n + Number(v), 0) : 0;
  return { rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0), p50: ms("50"), p99: ms("99"), errors: non2xx + socketErrors };
}

function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** A verified account signed in with "remember me": the cookies a returning visitor sends. */
async function signedInVisitor(base: string) {
  const email = `bench-${Date.now()}@example.test`;
  const password = "bench-password-1";
  const json = { "content-type": "application/json" };
  await fetch(`${base}/api/auth/sign-up/email`, { method: "POST", headers: json, body: JSON.stringify({ email, password, name: "Bench" }) });
  const mails = (await (await fetch(`${base}/dev/mailbox?format=json&to=${encodeURIComponent(email)}`)).json()) as { links: string[] }[];
  const link = mails[0]?.links.find((l) => l.includes("verify-email"));
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

/** The mixed load in wrk's Lua: pages, the API, session reads and form posts (each post from an address of its own). */
function mixedScript(dir: string, cookie: string, userId: string): string {
  const file = path.join(dir, "mixed.lua");
  const q = (v: string) => JSON.stringify(v);
  writeFileSync(
    file,
    `local cookie = ${q(cookie)}
local requests = {
  { "GET", "/", nil, nil },
  { "GET", "/pricing", nil, nil },
  { "GET", "/blog", nil, nil },
  { "GET", "/auth", nil, nil },
  { "GET", "/profile", cookie, nil },
  { "GET", "/pricing", cookie, nil },
  { "GET", "/api/user/${userId}", cookie, nil },
  { "GET", "/api/auth/get-session", cookie, nil },
  { "POST", "/api/forms/feedback", nil, '{"name":"Bench","email":"bench@example.com","message":"A mixed-load message."}' },
}
local n = 0
request = function()
  n = n + 1
  local r = requests[(n % #requests) + 1]
  local headers = { ["accept-encoding"] = "br, gzip", ["x-forwarded-for"] = "10." .. math.random(0, 255) .. "." .. math.random(0, 255) .. "." .. math.random(1, 254) }
  if r[3] then headers["cookie"] = r[3] end
  if r[4] then headers["content-type"] = "application/json" end
  return wrk.format(r[1], r[2], headers, r[4])
end
`,
  );
  return file;
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
    const lh = await lighthouseScores(base, ["/", "/pricing"], Number(args.runs));
    console.log(`   (this machine's Lighthouse benchmark index: ${Math.round(Object.values(lh)[0]?.benchmarkIndex ?? 0)}; simulated mobile: 4x CPU slowdown, slow 4G)`);
    for (const [p, r] of Object.entries(lh)) {
      const score = median(r.scores);
      const cls = median(r.cls);
      console.log(
        `   ${p.padEnd(9)} ${String(score).padStart(3)}  (runs ${r.scores.join(", ")}; LCP ${Math.round(median(r.lcp))} ms, TBT ${Math.round(median(r.tbt))} ms, CLS ${cls.toFixed(3)})  target ≥ ${TARGETS.lighthouse}, CLS 0: ${mark(score >= TARGETS.lighthouse && cls === 0)}`,
      );
    }
    console.log("");
  }

  if (!HAS_WRK) {
    console.log("3, 4. Skipped: wrk is not installed (apt-get install wrk).\n");
  } else {
    const seconds = Number(args.seconds);
    const connections = Number(args.connections);
    const local = base.replace("localhost", "127.0.0.1");
    const visitor = await signedInVisitor(base);
    const signedIn = { cookie: visitor.cookie, "accept-encoding": "br, gzip" };
    await new Promise((r) => setTimeout(r, 1000));
    const idle = residentMb(server.pid);

    console.log(`3. Signed-in requests against the prerendered page (${seconds} s each, ${connections} connections, wrk; one process, one run)`);
    const rows = [
      { label: "prerendered /pricing, signed out", url: `${local}/pricing`, headers: { "accept-encoding": "br, gzip" }, target: "(the baseline) keep", meets: () => true },
      { label: "GET /api/user/:id", url: `${local}/api/user/${visitor.userId}`, headers: signedIn, target: "≥ 3,000 req/s, p99 ≤ 30 ms", meets: (r: WrkResult) => r.rps >= 3000 && r.p99 <= 30 },
      { label: "GET /api/auth/get-session", url: `${local}/api/auth/get-session`, headers: signedIn, target: "≥ 3,000 req/s", meets: (r: WrkResult) => r.rps >= 3000 },
      { label: "server-rendered /profile", url: `${local}/profile`, headers: signedIn, target: "≥ 600 req/s, p99 ≤ 150 ms", meets: (r: WrkResult) => r.rps >= 600 && r.p99 <= 150 },
    ];
    const afterLoad: number[] = [];
    for (let round = 1; round <= 2; round++) {
      let baseline = 0;
      for (const row of rows) {
        const r = wrk(row.url, seconds, connections, row.headers);
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
    console.log(`4. Mixed load: pages, API, session reads and form posts (${mixedSeconds} s, 100 connections, wrk)`);
    const mixed = wrk(local, mixedSeconds, 100, {}, mixedScript(dir, visitor.cookie, visitor.userId));
    console.log(
      `   ${mixed.rps.toFixed(0)} req/s   p50 ${mixed.p50.toFixed(1)} ms   p99 ${mixed.p99.toFixed(1)} ms   errors ${mixed.errors}   target p99 ≤ 100 ms, 0 errors: ${mark(mixed.p99 <= 100 && mixed.errors === 0)}`,
    );
    console.log(`   resident memory after it: ${residentMb(server.pid).toFixed(0)} MB\n`);
  }
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
