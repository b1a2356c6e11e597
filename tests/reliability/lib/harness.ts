/**
 * What every part of the suite needs: a fresh database (SQLite file, or a
 * PostgreSQL schema of its own), the production server on it (through
 * tests/support/app-server.ts, exactly as `npm start` runs), verified users
 * with sessions, direct reads of the database, and the server's memory and
 * log.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { Database } from "../../../app/infra/db/schema";
import { type AppServer, startAppServer } from "../../support/app-server.ts";
import { createPgSchema } from "../../support/test-databases.ts";
import { artifactsDir, PORTS } from "./config.ts";

export type DbKind = "sqlite" | "postgres";

/** SQLite always; PostgreSQL when TEST_DATABASE_URL is set (the cases are skipped otherwise). */
export const DATABASES: Array<{ kind: DbKind; available: boolean }> = [
  { kind: "sqlite", available: true },
  { kind: "postgres", available: Boolean(process.env.TEST_DATABASE_URL) },
];

export interface TestDb {
  kind: DbKind;
  /** DATABASE_URL for the server. */
  url: string;
  /** A Kysely handle on the same database, for checks (opened lazily, closed by drop()). */
  db(): Kysely<Database>;
  /** SQLite only: the file. */
  file?: string;
  /** Closes our handle; drops the schema / removes the file unless KEEP_RELIABILITY_DB is set. */
  drop(): Promise<void>;
}

export async function createDb(kind: DbKind, label: string): Promise<TestDb> {
  let handle: Kysely<Database> | undefined;
  const keep = Boolean(process.env.KEEP_RELIABILITY_DB);
  if (kind === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), `tuesday-rel-${label}-`));
    const file = path.join(dir, "app.db");
    return {
      kind,
      url: file,
      file,
      db: () => (handle ??= new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(file, { timeout: 5000 }) }) })),
      async drop() {
        await handle?.destroy();
        handle = undefined;
        if (!keep) rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
  const schema = `rel_${label.replace(/\W/g, "_")}_${process.pid}_${randomBytes(3).toString("hex")}`;
  const { url, drop: dropSchema } = await createPgSchema(base, schema);
  return {
    kind,
    url,
    db: () => (handle ??= new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 3 }) }) })),
    async drop() {
      await handle?.destroy();
      handle = undefined;
      if (!keep) await dropSchema();
    },
  };
}

export interface Server extends AppServer {
  name: string;
  port: number;
  origin: string;
  logFile: string;
}

/**
 * The production server on `db`: rate limits per X-Forwarded-For's last
 * entry (TRUST_PROXY=1), mail to the local outbox (no SMTP_URL), no Redis,
 * no API key, whatever the calling environment says.
 */
export async function startServer(name: string, port: number, db: TestDb, env: Record<string, string> = {}): Promise<Server> {
  const server = await startAppServer(name, port, {
    DATABASE_URL: db.url,
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    TRUST_PROXY: "1",
    SMTP_URL: "",
    REDIS_URL: "",
    API_KEY: "",
    ...env,
  });
  const extra = { name, port, origin: new URL(server.url).origin, logFile: path.join(artifactsDir, `server-${name}.log`) };
  // Getters (pid, exited) must stay live: extend the object, do not copy it.
  return Object.assign(server, extra);
}

/**
 * A part's server for one database kind: `start` makes a fresh database and
 * the production server on it (`rel-<part>-<kind>`, on the part's port for
 * that kind); `stop`, for the describe's afterAll, stops the server and drops
 * the database, as far as `start` got.
 */
export function serverOnFreshDb(part: "fuzz" | "crash" | "ownership" | "limits", kind: DbKind) {
  let db: TestDb | undefined;
  let server: Server | undefined;
  return {
    async start(env: Record<string, string> = {}): Promise<{ db: TestDb; server: Server }> {
      db = await createDb(kind, part);
      server = await startServer(`rel-${part}-${kind}`, PORTS[part][kind], db, env);
      return { db, server };
    },
    async stop(): Promise<void> {
      await server?.stop();
      await db?.drop();
    },
  };
}

// ---- clients ----

let ipCounter = 0;
/** A fresh client address per call (rate limits are per IP: X-Forwarded-For's last entry). */
export function freshIp(): string {
  ipCounter++;
  const r = randomBytes(2);
  return `10.${(process.pid + ipCounter) % 250}.${r[0]}.${(r[1]! % 250) + 1}`;
}

export interface CallOptions {
  cookie?: string;
  ip?: string;
  /** Default: the app's own origin, as a browser would send on a write. */
  origin?: string | null;
  headers?: Record<string, string>;
  redirect?: RequestRedirect;
}

export async function call(server: Server, method: string, pathname: string, body?: unknown, opts: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { "x-forwarded-for": opts.ip ?? freshIp(), ...opts.headers };
  if (opts.origin !== null) headers.origin = opts.origin ?? server.origin;
  if (opts.cookie) headers.cookie = opts.cookie;
  let payload: BodyInit | undefined;
  if (body instanceof URLSearchParams || typeof body === "string") payload = body;
  else if (body !== undefined) {
    headers["content-type"] ??= "application/json";
    payload = JSON.stringify(body);
  }
  return fetch(`${server.url}${pathname}`, { method, headers, body: payload, redirect: opts.redirect ?? "manual" });
}

export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
}

export async function mailsTo(server: Server, email: string): Promise<Mail[]> {
  const res = await fetch(`${server.url}/dev/mailbox?format=json&to=${encodeURIComponent(email)}`);
  if (!res.ok) throw new Error(`GET /dev/mailbox answered ${res.status}`);
  return (await res.json()) as Mail[];
}

export async function waitForMail(server: Server, email: string, subject: RegExp, timeoutMs = 15_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await mailsTo(server, email)).find((m) => subject.test(m.subject));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" for ${email} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface User {
  id: string;
  email: string;
  password: string;
  name: string;
}

export interface SignedIn extends User {
  /** `tuesday.session_token=…` (what a browser sends back). */
  cookie: string;
}

/** Signs up through the API, verifies through the mailed link. */
export async function createVerifiedUser(server: Server, opts: { email?: string; password?: string; name?: string } = {}): Promise<User> {
  const email = opts.email ?? `rel-${randomBytes(5).toString("hex")}@example.test`;
  const password = opts.password ?? `pw-${randomBytes(6).toString("hex")}`;
  const name = opts.name ?? email.split("@")[0]!;
  const res = await call(server, "POST", "/api/auth/sign-up/email", { email, password, name, callbackURL: "/auth?verified=1" });
  if (res.status !== 200) throw new Error(`sign-up of ${email} answered ${res.status}: ${await res.text()}`);
  const { user } = (await res.json()) as { user: { id: string } };
  const mail = await waitForMail(server, email, /verify/i);
  const link = mail.links.find((l) => l.includes("/api/auth/verify-email"));
  if (!link) throw new Error(`no verification link in ${JSON.stringify(mail.links)}`);
  // Opened in the browser that signed up (its cookies): elsewhere the link would drop the password (ADR 0034).
  const verified = await fetch(link, { redirect: "manual", headers: { "x-forwarded-for": freshIp(), cookie: cookiesOf(res) } });
  if (verified.status !== 302) throw new Error(`verification answered ${verified.status}`);
  return { id: user.id, email, password, name };
}

/** Every cookie an answer sets, as the Cookie header a browser would send back. */
export function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

export function sessionCookieFrom(res: Response): string | null {
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith("tuesday.session_token=") && c.length > "tuesday.session_token=".length);
  return cookie ?? null;
}

export async function signIn(server: Server, user: User): Promise<SignedIn> {
  const res = await call(server, "POST", "/api/auth/sign-in/email", { email: user.email, password: user.password, rememberMe: true });
  const cookie = sessionCookieFrom(res);
  if (res.status !== 200 || !cookie) throw new Error(`sign-in of ${user.email} answered ${res.status}: ${await res.text()}`);
  return { ...user, cookie };
}

/** The user id the session cookie belongs to, or null when it is not (or no longer) valid. */
export async function sessionUser(server: Server, cookie: string): Promise<string | null> {
  const res = await call(server, "GET", "/api/auth/get-session", undefined, { cookie });
  if (res.status !== 200) return null;
  const data = (await res.json().catch(() => null)) as { user?: { id?: string } } | null;
  return data?.user?.id ?? null;
}

// ---- the server process ----

/** Resident memory of a process in MB (VmRSS), or null when it is gone. */
export function rssMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const m = /^VmRSS:\s+(\d+) kB/m.exec(status);
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

export interface LogEntry {
  level: number;
  msg: string;
  raw: string;
  /** The first lines of the error's stack, when the entry carries one. */
  stackHead?: string;
  /** One line: the error's first stack line, or its message / status, or the details. */
  summary: string;
}

const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };

/** Entries at `minLevel` or above (pino: 40 warn, 50 error, 60 fatal) in the server's log, from byte `from`. */
export function logEntries(server: Server, minLevel = 50, from = 0): LogEntry[] {
  if (!existsSync(server.logFile)) return [];
  const text = readFileSync(server.logFile).subarray(from).toString("utf8");
  const out: LogEntry[] = [];
  for (const line of text.split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      const entry = JSON.parse(line) as {
        level?: number | string;
        msg?: string;
        err?: { stack?: string; message?: string; status?: number; data?: unknown };
        details?: unknown;
      };
      const level = typeof entry.level === "string" ? (LEVELS[entry.level] ?? 0) : (entry.level ?? 0);
      if (level < minLevel) continue;
      out.push({
        level,
        msg: entry.msg ?? "",
        raw: line.length > 2000 ? `${line.slice(0, 2000)}…` : line,
        stackHead: entry.err?.stack?.split("\n").slice(0, 4).join("\n"),
        summary: (
          entry.err?.stack?.split("\n")[0] ??
          entry.err?.message ??
          (entry.err?.status ? `${entry.err.status} ${String(entry.err.data ?? "")}` : JSON.stringify(entry.details ?? ""))
        )
          .replace(/"[^"]{20,}"/g, '"…"')
          .slice(0, 160),
      });
    } catch {
      // not JSON (restart markers, stray output)
    }
  }
  return out;
}

export function logSize(server: Server): number {
  try {
    return statSync(server.logFile).size;
  } catch {
    return 0;
  }
}

/** Runs `tasks` with at most `limit` at a time. */
export async function pool<T>(limit: number, count: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
