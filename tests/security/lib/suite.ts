/**
 * What the security suite's files share: the servers global-setup.ts started
 * (one per database kind), clients that connect from a chosen loopback
 * address (what a proxy's address or an attacker's own socket is), and direct
 * reads of a server's database.
 *
 *   SECURITY=reduced        the reduced run (`npm test`): SQLite only, fewer cases
 *   SECURITY_PORT_BASE      first port of the suite's range (default 5300; it uses base … base+19)
 *   TEST_DATABASE_URL,      also PostgreSQL + Redis (both must be set)
 *   TEST_REDIS_URL
 */
import { request } from "node:http";
import { randomBytes } from "node:crypto";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { inject } from "vitest";
import type { Database } from "../../../app/infra/db/schema";
import type { Server } from "../../reliability/lib/harness.ts";

export const reduced = process.env.SECURITY === "reduced";
export const portBase = Number(process.env.SECURITY_PORT_BASE ?? 5300);

/** The suite's ports: shared servers, then one per finding that needs its own. */
export const PORTS = {
  sqlite: portBase,
  postgres: portBase + 1,
  /** TRUST_PROXY as a list (finding 3, its own server). */
  proxyList: portBase + 2,
  /** The Google and GitHub stand-ins every shared server signs in with (issue 38). */
  google: portBase + 3,
  github: portBase + 4,
  /** Findings with servers of their own: 1 (slow SMTP) uses own … own+7 (app, SMTP, its API; per database). */
  own: portBase + 10,
} as const;

export interface Target {
  kind: "sqlite" | "postgres";
  url: string;
  origin: string;
  databaseUrl: string;
  /** A verified operator (OPERATOR_EMAILS) of this server. */
  operator: { email: string; password: string };
  /** An address in OPERATOR_EMAILS that has no account yet. */
  unclaimedOperator: string;
  /** The OAuth stand-ins' control API (tests/support/oauth-servers.ts). */
  oauthControl: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    securityTargets: Target[];
  }
}

/** The shared servers: SQLite always, PostgreSQL + Redis when configured (and not reduced). */
export function targets(): Target[] {
  return inject("securityTargets");
}

/** A target as the reliability harness's `Server` (its call/mail helpers need only the URL and origin). */
export function asServer(target: { url: string; origin: string }): Server {
  return { ...target, name: "security", port: Number(new URL(target.url).port), logFile: "" } as unknown as Server;
}

/** A Kysely handle on a target's database (close it with destroy()). */
export function openDb(target: Target): Kysely<Database> {
  if (target.kind === "sqlite") return new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(target.databaseUrl, { timeout: 5000 }) }) });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: target.databaseUrl, max: 2 }) }) });
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A request whose socket comes from `localAddress` (any 127.x.y.z): the peer
 * address the server sees, which no header can change.
 */
export function from(localAddress: string, url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? "GET", headers: init.headers, localAddress }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

/** Random parts, so that runs sharing one Redis never share a rate-limit key. */
export const hex16 = () => randomBytes(2).toString("hex");
/** A fresh /64 of the documentation range, `2001:db8:xxxx:xxxx`. */
export const freshV6Prefix = () => `2001:db8:${hex16()}:${hex16()}`;
export const freshV4 = () => `198.18.${randomBytes(1)[0]}.${(randomBytes(1)[0]! % 250) + 1}`;

/** Every cookie a response sets, as a Cookie header (name=value; …). */
export function cookiesFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
