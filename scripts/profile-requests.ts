/**
 * `npm run profile`: where the server's CPU goes in one uncached request of
 * each kind (issue 18: "profile what one uncached /profile, /profile.data,
 * /security and /admin/messages request costs"). It starts the production
 * server (`npm start`, exactly) with the inspector on
 * a loopback port, signs in a few hundred visitors, and for each kind sends
 * every request as a visitor the server has not served that kind to yet, with
 * a query string no cache has, while V8's sampling profiler runs (started and
 * stopped over the DevTools protocol, so sign-in's password hashing is not in
 * the figures). It prints the CPU per request and the share of it spent in
 * each part: React's render, React Router, Better Auth, the database, the
 * edge (compression, headers), our own code, and the garbage collector.
 *
 * Options: --kinds profile,profile-data,security,security-data,admin-messages,api-user,home-signed-in,
 *          pricing-signed-in,blog-data,not-found-signed-in,session-read,get-session,prerendered
 *          --warm (every request from one of 20 visitors already served: the session cache's hits)
 *          --warm-up N (requests of each kind from other visitors before profiling it: V8 has
 *          optimised the code by then, as in a server that has been running; default 200)
 *          --requests N (per kind, default 300) --concurrency N (default 4)
 *          --top N (functions listed per kind, default 12) --postgres URL [--redis URL]
 *          --save DIR (each kind's profile as DIR/<kind>.cpuprofile, for DevTools)
 *          --allocations (what each request allocates, by part and function, from V8's sampling
 *          heap profiler counting the objects the collector has freed too: the garbage a render
 *          leaves is what the collector's share of the CPU pays for; with --save, <kind>.heapprofile)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DatabaseConfig } from "../app/config/env.server.ts";
import { ensureBuild } from "../server/build.mjs";
import { startAppServer } from "../tests/support/app-server.ts";
import { createPgSchema } from "../tests/support/test-databases.ts";
import { commandArgs } from "./lib/command-args.ts";
import { BENCH_OPERATOR, signInVisitors, type Visitor } from "./lib/server-bench.ts";

const root = path.resolve(import.meta.dirname, "..");
const args = commandArgs(
  `Usage: npm run profile [-- options]

Where the server's CPU goes in one uncached request of each kind, by part (React, React Router,
Better Auth, the database, our code, the garbage collector) with the hottest functions.

Options: --kinds profile,profile-data,security,security-data,admin-messages,api-user,home-signed-in,
           pricing-signed-in,blog-data,not-found-signed-in,session-read,get-session,prerendered
         --requests N (300)  --concurrency N (4)  --top N (12)  --warm-up N (200)  --warm
         --postgres URL [--redis URL]  --save DIR (.cpuprofile per kind)  --allocations  --port P`,
  {
    kinds: { type: "string", default: "profile,profile-data,security,admin-messages,api-user,home-signed-in" },
    requests: { type: "string", default: "300" },
    concurrency: { type: "string", default: "4" },
    top: { type: "string", default: "12" },
    port: { type: "string", default: "4520" },
    postgres: { type: "string" },
    redis: { type: "string" },
    // Every request from one of 20 visitors already served (their sessions in the session cache).
    warm: { type: "boolean", default: false },
    // Requests of each kind, from visitors the profiled requests do not come from, before the
    // profiler starts: a server in production has run its code for a while (V8 has optimised it).
    "warm-up": { type: "string", default: "200" },
    // A directory: each kind's profile is written there as <kind>.cpuprofile (Chrome DevTools opens it).
    save: { type: "string" },
    allocations: { type: "boolean", default: false },
  },
);

const KINDS: Record<string, (v: Visitor, n: number) => string> = {
  profile: (_v, n) => `/profile?p=${n}`,
  "profile-data": (_v, n) => `/profile.data?p=${n}`,
  security: (_v, n) => `/profile/security?p=${n}`,
  "security-data": (_v, n) => `/profile/security.data?p=${n}`,
  "pricing-signed-in": (_v, n) => `/pricing?p=${n}`,
  "blog-data": (_v, n) => `/blog.data?p=${n}`,
  "admin-messages": (_v, n) => `/admin/messages?p=${n}`,
  "api-user": (v, n) => `/api/user/${v.userId}?p=${n}`,
  "home-signed-in": (_v, n) => `/?p=${n}`,
  "not-found-signed-in": (_v, n) => `/no-such-page-${n}`,
  // Better Auth's whole session read, as on a session cache miss (disableCookieCache skips the cache).
  "session-read": (_v, n) => `/api/auth/get-session?disableCookieCache=true&p=${n}`,
  // Better Auth's /get-session (with --warm: from the session cache).
  "get-session": () => "/api/auth/get-session",
  // The bench's baseline, signed out (sent without the cookie): what every ratio is measured against.
  prerendered: () => "/pricing",
};

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A tiny DevTools-protocol client: one socket, numbered commands. */
async function inspector(port: number) {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{ webSocketDebuggerUrl: string }>;
  // Node 20's WebSocket is behind --experimental-websocket (package.json's "profile" passes it).
  const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  let next = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  });
  return {
    send<T = unknown>(method: string, params: object = {}): Promise<T> {
      const id = ++next;
      return new Promise((resolve) => {
        waiting.set(id, resolve as (r: unknown) => void);
        socket.send(JSON.stringify({ id, method, params }));
      });
    },
    close: () => socket.close(),
  };
}

/** Which part of the server a stack frame belongs to (the first rule that matches, innermost frame first). */
function partOf(frame: ProfileNode["callFrame"]): string | null {
  const { url, functionName } = frame;
  if (functionName === "(garbage collector)") return "garbage collector";
  if (functionName === "(program)" || functionName === "(idle)") return null;
  if (/node_modules\/react-dom\//.test(url)) return "React render (react-dom/server)";
  if (/node_modules\/react\//.test(url)) return "React render (react-dom/server)";
  if (/node_modules\/(react-router|@react-router)\//.test(url)) return "React Router";
  if (/node_modules\/(better-auth|@better-auth|better-call|@noble|jose|defu|rou3)\//.test(url)) return "Better Auth";
  if (/node_modules\/(kysely|better-sqlite3|pg|pg-protocol|pg-pool)\//.test(url)) return "database (Kysely, driver)";
  if (/node_modules\/(ioredis|redis-parser|cluster-key-slot)\//.test(url)) return "Redis client";
  if (/node_modules\/(pino|sonic-boom|thread-stream|fast-redact|quick-format-unescaped|on-exit-leak-free)\//.test(url)) return "logging (pino)";
  if (/node_modules\/zod\//.test(url)) return "zod";
  if (/node_modules\//.test(url)) return `other package: ${/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1]}`;
  if (/build\/server\//.test(url)) return "our code (app, edge, infra)";
  if (url.startsWith("node:") || url === "") return `Node.js internals`;
  return "other";
}

function summarise(profile: CpuProfile, requests: number, top: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

  const parts = new Map<string, number>();
  const functions = new Map<string, number>();
  const functionsByPart = new Map<string, Map<string, number>>();
  let busy = 0;
  for (const [id, us] of selfUs) {
    const node = byId.get(id)!;
    // Native frames (no URL, e.g. a driver's C++ or a builtin) count for the nearest JavaScript caller's part.
    let part = partOf(node.callFrame);
    if (part === "Node.js internals" || part === "other") {
      for (let up = parent.get(id); up !== undefined; up = parent.get(up)) {
        const p = partOf(byId.get(up)!.callFrame);
        if (p && p !== "Node.js internals" && p !== "other") {
          part = `${p}`;
          break;
        }
      }
    }
    if (!part) continue;
    busy += us;
    parts.set(part, (parts.get(part) ?? 0) + us);
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || "(anonymous)"} ${url.replace(/^.*node_modules\//, "").replace(/^.*build\/server\//, "build/server/")}:${lineNumber + 1}`;
    functions.set(key, (functions.get(key) ?? 0) + us);
    const mine = functionsByPart.get(part) ?? new Map<string, number>();
    mine.set(key, (mine.get(key) ?? 0) + us);
    functionsByPart.set(part, mine);
  }
  const ms = (us: number) => (us / 1000 / requests).toFixed(3);
  console.log(`   CPU on the main thread: ${ms(busy)} ms per request (${requests} requests)`);
  for (const [part, us] of [...parts].sort((a, b) => b[1] - a[1])) {
    if (us / busy < 0.005) continue;
    console.log(`     ${part.padEnd(40)} ${ms(us).padStart(7)} ms  ${((us / busy) * 100).toFixed(1).padStart(5)} %`);
    // Where inside the part (the first few functions by self time).
    for (const [fn, fus] of [...(functionsByPart.get(part) ?? [])].sort((a, b) => b[1] - a[1]).slice(0, Math.min(Number(process.env.PART_TOP ?? 4), top))) {
      console.log(`         ${ms(fus).padStart(7)} ms  ${fn.slice(0, 110)}`);
    }
  }
  console.log(`   hottest functions (self time):`);
  for (const [fn, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`     ${ms(us).padStart(7)} ms  ${fn.slice(0, 120)}`);
  }
}

interface HeapNode {
  callFrame: ProfileNode["callFrame"];
  selfSize: number;
  children: HeapNode[];
}

/** Bytes allocated per request, by part (as `partOf` tells them) and by the functions that allocated most. */
function summariseAllocations(head: HeapNode, requests: number, top: number) {
  const parts = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  const walk = (node: HeapNode, inherited: string) => {
    const own = partOf(node.callFrame);
    const part = own && own !== "Node.js internals" && own !== "other" ? own : inherited;
    if (node.selfSize > 0) {
      total += node.selfSize;
      parts.set(part, (parts.get(part) ?? 0) + node.selfSize);
      const { functionName, url, lineNumber } = node.callFrame;
      const key = `${functionName || "(anonymous)"} ${url.replace(/^.*node_modules\//, "").replace(/^.*build\/server\//, "build/server/")}:${lineNumber + 1}`;
      functions.set(key, (functions.get(key) ?? 0) + node.selfSize);
    }
    for (const child of node.children) walk(child, part);
  };
  walk(head, "Node.js internals");
  const kb = (bytes: number) => (bytes / 1024 / requests).toFixed(1);
  console.log(`   allocated: ${kb(total)} KB per request (${requests} requests, sampled)`);
  for (const [part, bytes] of [...parts].sort((a, b) => b[1] - a[1])) {
    if (bytes / total >= 0.005) console.log(`     ${part.padEnd(40)} ${kb(bytes).padStart(8)} KB  ${((bytes / total) * 100).toFixed(1).padStart(5)} %`);
  }
  console.log(`   functions that allocate most (their own allocations):`);
  for (const [fn, bytes] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`     ${kb(bytes).padStart(8)} KB  ${fn.slice(0, 120)}`);
}

async function main() {
  ensureBuild(root, (m) => console.log(m));
  if (args.save) mkdirSync(args.save, { recursive: true });
  const dir = mkdtempSync(path.join(tmpdir(), "tuesday-profile-"));
  const inspectPort = Number(args.port) + 1;
  let database: DatabaseConfig = { kind: "sqlite", file: path.join(dir, "app.db") };
  let url = path.join(dir, "app.db");
  let drop = async () => {};
  if (args.postgres) {
    const schema = await createPgSchema(args.postgres, `profile_${Date.now().toString(36)}`);
    ({ url, drop } = schema);
    database = { kind: "postgres", url };
  }
  const server = await startAppServer("profile", Number(args.port), {
    DATABASE_URL: url,
    AUTH_SECRET: "profile-secret-profile-secret-profile-secret",
    TRUST_PROXY: "1",
    OPERATOR_EMAILS: BENCH_OPERATOR,
    NODE_OPTIONS: `--inspect=127.0.0.1:${inspectPort}`,
    ...(args.redis ? { REDIS_URL: args.redis } : {}),
  });
  try {
    const requests = Number(args.requests);
    const kinds = args.kinds.split(",");
    const warmUp = Number(args["warm-up"]);
    const signedIn = await signInVisitors(server.url, database, (args.warm ? 21 : Math.max(requests, 2)) + warmUp);
    // Visitor 0 (the operator) stays first; the warm-up's visitors are the last ones, never profiled.
    const visitors = signedIn.slice(0, signedIn.length - warmUp);
    const warmers = signedIn.slice(signedIn.length - warmUp);
    // The console answers its operator only (visitor 0, OPERATOR_EMAILS): its row is one viewer's renders.
    const client = await inspector(inspectPort);
    await client.send("Profiler.enable");
    await client.send("Profiler.setSamplingInterval", { interval: Number(process.env.SAMPLE_US ?? 200) });
    console.log(`\nCPU profile of uncached requests, ${database.kind}${args.redis ? " + Redis" : ""}, production build (${new Date().toISOString()})`);
    for (const kind of kinds) {
      const make = KINDS[kind];
      if (!make) throw new Error(`unknown kind ${kind}; one of ${Object.keys(KINDS).join(", ")}`);
      const pool = kind === "admin-messages" ? [visitors[0]!] : args.warm ? visitors.slice(0, 20) : visitors;
      if (args.warm)
        for (const visitor of pool)
          await fetch(`${server.url}${make(visitor, 0)}`, { headers: { cookie: visitor.cookie, "accept-encoding": "br, gzip" } }).then((r) => r.arrayBuffer());
      for (let n = 0; n < warmUp; n++) {
        const visitor = kind === "admin-messages" ? visitors[0]! : warmers[n]!;
        const cookie: Record<string, string> = kind === "prerendered" ? {} : { cookie: visitor.cookie };
        await fetch(`${server.url}${make(visitor, requests + n)}`, { headers: { ...cookie, "accept-encoding": "br, gzip" } }).then((r) => r.arrayBuffer());
      }
      let next = 0;
      const statuses = new Map<number, number>();
      if (args.allocations) {
        await client.send("HeapProfiler.enable");
        // Every object counted, the ones the collector has freed since included: a render's garbage is the point.
        await client.send("HeapProfiler.startSampling", {
          samplingInterval: 4096,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        });
      } else await client.send("Profiler.start");
      await Promise.all(
        Array.from({ length: Number(args.concurrency) }, async () => {
          while (next < requests) {
            const n = next++;
            const visitor = pool[n % pool.length]!;
            const cookie: Record<string, string> = kind === "prerendered" ? {} : { cookie: visitor.cookie };
            const res = await fetch(`${server.url}${make(visitor, args.warm ? 0 : n)}`, { headers: { ...cookie, "accept-encoding": "br, gzip" } });
            await res.arrayBuffer();
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          }
        }),
      );
      console.log(`\n${kind} (statuses ${[...statuses].map(([s, c]) => `${s}×${c}`).join(", ")})`);
      if (args.allocations) {
        const { profile } = await client.send<{ profile: { head: HeapNode } }>("HeapProfiler.stopSampling");
        if (args.save) writeFileSync(path.join(args.save, `${kind}.heapprofile`), JSON.stringify(profile));
        summariseAllocations(profile.head, requests, Number(args.top));
        continue;
      }
      const { profile } = await client.send<{ profile: CpuProfile }>("Profiler.stop");
      if (args.save) writeFileSync(path.join(args.save, `${kind}.cpuprofile`), JSON.stringify(profile));
      summarise(profile, requests, Number(args.top));
    }
    client.close();
  } finally {
    await server.stop();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
