/**
 * The process configuration: every environment variable of the contract, parsed
 * and validated in one place.
 *
 * `loadEnv` is pure apart from one side effect: on a first local start it
 * generates AUTH_SECRET into ./data (mode 0600) so that sessions survive a
 * restart without any setup. A bad value throws a ConfigError whose lines read
 * `NAME: what is wrong`; the server prints them and exits non-zero.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import proxyAddr from "proxy-addr";
import { z } from "zod";
import { site } from "./site";

/**
 * TRUST_PROXY: whom X-Forwarded-For is believed from (infra/http/client-address.server.ts).
 *   none   the client is the socket's peer
 *   hops   that many proxies append to X-Forwarded-For, believed only from a
 *          loopback, link-local or private peer (a public peer is the client)
 *   list   proxy addresses and CIDR ranges (and proxy-addr's names `loopback`,
 *          `linklocal`, `uniquelocal`): believed only from those peers
 */
export type TrustProxy = { kind: "none" } | { kind: "hops"; hops: number } | { kind: "list"; addresses: string[] };

export type DatabaseConfig =
  | { kind: "sqlite"; file: string }
  | { kind: "postgres"; url: string };

export interface Env {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  appUrl: string;
  /** `APP_URL`'s origin, the only origin from which browser writes are accepted. */
  appOrigin: string;
  database: DatabaseConfig;
  authSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  github: { clientId: string; clientSecret: string; url: string; apiUrl: string } | undefined;
  /** Kept even when sign-in is not configured, so the UI can say which is missing. */
  googleIssuer: string;
  githubUrl: string;
  githubApiUrl: string;
  redisUrl: string | undefined;
  apiKey: string | undefined;
  /** Whom X-Forwarded-For is believed from (TRUST_PROXY; see `TrustProxy`). */
  trustProxy: TrustProxy;
  /** TRUST_PROXY is set: a balancer is in front (a stopping instance refuses new requests with 503). */
  behindProxy: boolean;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  minPasswordLength: number;
  /**
   * Where sign-ins, refreshes and sign-outs are announced with a short-lived
   * signed token (TOKEN_SYNC_URL, TOKEN_SYNC_SECRET; features/token-sync).
   * Unset: nothing is sent and nothing is done per request.
   */
  tokenSync: { url: string; secret: string } | undefined;
  /**
   * Addresses (lower case) whose verified accounts are operators (/admin), as
   * well as those granted with `npm run operator -- grant`.
   */
  operatorEmails: ReadonlySet<string>;
  /**
   * The local outbox at /dev/mailbox: only on a purely local server (no
   * SMTP_URL, HOST loopback and APP_URL loopback). Anything else could put every
   * verification and reset link in front of the public.
   */
  mailboxEnabled: boolean;
  /**
   * Whether Google/GitHub buttons without credentials are shown, saying they are not configured
   * (contract). Only where the operator is the only visitor (APP_URL on a loopback address); a
   * public site hides them instead of showing its visitors an operator's to-do (issue 22).
   */
  showUnconfiguredProviders: boolean;
  /** FORM_MAILS_PER_HOUR: notification mails per form and clock hour; past it, one digest (default 60). */
  formMailsPerHour: number;
  /** PWNED_PASSWORDS_URL: the breached-password range API; "" when off. */
  pwnedPasswordsUrl: string;
  /** FORM_MESSAGES_PER_DAY: messages stored per form and UTC day; past it, 429 (default 1,000). */
  formMessagesPerDay: number;
  /** No SMTP_URL and no reachable outbox: mail is kept in the database and nobody reads it. */
  mailGoesNowhere: boolean;
  dataDir: string;
  /**
   * How long the database may take (DATABASE_TIMEOUT_MS): one statement, and
   * the wait for a connection (docs/decisions/0021-dependency-failures.md).
   */
  databaseTimeoutMs: number;
  /** A request not answered after this long gets a 503 (REQUEST_TIMEOUT_MS), well before the balancer's timeout. */
  requestTimeoutMs: number;
  /** The mail outbox's first retry wait, doubling to 30 minutes (MAIL_RETRY_BASE_MS). */
  mailRetryBaseMs: number;
  /** A webhook delivery's first retry wait, doubling to 30 minutes (WEBHOOK_RETRY_BASE_MS). */
  webhookRetryBaseMs: number;
  /**
   * Whether webhooks may go to loopback and private addresses: only where the operator is the only
   * visitor (APP_URL on a loopback address); a public site POSTs to public addresses only (SSRF).
   */
  allowPrivateWebhooks: boolean;
  /**
   * Absolute session lifetimes, whatever the activity (ASVS 7.3.2): with
   * "Remember this device" (SESSION_DAYS, default 30) and without it
   * (SESSION_SHORT_HOURS, default 24). features/auth/session-lifetime.server.ts.
   */
  sessionLifetime: { rememberedS: number; shortS: number };
  /** A security change needs a sign-in or re-authentication this recent (REAUTH_MINUTES, default 15). */
  reauthWindowS: number;
  /**
   * HELP_LOG_UNANSWERED=1: Ask Tuesday keeps the questions it could not answer,
   * emails and numbers redacted, for 30 days (/admin/help; the privacy page says
   * so). Off by default: no question is stored (issue 41).
   */
  helpLogUnanswered: boolean;
  /** STATUS_URL: a status page linked from the footer; null when unset. */
  statusUrl: string | null;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "ConfigError";
  }
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

export function isLoopbackHost(hostname: string): boolean {
  // 127.0.0.0/8 as an address; "127.example.com" is a name like any other.
  return LOOPBACK_HOSTS.has(hostname.toLowerCase()) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

const optional = z
  .string()
  .transform((s) => s.trim())
  .optional()
  .transform((s) => (s ? s : undefined));

function httpUrl(name: string) {
  return optional.superRefine((value, ctx) => {
    if (value === undefined) return;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: "custom", message: `not a valid URL: "${value}"` });
      return;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      ctx.addIssue({ code: "custom", message: `${name} must be an http(s) URL, got "${url.protocol}"` });
    }
  });
}

function milliseconds(min: number, max: number) {
  return optional.pipe(
    z
      .string()
      .regex(/^\d+$/, "must be a whole number of milliseconds")
      .transform(Number)
      .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
      .optional(),
  );
}

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).optional(),
  PORT: optional.pipe(
    z
      .string()
      .regex(/^\d+$/, "must be a whole number")
      .transform(Number)
      .pipe(z.number().int().min(1, "must be 1 to 65535").max(65535, "must be 1 to 65535"))
      .optional(),
  ),
  HOST: optional,
  APP_URL: httpUrl("APP_URL"),
  DATABASE_URL: optional,
  AUTH_SECRET: optional.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  SMTP_URL: optional.superRefine((value, ctx) => {
    if (value === undefined) return;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: "custom", message: `not a valid URL: "${value}"` });
      return;
    }
    if (url.protocol !== "smtp:" && url.protocol !== "smtps:") {
      ctx.addIssue({ code: "custom", message: `unsupported scheme "${url.protocol.slice(0, -1)}" (use smtp:// or smtps://)` });
    }
  }),
  MAIL_FROM: optional,
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GOOGLE_ISSUER: httpUrl("GOOGLE_ISSUER"),
  GITHUB_CLIENT_ID: optional,
  GITHUB_CLIENT_SECRET: optional,
  GITHUB_URL: httpUrl("GITHUB_URL"),
  GITHUB_API_URL: httpUrl("GITHUB_API_URL"),
  REDIS_URL: optional.superRefine((value, ctx) => {
    if (value === undefined) return;
    if (!/^rediss?:\/\//.test(value)) ctx.addIssue({ code: "custom", message: "must start with redis:// or rediss://" });
  }),
  API_KEY: optional,
  TRUST_PROXY: optional.transform((value, ctx): TrustProxy => {
    if (value === undefined || /^(0|false|no|off)$/i.test(value)) return { kind: "none" };
    if (/^(true|yes|on)$/i.test(value)) return { kind: "hops", hops: 1 };
    if (/^\d+$/.test(value)) {
      if (Number(value) >= 1 && Number(value) <= 10) return { kind: "hops", hops: Number(value) };
    } else {
      const addresses = value.split(",").map((entry) => entry.trim()).filter(Boolean);
      try {
        if (addresses.length > 0) {
          proxyAddr.compile(addresses); // throws on anything that is not an address, a range or a known name
          return { kind: "list", addresses };
        }
      } catch {
        // reported below
      }
    }
    ctx.addIssue({
      code: "custom",
      message: `must be the number of trusted proxies (1 to 10), true (= 1), false, or a comma-separated list of proxy addresses and CIDR ranges (loopback, linklocal and uniquelocal name those ranges), got "${value}"`,
    });
    return z.NEVER;
  }),
  LOG_LEVEL: optional.pipe(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional()),
  OPERATOR_EMAILS: optional.transform((value, ctx) => {
    const list = (value ?? "").split(",").map((entry) => entry.trim().toLowerCase()).filter(Boolean);
    for (const entry of list) {
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(entry)) ctx.addIssue({ code: "custom", message: `not an email address: "${entry}"` });
    }
    return new Set(list);
  }),
  MIN_PASSWORD_LENGTH: optional.pipe(
    z.string().regex(/^\d+$/, "must be a whole number").transform(Number).pipe(z.number().int().min(8, "must be at least 8").max(128)).optional(),
  ),
  // The Pwned Passwords range API (k-anonymity); "" or "off": no breach check.
  PWNED_PASSWORDS_URL: z
    .string()
    .optional()
    .transform((value) => (value === undefined ? "https://api.pwnedpasswords.com" : ["", "off"].includes(value.trim()) ? "" : value.trim()))
    .superRefine((value, ctx) => {
      if (value === "") return;
      let protocol = "";
      try {
        protocol = new URL(value).protocol;
      } catch {
        // protocol stays empty
      }
      if (protocol !== "http:" && protocol !== "https:") ctx.addIssue({ code: "custom", message: `must be an http(s) URL, or off; got "${value}"` });
    }),
  STATUS_URL: optional.pipe(
    z
      .string()
      .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value), "must be an http(s) URL")
      .optional(),
  ),
  SESSION_DAYS: optional.pipe(z.string().regex(/^\d+$/, "must be a whole number of days").transform(Number).pipe(z.number().int().min(1).max(400)).optional()),
  HELP_LOG_UNANSWERED: optional.pipe(z.enum(["0", "1", "false", "true"], { message: "must be 1 or 0" }).optional()),
  SESSION_SHORT_HOURS: optional.pipe(z.string().regex(/^\d+$/, "must be a whole number of hours").transform(Number).pipe(z.number().int().min(1).max(24 * 30)).optional()),
  REAUTH_MINUTES: optional.pipe(z.string().regex(/^\d+$/, "must be a whole number of minutes").transform(Number).pipe(z.number().int().min(1).max(24 * 60)).optional()),
  FORM_MAILS_PER_HOUR: optional.pipe(
    z.string().regex(/^\d+$/, "must be a whole number").transform(Number).pipe(z.number().int().min(1, "must be at least 1").max(1_000_000)).optional(),
  ),
  FORM_MESSAGES_PER_DAY: optional.pipe(
    z.string().regex(/^\d+$/, "must be a whole number").transform(Number).pipe(z.number().int().min(1, "must be at least 1").max(100_000_000)).optional(),
  ),
  TOKEN_SYNC_URL: httpUrl("TOKEN_SYNC_URL"),
  // The HMAC key of the synced tokens (HS256), held by the receiver too.
  TOKEN_SYNC_SECRET: optional.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  DATABASE_TIMEOUT_MS: milliseconds(100, 60_000),
  REQUEST_TIMEOUT_MS: milliseconds(1_000, 25_000),
  MAIL_RETRY_BASE_MS: milliseconds(100, 60 * 60_000),
  WEBHOOK_RETRY_BASE_MS: milliseconds(100, 60 * 60_000),
});

export function parseDatabaseUrl(value: string | undefined, cwd: string): DatabaseConfig {
  const raw = value ?? "./data/app.db";
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(raw)?.[1]?.toLowerCase();
  if (scheme === "postgres" || scheme === "postgresql") return { kind: "postgres", url: raw };
  if (scheme === "file") {
    const file = raw.replace(/^file:(\/\/)?/i, "");
    if (!file) throw new ConfigError(['DATABASE_URL: a file: URL needs a path, e.g. "file:./data/app.db"']);
    return { kind: "sqlite", file: path.resolve(cwd, file) };
  }
  // A Windows drive letter ("C:\…") is a path, not a scheme.
  if (scheme && scheme.length > 1) throw new ConfigError([`DATABASE_URL: unsupported scheme "${scheme}"`]);
  return { kind: "sqlite", file: path.resolve(cwd, raw) };
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) {
    const secret = readFileSync(file, "utf8").trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Env {
  const parsed = schema.safeParse(source);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(problems);
  }
  const v = parsed.data;
  const nodeEnv = v.NODE_ENV ?? "development";
  const port = v.PORT ?? 3000;
  const host = v.HOST ?? "127.0.0.1";
  const appUrl = (v.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, "");
  const appHost = new URL(appUrl).hostname;

  let database: DatabaseConfig | undefined;
  try {
    database = parseDatabaseUrl(v.DATABASE_URL, cwd);
  } catch (error) {
    if (error instanceof ConfigError) problems.push(...error.problems);
    else throw error;
  }

  const pair = (id: string | undefined, secret: string | undefined, name: string) => {
    if (Boolean(id) !== Boolean(secret)) {
      problems.push(`${name}_CLIENT_${id ? "SECRET" : "ID"}: set both ${name}_CLIENT_ID and ${name}_CLIENT_SECRET, or neither`);
    }
  };
  pair(v.GOOGLE_CLIENT_ID, v.GOOGLE_CLIENT_SECRET, "GOOGLE");
  pair(v.GITHUB_CLIENT_ID, v.GITHUB_CLIENT_SECRET, "GITHUB");
  if (v.TOKEN_SYNC_URL && !v.TOKEN_SYNC_SECRET) {
    problems.push("TOKEN_SYNC_SECRET: required when TOKEN_SYNC_URL is set, at least 32 characters (generate one with: openssl rand -base64 32)");
  }
  if (v.TOKEN_SYNC_SECRET && v.TOKEN_SYNC_SECRET === v.AUTH_SECRET) {
    // The receiver holds this key; with AUTH_SECRET it could sign session cookies.
    problems.push("TOKEN_SYNC_SECRET: must differ from AUTH_SECRET (the sync receiver holds it)");
  }

  const dataDir = path.resolve(cwd, "data");
  let authSecret = v.AUTH_SECRET;
  if (!authSecret) {
    if (nodeEnv === "production" && !isLoopbackHost(appHost)) {
      problems.push("AUTH_SECRET: required when NODE_ENV=production and APP_URL is not a loopback address (generate one with: openssl rand -base64 32)");
    } else if (problems.length === 0) {
      authSecret = readOrCreateSecret(dataDir);
    }
  }

  if (problems.length > 0 || !database || !authSecret) throw new ConfigError(problems);

  const googleIssuer = (v.GOOGLE_ISSUER ?? "https://accounts.google.com").replace(/\/+$/, "");
  const githubUrl = (v.GITHUB_URL ?? "https://github.com").replace(/\/+$/, "");
  const githubApiUrl = (v.GITHUB_API_URL ?? "https://api.github.com").replace(/\/+$/, "");

  return {
    nodeEnv,
    port,
    host,
    appUrl,
    appOrigin: new URL(appUrl).origin,
    database,
    authSecret,
    smtpUrl: v.SMTP_URL,
    mailFrom: v.MAIL_FROM ?? `${site.productName} <no-reply@${appHost.includes(".") ? appHost : "localhost"}>`,
    google:
      v.GOOGLE_CLIENT_ID && v.GOOGLE_CLIENT_SECRET
        ? { clientId: v.GOOGLE_CLIENT_ID, clientSecret: v.GOOGLE_CLIENT_SECRET, issuer: googleIssuer }
        : undefined,
    github:
      v.GITHUB_CLIENT_ID && v.GITHUB_CLIENT_SECRET
        ? { clientId: v.GITHUB_CLIENT_ID, clientSecret: v.GITHUB_CLIENT_SECRET, url: githubUrl, apiUrl: githubApiUrl }
        : undefined,
    googleIssuer,
    githubUrl,
    githubApiUrl,
    redisUrl: v.REDIS_URL,
    apiKey: v.API_KEY,
    trustProxy: v.TRUST_PROXY,
    behindProxy: v.TRUST_PROXY.kind !== "none",
    logLevel: v.LOG_LEVEL ?? "info",
    minPasswordLength: v.MIN_PASSWORD_LENGTH ?? 8,
    pwnedPasswordsUrl: v.PWNED_PASSWORDS_URL,
    tokenSync: v.TOKEN_SYNC_URL && v.TOKEN_SYNC_SECRET ? { url: v.TOKEN_SYNC_URL, secret: v.TOKEN_SYNC_SECRET } : undefined,
    operatorEmails: v.OPERATOR_EMAILS,
    formMailsPerHour: v.FORM_MAILS_PER_HOUR ?? 60,
    formMessagesPerDay: v.FORM_MESSAGES_PER_DAY ?? 1_000,
    mailboxEnabled: !v.SMTP_URL && isLoopbackHost(host) && isLoopbackHost(appHost),
    showUnconfiguredProviders: isLoopbackHost(appHost),
    mailGoesNowhere: !v.SMTP_URL && !(isLoopbackHost(host) && isLoopbackHost(appHost)),
    dataDir,
    databaseTimeoutMs: v.DATABASE_TIMEOUT_MS ?? 5_000,
    requestTimeoutMs: v.REQUEST_TIMEOUT_MS ?? 10_000,
    mailRetryBaseMs: v.MAIL_RETRY_BASE_MS ?? 30_000,
    webhookRetryBaseMs: v.WEBHOOK_RETRY_BASE_MS ?? 10_000,
    allowPrivateWebhooks: isLoopbackHost(appHost),
    sessionLifetime: { rememberedS: (v.SESSION_DAYS ?? 30) * 24 * 60 * 60, shortS: (v.SESSION_SHORT_HOURS ?? 24) * 60 * 60 },
    reauthWindowS: (v.REAUTH_MINUTES ?? 15) * 60,
    helpLogUnanswered: v.HELP_LOG_UNANSWERED === "1" || v.HELP_LOG_UNANSWERED === "true",
    statusUrl: v.STATUS_URL ? new URL(v.STATUS_URL).toString() : null,
  };
}

let cached: Env | undefined;

/** The configuration of this process, parsed once. */
export function env(): Env {
  cached ??= loadEnv();
  return cached;
}
