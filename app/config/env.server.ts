/**
 * The process configuration: every environment variable of the contract, parsed
 * and validated in one place. The schema holds each variable's rule and
 * default; `toEnv` turns the parsed variables into what the app reads, and
 * `Env` is its return type, so nothing is written twice.
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

export type DatabaseConfig = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };

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

/** A variable's text, trimmed; undefined when it is unset or blank (`PORT=` means PORT's default). */
const text = z
  .string()
  .transform((s) => s.trim())
  .optional()
  .transform((s) => (s ? s : undefined));

/** `schema` applied to a variable's trimmed text, or to undefined (then its default) when it is unset or blank. */
function variable<T extends z.ZodType<unknown, string | undefined>>(schema: T) {
  return text.pipe(schema);
}

/** Digits for a whole number from `min` to `max`; `unit` words the problem ("must be a whole number of days"). */
function wholeNumber(min: number, max: number, unit?: string) {
  return z
    .string()
    .regex(/^\d+$/, unit ? `must be a whole number of ${unit}` : "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
}

const HTTP = ["http:", "https:"];

/** The URL's scheme ("https:"), or undefined when the text is not a URL. */
const protocolOf = (value: string) => (URL.canParse(value) ? new URL(value).protocol : undefined);

/** A URL with one of `protocols`; `wrongScheme` words the problem when it has another. */
function url(protocols: string[], wrongScheme: (protocol: string) => string) {
  return z.string().superRefine((value, ctx) => {
    const protocol = protocolOf(value);
    if (protocol === undefined) ctx.addIssue({ code: "custom", message: `not a valid URL: "${value}"` });
    else if (!protocols.includes(protocol)) ctx.addIssue({ code: "custom", message: wrongScheme(protocol) });
  });
}

/** An http(s) URL; the problem names the variable `name`. */
function httpUrl(name: string) {
  return url(HTTP, (protocol) => `${name} must be an http(s) URL, got "${protocol}"`);
}

const withoutTrailingSlash = (value: string) => value.replace(/\/+$/, "");

/** A key: at least 32 characters (generate one with: openssl rand -base64 32). */
const secretKey = z.string().min(32, "must be at least 32 characters");

/** An on/off switch: 1 or true, 0 or false; off when unset or blank. */
const flag = variable(
  z
    .enum(["0", "1", "false", "true"], { message: "must be 1 or 0" })
    .transform((value) => value === "1" || value === "true")
    .default(false),
);

const variables = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: variable(wholeNumber(1, 65535).default(3000)),
  HOST: variable(z.string().default("127.0.0.1")),
  // Default: http://localhost:PORT (below, as it depends on PORT).
  APP_URL: variable(httpUrl("APP_URL").transform(withoutTrailingSlash).optional()),
  DATABASE_URL: variable(z.string().default("./data/app.db")),
  AUTH_SECRET: variable(secretKey.optional()),
  SMTP_URL: variable(url(["smtp:", "smtps:"], (protocol) => `unsupported scheme "${protocol.slice(0, -1)}" (use smtp:// or smtps://)`).optional()),
  // Default: "<product> <no-reply@APP_URL's host>" (below, as it depends on APP_URL).
  MAIL_FROM: text,
  GOOGLE_CLIENT_ID: text,
  GOOGLE_CLIENT_SECRET: text,
  GOOGLE_ISSUER: variable(httpUrl("GOOGLE_ISSUER").transform(withoutTrailingSlash).default("https://accounts.google.com")),
  GITHUB_CLIENT_ID: text,
  GITHUB_CLIENT_SECRET: text,
  GITHUB_URL: variable(httpUrl("GITHUB_URL").transform(withoutTrailingSlash).default("https://github.com")),
  GITHUB_API_URL: variable(httpUrl("GITHUB_API_URL").transform(withoutTrailingSlash).default("https://api.github.com")),
  REDIS_URL: variable(
    z
      .string()
      .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
      .optional(),
  ),
  API_KEY: text,
  // A scraper's bearer token for /admin/metrics (Prometheus); at least 32 characters, like a secret.
  METRICS_TOKEN: variable(z.string().min(32, "must be at least 32 characters").optional()),
  TRUST_PROXY: text.transform((value, ctx): TrustProxy => {
    if (value === undefined || /^(0|false|no|off)$/i.test(value)) return { kind: "none" };
    if (/^(true|yes|on)$/i.test(value)) return { kind: "hops", hops: 1 };
    if (/^\d+$/.test(value)) {
      if (Number(value) >= 1 && Number(value) <= 10) return { kind: "hops", hops: Number(value) };
    } else {
      const addresses = value
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean);
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
  LOG_LEVEL: variable(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info")),
  OPERATOR_EMAILS: text.transform((value, ctx): ReadonlySet<string> => {
    const list = (value ?? "")
      .split(",")
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean);
    for (const entry of list) {
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(entry)) ctx.addIssue({ code: "custom", message: `not an email address: "${entry}"` });
    }
    return new Set(list);
  }),
  MIN_PASSWORD_LENGTH: variable(wholeNumber(8, 128).default(8)),
  // The Pwned Passwords range API (k-anonymity); "" or "off": no breach check.
  PWNED_PASSWORDS_URL: z
    .string()
    .default("https://api.pwnedpasswords.com")
    .transform((value) => (value.trim() === "off" ? "" : value.trim()))
    .superRefine((value, ctx) => {
      if (value !== "" && !HTTP.includes(protocolOf(value) ?? "")) {
        ctx.addIssue({ code: "custom", message: `must be an http(s) URL, or off; got "${value}"` });
      }
    }),
  STATUS_URL: variable(
    z
      .string()
      .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value), "must be an http(s) URL")
      .transform((value): string | null => new URL(value).toString())
      .default(null),
  ),
  SESSION_DAYS: variable(wholeNumber(1, 400, "days").default(30)),
  HELP_LOG_UNANSWERED: flag,
  SESSION_SHORT_HOURS: variable(wholeNumber(1, 24 * 30, "hours").default(24)),
  REAUTH_MINUTES: variable(wholeNumber(1, 24 * 60, "minutes").default(15)),
  FORM_MAILS_PER_HOUR: variable(wholeNumber(1, 1_000_000).default(60)),
  FORM_MESSAGES_PER_DAY: variable(wholeNumber(1, 100_000_000).default(1_000)),
  TOKEN_SYNC_URL: variable(httpUrl("TOKEN_SYNC_URL").optional()),
  // The HMAC key of the synced tokens (HS256), held by the receiver too.
  TOKEN_SYNC_SECRET: variable(secretKey.optional()),
  DATABASE_TIMEOUT_MS: variable(wholeNumber(100, 60_000, "milliseconds").default(5_000)),
  REQUEST_TIMEOUT_MS: variable(wholeNumber(1_000, 25_000, "milliseconds").default(10_000)),
  MAIL_RETRY_BASE_MS: variable(wholeNumber(100, 60 * 60_000, "milliseconds").default(30_000)),
  WEBHOOK_RETRY_BASE_MS: variable(wholeNumber(100, 60 * 60_000, "milliseconds").default(10_000)),
});

/** The variables the server reads (README's configuration table and .env.example list each). */
export const ENV_NAMES = Object.keys(variables.shape);

const schema = variables.transform((v) => {
  // The defaults that depend on another variable.
  const APP_URL = v.APP_URL ?? `http://localhost:${v.PORT}`;
  const appHost = new URL(APP_URL).hostname;
  const MAIL_FROM = v.MAIL_FROM ?? `${site.productName} <no-reply@${appHost.includes(".") ? appHost : "localhost"}>`;
  return { ...v, APP_URL, MAIL_FROM };
});

/** The variables as parsed: each one validated, with its default applied. */
type Vars = z.output<typeof schema>;

export function parseDatabaseUrl(raw: string, cwd: string): DatabaseConfig {
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

/** What loadEnv works out beside the variables. */
interface Resolved {
  database: DatabaseConfig;
  authSecret: string;
  dataDir: string;
}

/** The configuration the app reads (`Env`), from the parsed variables. */
function toEnv(v: Vars, { database, authSecret, dataDir }: Resolved) {
  // APP_URL on a loopback address: the operator is the only visitor.
  const localSite = isLoopbackHost(new URL(v.APP_URL).hostname);
  const localServer = localSite && isLoopbackHost(v.HOST);
  return {
    nodeEnv: v.NODE_ENV,
    port: v.PORT,
    host: v.HOST,
    appUrl: v.APP_URL,
    /** `APP_URL`'s origin, the only origin from which browser writes are accepted. */
    appOrigin: new URL(v.APP_URL).origin,
    database,
    authSecret,
    smtpUrl: v.SMTP_URL,
    mailFrom: v.MAIL_FROM,
    google:
      v.GOOGLE_CLIENT_ID && v.GOOGLE_CLIENT_SECRET
        ? { clientId: v.GOOGLE_CLIENT_ID, clientSecret: v.GOOGLE_CLIENT_SECRET, issuer: v.GOOGLE_ISSUER }
        : undefined,
    github:
      v.GITHUB_CLIENT_ID && v.GITHUB_CLIENT_SECRET
        ? { clientId: v.GITHUB_CLIENT_ID, clientSecret: v.GITHUB_CLIENT_SECRET, url: v.GITHUB_URL, apiUrl: v.GITHUB_API_URL }
        : undefined,
    /** Kept even when sign-in is not configured, so the UI can say which is missing. */
    googleIssuer: v.GOOGLE_ISSUER,
    githubUrl: v.GITHUB_URL,
    githubApiUrl: v.GITHUB_API_URL,
    redisUrl: v.REDIS_URL,
    apiKey: v.API_KEY,
    /** METRICS_TOKEN: `Authorization: Bearer <it>` reads /admin/metrics without an operator's session; unset, only operators. */
    metricsToken: v.METRICS_TOKEN,
    /** Whom X-Forwarded-For is believed from (TRUST_PROXY; see `TrustProxy`). */
    trustProxy: v.TRUST_PROXY,
    /** TRUST_PROXY is set: a balancer is in front (a stopping instance refuses new requests with 503). */
    behindProxy: v.TRUST_PROXY.kind !== "none",
    logLevel: v.LOG_LEVEL,
    minPasswordLength: v.MIN_PASSWORD_LENGTH,
    /**
     * Where sign-ins, refreshes and sign-outs are announced with a short-lived
     * signed token (TOKEN_SYNC_URL, TOKEN_SYNC_SECRET; features/token-sync).
     * Unset: nothing is sent and nothing is done per request.
     */
    tokenSync: v.TOKEN_SYNC_URL && v.TOKEN_SYNC_SECRET ? { url: v.TOKEN_SYNC_URL, secret: v.TOKEN_SYNC_SECRET } : undefined,
    /**
     * Addresses (lower case) whose verified accounts are operators (/admin), as
     * well as those granted with `npm run operator -- grant`.
     */
    operatorEmails: v.OPERATOR_EMAILS,
    /**
     * The local outbox at /dev/mailbox: only on a purely local server (no
     * SMTP_URL, HOST loopback and APP_URL loopback). Anything else could put every
     * verification and reset link in front of the public.
     */
    mailboxEnabled: !v.SMTP_URL && localServer,
    /**
     * Whether Google/GitHub buttons without credentials are shown, saying they are not configured
     * (contract). Only where the operator is the only visitor (APP_URL on a loopback address); a
     * public site hides them instead of showing its visitors an operator's to-do (issue 22).
     */
    showUnconfiguredProviders: localSite,
    /** FORM_MAILS_PER_HOUR: notification mails per form and clock hour; past it, one digest (default 60). */
    formMailsPerHour: v.FORM_MAILS_PER_HOUR,
    /** PWNED_PASSWORDS_URL: the breached-password range API; "" when off. */
    pwnedPasswordsUrl: v.PWNED_PASSWORDS_URL,
    /** FORM_MESSAGES_PER_DAY: messages stored per form and UTC day; past it, 429 (default 1,000). */
    formMessagesPerDay: v.FORM_MESSAGES_PER_DAY,
    /** No SMTP_URL and no reachable outbox: mail is kept in the database and nobody reads it. */
    mailGoesNowhere: !v.SMTP_URL && !localServer,
    dataDir,
    /**
     * How long the database may take (DATABASE_TIMEOUT_MS): one statement, and
     * the wait for a connection (docs/decisions/0021-dependency-failures.md).
     */
    databaseTimeoutMs: v.DATABASE_TIMEOUT_MS,
    /** A request not answered after this long gets a 503 (REQUEST_TIMEOUT_MS), well before the balancer's timeout. */
    requestTimeoutMs: v.REQUEST_TIMEOUT_MS,
    /** The mail outbox's first retry wait, doubling to 30 minutes (MAIL_RETRY_BASE_MS). */
    mailRetryBaseMs: v.MAIL_RETRY_BASE_MS,
    /** A webhook delivery's first retry wait, doubling to 30 minutes (WEBHOOK_RETRY_BASE_MS). */
    webhookRetryBaseMs: v.WEBHOOK_RETRY_BASE_MS,
    /**
     * Whether webhooks may go to loopback and private addresses: only where the operator is the only
     * visitor (APP_URL on a loopback address); a public site POSTs to public addresses only (SSRF).
     */
    allowPrivateWebhooks: localSite,
    /**
     * Absolute session lifetimes, whatever the activity (ASVS 7.3.2): with
     * "Remember this device" (SESSION_DAYS, default 30) and without it
     * (SESSION_SHORT_HOURS, default 24). features/auth/session-lifetime.server.ts.
     */
    sessionLifetime: { rememberedS: v.SESSION_DAYS * 24 * 60 * 60, shortS: v.SESSION_SHORT_HOURS * 60 * 60 },
    /** A security change needs a sign-in or re-authentication this recent (REAUTH_MINUTES, default 15). */
    reauthWindowS: v.REAUTH_MINUTES * 60,
    /**
     * HELP_LOG_UNANSWERED=1: Ask Tuesday keeps the questions it could not answer,
     * emails and numbers redacted, for 30 days (/admin/help; the privacy page says
     * so). Off by default: no question is stored (issue 41).
     */
    helpLogUnanswered: v.HELP_LOG_UNANSWERED,
    /** STATUS_URL: a status page linked from the footer; null when unset. */
    statusUrl: v.STATUS_URL,
  };
}

/** The process configuration as the app reads it. */
export type Env = ReturnType<typeof toEnv>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  const v = parsed.data;
  const problems: string[] = [];

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
    if (v.NODE_ENV === "production" && !isLoopbackHost(new URL(v.APP_URL).hostname)) {
      problems.push("AUTH_SECRET: required when NODE_ENV=production and APP_URL is not a loopback address (generate one with: openssl rand -base64 32)");
    } else if (problems.length === 0) {
      authSecret = readOrCreateSecret(dataDir);
    }
  }

  if (problems.length > 0 || !database || !authSecret) throw new ConfigError(problems);
  return toEnv(v, { database, authSecret, dataDir });
}

let cached: Env | undefined;

/** The configuration of this process, parsed once. */
export function env(): Env {
  cached ??= loadEnv();
  return cached;
}
