/**
 * `npm run bench`: performance figures of the production build, printed, never
 * judged (a figure under its target is reported, not failed):
 *
 *   1. the initial JavaScript of / (every module the page preloads), gzip and brotli
 *   2. Lighthouse mobile performance scores of / and /pricing (median of 5 runs;
 *      single runs vary by ±0.1 on a busy 2-core machine)
 *   3. throughput and latency of a few endpoints under concurrent load, with
 *      wrk when it is installed (apt-get install wrk), else with Node's fetch
 *      (which saturates before the server does: read those as lower bounds)
 *
 * It builds if needed and runs its own server on a fresh SQLite database.
 * Options: --port N (default 4500), --runs N (Lighthouse runs, default 5),
 *          --seconds N (load per endpoint, default 5), --skip-lighthouse.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
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
    seconds: { type: "string", default: "5" },
    "skip-lighthouse": { type: "boolean", default: false },
  },
});

const root = path.resolve(import.meta.dirname, "..");
const TARGETS = { initialJsKb: 120, lighthouse: 95 };

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

/** wrk's figures for one endpoint: requests per second and latency percentiles. */
function wrk(url: string, seconds: number, concurrency: number, headers: Record<string, string> = {}) {
  const args = ["-t2", `-c${concurrency}`, `-d${seconds}s`, "--latency", ...Object.entries(headers).flatMap(([k, v]) => ["-H", `${k}: ${v}`]), url];
  const out = spawnSync("wrk", args, { encoding: "utf8" }).stdout;
  const ms = (label: string) => {
    const m = new RegExp(`${label}%\\s+([\\d.]+)(us|ms|s)`).exec(out);
    if (!m) return 0;
    const v = Number(m[1]);
    return m[2] === "us" ? v / 1000 : m[2] === "s" ? v * 1000 : v;
  };
  const errors = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  return { rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0), p50: ms("50"), p95: ms("90"), errors };
}

async function load(url: string, seconds: number, concurrency: number, init?: RequestInit) {
  const latencies: number[] = [];
  let errors = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        const t = performance.now();
        try {
          const res = await fetch(url, init);
          await res.arrayBuffer();
          if (!res.ok) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0;
  return { rps: latencies.length / seconds, p50: at(0.5), p95: at(0.95), errors };
}

ensureBuild(root, (msg) => console.log(msg));
const dir = mkdtempSync(path.join(tmpdir(), "tuesday-bench-"));
const port = Number(args.port);
const server = await startAppServer("bench", port, {
  DATABASE_URL: path.join(dir, "bench.db"),
  AUTH_SECRET: "bench-secret-bench-secret-bench-secret-bench",
  LOG_LEVEL: "error",
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
      console.log(
        `   ${p.padEnd(9)} ${String(score).padStart(3)}  (runs ${r.scores.join(", ")}; LCP ${Math.round(median(r.lcp))} ms, TBT ${Math.round(median(r.tbt))} ms, CLS ${median(r.cls).toFixed(3)})  target ≥ ${TARGETS.lighthouse}: ${mark(score >= TARGETS.lighthouse)}`,
      );
    }
    console.log("");
  }

  const seconds = Number(args.seconds);
  const asset = (await (await fetch(`${base}/`)).text()).match(/href="(\/assets\/entry\.client[^"]+)"/)?.[1] ?? "/favicon.svg";
  const client = HAS_WRK ? "wrk, 2 threads" : "Node fetch: lower bounds, install wrk for real figures";
  console.log(`3. Throughput (${seconds} s per endpoint, 16 connections, ${client}; ${HAS_WRK ? "p90" : "p95"} latency)`);
  const local = base.replace("localhost", "127.0.0.1");
  const endpoints: Array<[string, string, Record<string, string>]> = [
    ["GET / (prerendered, brotli)", `${local}/`, { "accept-encoding": "br" }],
    ["GET /auth (server-rendered)", `${local}/auth`, { "accept-encoding": "gzip" }],
    ["GET /api/health (database)", `${local}/api/health`, {}],
    ["GET hashed asset (brotli)", `${local}${asset}`, { "accept-encoding": "br" }],
  ];
  for (const [label, url, headers] of endpoints) {
    const r = HAS_WRK ? wrk(url, seconds, 16, headers) : await load(url, seconds, 16, { headers });
    console.log(`   ${label.padEnd(30)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(1)} ms   ${HAS_WRK ? "p90" : "p95"} ${r.p95.toFixed(1)} ms${r.errors ? `   ${r.errors} errors` : ""}`);
  }
  console.log("");
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
