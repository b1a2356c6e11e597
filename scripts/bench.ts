/**
 * `npm run bench`: performance figures of the production build, printed, never
 * judged (a figure under its target is reported, not failed):
 *
 *   1. the initial JavaScript of / (every module the page preloads), gzip and brotli
 *   2. Lighthouse mobile performance of eight public pages (median of 5 runs; single
 *      runs vary by ±0.1 on a busy 2-core machine), each beside the same HTML with
 *      every script removed: the ratio of their largest paints (scripts/lib/page-bench.ts);
 *      then a real slow phone (Chromium throttled to Lighthouse's slow 4G and 4× CPU):
 *      a tap on the menu button before hydration, a tap on a header link
 *      (scripts/lib/slow-phone-bench.ts)
 *   3. what visitors pay (scripts/lib/server-bench.ts), a thousand of them
 *      signed in: the CPU of a first render of each kind of signed-in page
 *      (every request from a visitor that page was never rendered for, once
 *      as many requests from other visitors have warmed V8 up), then
 *      journeys (each connection plays one visitor's sitting: pages,
 *      client-side navigations, one write in nine requests; then another
 *      visitor's), interleaved with the prerendered page a second at a time:
 *      throughput as a ratio to it (absolute numbers move with whatever else
 *      the machine does; ratios interleaved this way hardly), latency, the
 *      server's CPU per request, resident memory idle and after
 *   4. a mixed load (pages, navigations, API, session reads, form posts) on
 *      100 connections, then resident memory again
 *   5. the operator inbox at 100,000 messages: a deep keyset page against the
 *      first one (scripts/lib/inbox-bench.ts)
 *   6. Ask Tuesday (issue 41): the index's build time and memory and the answerer's
 *      time per question in a fresh process (scripts/lib/help-bench.ts), then
 *      POST /api/help/ask under load on the server, every question of the set
 *      from many addresses: latency and the server's CPU per question
 *
 * scripts/lib/load.mjs does the loading (a closed loop like wrk's, measured
 * with the monotonic clock per request; why not wrk: see that file). The
 * bench builds if needed and runs its own server (`npm start`, exactly) on a
 * fresh SQLite database, logging one line per request to a file.
 *
 * Options: --port N (default 4500), --runs N (Lighthouse runs, default 5),
 *          --seconds N (journeys, and as long again of the page they are
 *          interleaved with: default 20), --first-renders N (per kind, default 300), --mixed-seconds N
 *          (default 60), --connections N (default 50), --skip-lighthouse,
 *          --lighthouse-pages all (every public page instead of eight),
 *          --slow-phone-runs N (default 3), --visitors N (default 1000),
 *          --postgres URL [--redis URL] (sections 3–4 again on PostgreSQL + Redis).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { promisify } from "node:util";
import { tmpdir } from "node:os";
import path from "node:path";
import { commandArgs } from "./lib/command-args.ts";
import { staticPagePaths } from "../app/prerender.ts";
import { ensureBuild } from "../server/build.mjs";
import { inboxBench, printInboxBench } from "./lib/inbox-bench.ts";
import { initialJavaScript, lighthousePages, printInitialJavaScript, printLighthousePages } from "./lib/page-bench.ts";
import { printSlowPhoneBench, slowPhoneBench } from "./lib/slow-phone-bench.ts";
import {
  BENCH_OPERATOR,
  firstRenders,
  journeyLoad,
  type JourneyResult,
  load,
  metrics,
  MIX,
  mixedRequests,
  residentMb,
  signInVisitors,
} from "./lib/server-bench.ts";
import type { DatabaseConfig } from "../app/config/env.server.ts";
import { startAppServer } from "../tests/support/app-server.ts";
import { createPgSchema } from "../tests/support/test-databases.ts";

const root = path.resolve(import.meta.dirname, "..");
const run = promisify(execFile);

const args = commandArgs(
  `Usage: npm run bench [-- options]

What visitors pay, as ratios measured in one run: Lighthouse with each page's LCP beside its
script-free copy, a throttled slow phone, initial JavaScript, first renders and journeys of signed-in
visitors against a prerendered page, memory. Prints figures; never fails on them.

Options: --visitors N (1000)  --runs N (5)  --seconds N (20)  --first-renders N (300)
         --mixed-seconds N (60)  --connections N (50)  --slow-phone-runs N (3)
         --skip-lighthouse  --lighthouse-pages some|all  --port P (4500)
         --postgres URL [--redis URL] (the server rows again on PostgreSQL and Redis)`,
  {
    port: { type: "string", default: "4500" },
    runs: { type: "string", default: "5" },
    seconds: { type: "string", default: "20" },
    "first-renders": { type: "string", default: "300" },
    "mixed-seconds": { type: "string", default: "60" },
    connections: { type: "string", default: "50" },
    "skip-lighthouse": { type: "boolean", default: false },
    // "all": every prerendered page, /auth and a post (about 22 pages: use --runs 1 to keep it short).
    "lighthouse-pages": { type: "string", default: "some" },
    "slow-phone-runs": { type: "string", default: "3" },
    // Signed-in visitors, each request from a random one of them (issue 18: at least 1,000).
    visitors: { type: "string", default: "1000" },
    // The server rows again on PostgreSQL (a fresh schema of this database) and, with --redis, Redis.
    postgres: { type: "string" },
    redis: { type: "string" },
  },
);

// ADR 0005 (JavaScript) and ADR 0019 (Lighthouse, LCP against the script-free copy).
const TARGETS = { initialJsKb: 110, lighthouse: 100, lcpRatio: 1.05 };

const mark = (ok: boolean) => (ok ? "meets target" : "BELOW TARGET");

/** The newest post's address, as the blog lists it. */
async function firstPostSlug(base: string): Promise<string> {
  const html = await (await fetch(`${base}/blog`)).text();
  return /href="\/blog\/([a-z0-9-]+)"/.exec(html)?.[1] ?? "";
}

ensureBuild(root, (msg) => console.log(msg));
const dir = mkdtempSync(path.join(tmpdir(), "tuesday-bench-"));
const databaseFile = path.join(dir, "bench.db");
const serverEnv = {
  AUTH_SECRET: "bench-secret-bench-secret-bench-secret-bench",
  // What an operator runs: one JSON line per request (to a file here).
  LOG_LEVEL: "info",
  // Visitors sign in, and the mixed load's form posts come, from many addresses (X-Forwarded-For).
  TRUST_PROXY: "1",
  // The bench reads each cache's hit counts from /admin/metrics.json as this operator.
  OPERATOR_EMAILS: BENCH_OPERATOR,
};
const server = await startAppServer("bench", Number(args.port), { ...serverEnv, DATABASE_URL: databaseFile });

/**
 * Sections 3 and 4 against one server: `count` visitors signed in, the first
 * renders, the journeys, memory idle and after, the mixed load. Returns the
 * journeys' figures, for comparing databases.
 */
async function serverSection(
  app: { url: string; pid: number },
  database: DatabaseConfig,
  { seconds, connections, count, name }: { seconds: number; connections: number; count: number; name: string },
): Promise<JourneyResult> {
  const base = app.url;
  const port = Number(new URL(base).port);
  // Idle: before a thousand sign-ins filled its caches, after a few quiet seconds.
  await new Promise((r) => setTimeout(r, 5_000));
  const idle = residentMb(app.pid);
  const started = Date.now();
  const visitors = await signInVisitors(base, database, count);
  console.log(`3. ${name}: ${count} visitors signed in (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  console.log(
    `   resident memory: idle ${idle.toFixed(0)} MB (target ≤ 150: ${mark(idle <= 150)}); with ${count} visitors signed in ${residentMb(app.pid).toFixed(0)} MB`,
  );
  const server = { base, port, pid: app.pid };
  console.log(
    `   first renders: each request from a visitor the page was never rendered for (4 at a time), after as many from other visitors (V8 warm, as in a running server); cpu: the server's, all threads`,
  );
  await firstRenders(server, visitors, Number(args["first-renders"]));
  console.log(
    `   journeys: ${seconds} s after 2 s of warm-up, ${connections} connections, each a visitor's sitting at a time, interleaved a second at a time with the prerendered /pricing`,
  );
  const journeyed = await journeyLoad(server, visitors[0]!, visitors, { seconds, connections });
  const afterJourneys = residentMb(app.pid);
  console.log(`   resident memory after the journeys: ${afterJourneys.toFixed(0)} MB (target ≤ 250: ${mark(afterJourneys <= 250)})`);

  const mixedSeconds = Number(args["mixed-seconds"]);
  console.log(
    `4. ${name}: mixed load, ${mixedSeconds} s after 3 s of warm-up, 100 connections, 5% each of: ${MIX.join(", ")} (signed-in slices from random visitors)`,
  );
  const mixed = await load(port, {
    connections: 100,
    seconds: mixedSeconds,
    warmupSeconds: 3,
    spreadAddresses: true,
    pick: "random",
    requests: mixedRequests(visitors),
  });
  console.log(
    `   ${mixed.rps.toFixed(0)} req/s   p50 ${mixed.p50.toFixed(1)} ms   p99 ${mixed.p99.toFixed(1)} ms   max ${mixed.max.toFixed(0)} ms   errors ${mixed.errors}`,
  );
  const slowest = Object.entries(mixed.byLabel)
    .sort((a, b) => b[1].p99 - a[1].p99)
    .slice(0, 3);
  console.log(`   slowest kinds by p99: ${slowest.map(([label, f]) => `${label} ${f.p99.toFixed(1)} ms`).join(", ")}`);
  if (mixed.errors) console.log(`   answers: ${JSON.stringify(mixed.statuses)}`);
  const held = await metrics(base, visitors[0]!);
  console.log(
    `   after the mixed load: resident ${residentMb(app.pid).toFixed(0)} MB (target ≤ 250: ${mark(residentMb(app.pid) <= 250)}), V8 heap ${held.memoryMb.heapUsed} MB, outside the heap ${held.memoryMb.external} MB, session cache ${held.sessionCache.entries} sessions\n`,
  );
  return journeyed;
}

/** Section 6: Ask Tuesday's index and answers (targets: issue 41). */
async function helpSection(app: { url: string; pid: number }) {
  console.log("6. Ask Tuesday");
  // The package's command as npm links it (its files inside the package moved between versions).
  const vite = path.join(root, "node_modules/.bin/vite-node");
  const { stdout } = await run(process.execPath, ["--expose-gc", vite, "--config", "vitest.config.ts", "scripts/lib/help-bench.ts"], {
    cwd: root,
    encoding: "utf8",
  });
  const f = JSON.parse(stdout.trim().split("\n").pop()!) as {
    passages: number;
    buildMs: number;
    firstMs: number;
    indexMb: number;
    questions: number;
    p50: number;
    p95: number;
    max: number;
  };
  console.log(
    `   index of ${f.passages} passages: built in ${f.buildMs.toFixed(0)} ms (target ≤ 300: ${mark(f.buildMs <= 300)}), ${f.indexMb.toFixed(1)} MB of heap (target ≤ 10: ${mark(f.indexMb <= 10)}); first question ${f.firstMs.toFixed(1)} ms`,
  );
  console.log(
    `   answerer, index warm, ${f.questions} questions: p50 ${f.p50.toFixed(2)} ms, p95 ${f.p95.toFixed(2)} ms (target ≤ 10: ${mark(f.p95 <= 10)}), max ${f.max.toFixed(1)} ms`,
  );
  const { questions } = JSON.parse(readFileSync(path.join(root, "eval/help/questions.json"), "utf8")) as { questions: { q: string; page: string }[] };
  const requests = questions.map((q) => ({
    label: "POST /api/help/ask",
    method: "POST",
    path: "/api/help/ask",
    headers: { "content-type": "application/json", origin: app.url },
    body: JSON.stringify({ q: q.q, lang: q.page.startsWith("/hi") ? "hi" : "en" }),
  }));
  const port = Number(new URL(app.url).port);
  const asked = await load(port, { connections: 10, seconds: 10, warmupSeconds: 2, spreadAddresses: true, pick: "in-turn", requests, cpuPid: app.pid });
  const cpuPerQuestion = (asked.cpuMs ?? 0) / Math.max(1, asked.requests);
  console.log(
    `   POST /api/help/ask, 10 connections, 10 s: ${asked.rps.toFixed(0)} questions/s, p50 ${asked.p50.toFixed(1)} ms, p99 ${asked.p99.toFixed(1)} ms, server CPU ${cpuPerQuestion.toFixed(2)} ms a question (counters written), errors ${asked.errors}\n`,
  );
}

try {
  const base = server.url;
  console.log(`\nBenchmarks of the production build at ${base} (${new Date().toISOString()})\n`);

  console.log("1. Initial JavaScript of /");
  printInitialJavaScript(await initialJavaScript(base), TARGETS.initialJsKb);

  if (!args["skip-lighthouse"]) {
    console.log(`2. Lighthouse mobile performance (median of ${args.runs} runs), each page beside its script-free copy`);
    // The public pages of every kind: the home page, a marketing page, the pricing cards, a list, an
    // article, a legal page, a form and the sign-in page; and the Hindi home and pricing (issue 20).
    const some = ["/", "/about", "/pricing", "/blog", `/blog/${await firstPostSlug(base)}`, "/privacy", "/contact", "/auth", "/hi", "/hi/pricing"];
    const pages = args["lighthouse-pages"] === "all" ? [...new Set([...staticPagePaths, ...some])] : some;
    printLighthousePages(await lighthousePages(base, pages, Number(args.runs)), { score: TARGETS.lighthouse, lcpRatio: TARGETS.lcpRatio });
    console.log("   A slow phone for real: Chromium throttled to Lighthouse's slow 4G and 4x CPU (DevTools protocol)");
    printSlowPhoneBench("/pricing", await slowPhoneBench(base, "/pricing", Number(args["slow-phone-runs"])));
  }

  const seconds = Number(args.seconds);
  const connections = Number(args.connections);
  const count = Number(args.visitors);
  const sqlite = await serverSection(server, { kind: "sqlite", file: databaseFile }, { seconds, connections, count, name: "SQLite" });
  if (args.postgres) {
    // The same rows on PostgreSQL + Redis, a server of its own on a fresh schema.
    const schema = await createPgSchema(args.postgres, `bench_${process.pid}`);
    const pgServer = await startAppServer("bench-postgres", Number(args.port) + 1, {
      ...serverEnv,
      DATABASE_URL: schema.url,
      ...(args.redis ? { REDIS_URL: args.redis } : {}),
    });
    try {
      const pg = await serverSection(
        pgServer,
        { kind: "postgres", url: schema.url },
        { seconds, connections, count, name: `PostgreSQL${args.redis ? " + Redis" : ""}` },
      );
      console.log(
        `   journeys against SQLite's: ${sqlite.ratio.toFixed(3)}× → ${pg.ratio.toFixed(3)}×, cpu ${sqlite.cpuPerRequestMs.toFixed(2)} → ${pg.cpuPerRequestMs.toFixed(2)} ms/req`,
      );
      console.log("");
    } finally {
      await pgServer.stop();
      await schema.drop();
    }
  }

  printInboxBench(await inboxBench());
  await helpSection(server);
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
