/**
 * The fault suite's shared parts (docs/reliability.md, "Dependency failures"):
 * its knobs, a server with a real SMTP sink, users made through the mailed
 * links, a load of every request kind that records each answer, and checks of
 * those answers against issue 23's acceptance.
 *
 *   FAULTS=reduced          the short run inside `npm test`; anything else: the full run
 *   FAULTS_PORT_BASE        first port (default 5200; the suite uses base … base+47)
 *   TEST_DATABASE_URL       PostgreSQL parts (through a TCP proxy of the suite's own)
 *   TEST_REDIS_URL          not needed: the Redis part starts its own redis-server
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll } from "vitest";
import { type SmtpSink, startSmtpSink, type SunkMail } from "../../support/smtp-sink.ts";
import { startTcpProxy, type TcpProxy } from "../../support/tcp-proxy.ts";
import { artifactsDir, root } from "../../reliability/lib/config.ts";
import { cookiesOf, freshIp, sessionCookieFrom, type Server, startServer, type TestDb } from "../../reliability/lib/harness.ts";

export { root };

export const reduced = process.env.FAULTS === "reduced";
export const mode: "reduced" | "full" = reduced ? "reduced" : "full";

const portBase = Number(process.env.FAULTS_PORT_BASE ?? 5200);

/** Eight ports per part: app, second app, SMTP, SMTP API, proxy, second proxy, redis, spare. */
export function portsOf(part: number) {
  const b = portBase + part * 8;
  return { app: b, app2: b + 1, smtp: b + 2, smtpApi: b + 3, proxy: b + 4, proxy2: b + 5, redis: b + 6 };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The request deadline the servers run with (REQUEST_TIMEOUT_MS, the default). */
export const DEADLINE_MS = 10_000;

/**
 * The figures a fault test file collects, written to the report when its
 * tests are over (afterAll), unless `ran()` says they were skipped.
 */
export function figuresFor(part: string, ran: () => boolean = () => true): Record<string, unknown> {
  const figures: Record<string, unknown> = {};
  afterAll(() => {
    if (ran()) writeFigures(part, figures);
  });
  return figures;
}

export function writeFigures(part: string, figures: unknown): string {
  mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `faults-${part}.json`);
  writeFileSync(file, `${JSON.stringify({ part, mode, generatedAt: new Date().toISOString(), figures }, null, 2)}\n`);
  return file;
}

// ---- servers and mail ----

export interface MailedServer extends Server {
  sink: SmtpSink;
}

/** The production server on `db`, mailing over SMTP to a sink the test can stop and start. */
export async function startMailedServer(name: string, ports: ReturnType<typeof portsOf>, db: TestDb, env: Record<string, string> = {}): Promise<MailedServer> {
  const sink = await startSmtpSink(ports.smtp, ports.smtpApi);
  try {
    const server = await startServer(name, ports.app, db, { SMTP_URL: sink.smtpUrl, LOG_LEVEL: "info", ...env });
    return Object.assign(server, { sink });
  } catch (error) {
    await sink.stop();
    throw error;
  }
}

/** A proxy of the suite's own in front of the shared PostgreSQL (TEST_DATABASE_URL), for a part to cut, stall or restart. */
export function startPostgresProxy(listenPort: number): Promise<TcpProxy> {
  const target = new URL(process.env.TEST_DATABASE_URL!);
  return startTcpProxy(listenPort, { host: target.hostname, port: Number(target.port || 5432) });
}

export function mailsTo(sink: SmtpSink, address: string, subject?: RegExp): SunkMail[] {
  return sink.mails().filter((m) => m.to.includes(address.toLowerCase()) && (!subject || subject.test(m.subject)));
}

export async function waitFor<T>(
  what: string,
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 20_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}

export interface Account {
  email: string;
  password: string;
  id: string;
  cookie: string;
}

async function post(server: Server, pathname: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.origin, "x-forwarded-for": freshIp(), ...headers },
    body: JSON.stringify(body),
    redirect: "manual",
  });
}

/** Signs up, follows the verification link from the sink, signs in. */
export async function verifiedAccount(server: MailedServer): Promise<Account> {
  const email = `fault-${randomBytes(5).toString("hex")}@example.test`;
  const password = `pw-${randomBytes(6).toString("hex")}`;
  const res = await post(server, "/api/auth/sign-up/email", { email, password, name: email.split("@")[0], callbackURL: "/auth?verified=1" });
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const { user } = (await res.json()) as { user: { id: string } };
  const mail = await waitFor(`verification mail to ${email}`, () => mailsTo(server.sink, email, /verify/i)[0]);
  const link = mail.links.find((l) => l.includes("/api/auth/verify-email"))!;
  // Opened in the browser that signed up (its cookies): elsewhere the link would drop the password (ADR 0034).
  const verified = await fetch(link, { redirect: "manual", headers: { "x-forwarded-for": freshIp(), cookie: cookiesOf(res) } });
  if (verified.status !== 302) throw new Error(`verification answered ${verified.status}`);
  const signedIn = await post(server, "/api/auth/sign-in/email", { email, password, rememberMe: true });
  const cookie = sessionCookieFrom(signedIn);
  if (signedIn.status !== 200 || !cookie) throw new Error(`sign-in answered ${signedIn.status}`);
  return { email, password, id: user.id, cookie };
}

// ---- load ----

export type Kind = "page" | "profile" | "user-api" | "session" | "form" | "sign-up" | "sign-in" | "ready";

export interface Sample {
  kind: Kind;
  start: number;
  ms: number;
  status: number;
  retryAfter: string | null;
  /** The form's message or the sign-up's address: what a 200 promised to keep. */
  marker?: string;
  /** A network error instead of an answer. */
  error?: string;
}

export interface LoadOptions {
  server: Server;
  accounts: Account[];
  kinds: Kind[];
  workers: number;
  /** Pause between one worker's requests. */
  pauseMs?: number;
  /** Give up on a request after this long (a client's own timeout); 0: never. */
  clientTimeoutMs?: number;
}

export interface Load {
  samples: Sample[];
  stop(): Promise<void>;
}

let sequence = 0;

async function one(options: LoadOptions, kind: Kind): Promise<Sample> {
  const { server } = options;
  const account = options.accounts[sequence % Math.max(1, options.accounts.length)];
  const n = ++sequence;
  const start = Date.now();
  const signal = options.clientTimeoutMs ? AbortSignal.timeout(options.clientTimeoutMs) : undefined;
  let marker: string | undefined;
  const cookie: Record<string, string> = account ? { cookie: account.cookie } : {};
  const common = { "x-forwarded-for": freshIp(), origin: server.origin };
  let request: Promise<Response>;
  switch (kind) {
    case "page":
      request = fetch(`${server.url}/pricing`, { signal });
      break;
    case "profile":
      request = fetch(`${server.url}/profile`, { headers: { ...cookie, "x-forwarded-for": freshIp() }, redirect: "manual", signal });
      break;
    case "user-api":
      request = fetch(`${server.url}/api/user/${account?.id}`, { headers: { ...cookie, "x-forwarded-for": freshIp() }, redirect: "manual", signal });
      break;
    case "session":
      request = fetch(`${server.url}/api/auth/get-session`, { headers: { ...cookie, "x-forwarded-for": freshIp() }, signal });
      break;
    case "ready":
      request = fetch(`${server.url}/api/ready`, { signal });
      break;
    case "form":
      marker = `fault-form-${process.pid}-${n}-${randomBytes(3).toString("hex")}`;
      request = fetch(`${server.url}/api/forms/feedback`, {
        method: "POST",
        headers: { ...common, "content-type": "application/json", "idempotency-key": marker },
        body: JSON.stringify({ name: "Fault Load", email: "load@example.test", message: marker }),
        signal,
      });
      break;
    case "sign-up":
      marker = `fault-signup-${n}-${randomBytes(4).toString("hex")}@example.test`;
      request = fetch(`${server.url}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { ...common, "content-type": "application/json", "idempotency-key": `k-${marker}` },
        body: JSON.stringify({ email: marker, password: "fault-pass-1", name: "Fault", callbackURL: "/auth?verified=1" }),
        signal,
      });
      break;
    case "sign-in":
      request = fetch(`${server.url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { ...common, "content-type": "application/json" },
        body: JSON.stringify({ email: account?.email, password: account?.password }),
        signal,
      });
      break;
  }
  try {
    const res = await request;
    await res.arrayBuffer().catch(() => undefined);
    return { kind, start, ms: Date.now() - start, status: res.status, retryAfter: res.headers.get("retry-after"), marker };
  } catch (error) {
    return {
      kind,
      start,
      ms: Date.now() - start,
      status: 0,
      retryAfter: null,
      marker,
      error: (error as Error).name === "TimeoutError" ? "client timeout" : String((error as Error).cause ?? error),
    };
  }
}

/** Workers sending the kinds round-robin until stopped; every answer is kept. */
export function startLoad(options: LoadOptions): Load {
  const samples: Sample[] = [];
  let running = true;
  const workers = Array.from({ length: options.workers }, async (_, w) => {
    for (let i = w; running; i++) {
      samples.push(await one(options, options.kinds[i % options.kinds.length]!));
      if (options.pauseMs) await sleep(options.pauseMs);
    }
  });
  return {
    samples,
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}

/** Every kind of request the database answers or stands behind: the database parts' load. */
export const DATABASE_KINDS: Kind[] = ["page", "profile", "user-api", "session", "form", "sign-up"];

/** The database parts' steady load: two verified accounts, four workers sending DATABASE_KINDS 50 ms apart, 3 s to settle before the fault. */
export async function startDatabaseLoad(server: MailedServer): Promise<Load> {
  const accounts = [await verifiedAccount(server), await verifiedAccount(server)];
  const load = startLoad({ server, accounts, kinds: DATABASE_KINDS, workers: 4, pauseMs: 50 });
  await sleep(3_000);
  return load;
}

// ---- judging the answers ----

export interface Window {
  from: number;
  to: number;
}

/** Samples whose request was open at some point in `window`. */
export const during = (samples: Sample[], window: Window) => samples.filter((s) => s.start <= window.to && s.start + s.ms >= window.from);

/** What issue 23 forbids during an outage: a 5xx other than 503, a 401 from a signed-in request, a 422, a 503 without Retry-After. */
export function forbidden(samples: Sample[]): Sample[] {
  return samples.filter(
    (s) =>
      (s.status >= 500 && s.status !== 503) ||
      (s.status === 401 && s.kind !== "sign-in") ||
      s.status === 422 ||
      (s.status === 503 && !s.retryAfter && s.kind !== "ready"),
  );
}

export function statusCounts(samples: Sample[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const s of samples) {
    const key = s.error ? `error (${s.error.slice(0, 40)})` : String(s.status);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function summary(samples: Sample[]) {
  const ms = samples.map((s) => s.ms);
  return { requests: samples.length, statuses: statusCounts(samples), p50Ms: percentile(ms, 50), p99Ms: percentile(ms, 99), maxMs: Math.max(0, ...ms) };
}

/** The summary of each of `kinds`' samples. */
export const summaryByKind = (samples: Sample[], kinds: Kind[] = DATABASE_KINDS) =>
  Object.fromEntries(kinds.map((kind) => [kind, summary(samples.filter((s) => s.kind === kind))]));
