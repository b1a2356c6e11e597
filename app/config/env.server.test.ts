import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, test } from "vitest";
import { ConfigError, ENV_NAMES, loadEnv, parseDatabaseUrl } from "./env.server";

/** A fresh working directory for each load (the secret file is written there), all under one removed at the end. */
const root = mkdtempSync(path.join(tmpdir(), "env-test-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const tmp = () => mkdtempSync(path.join(root, "cwd-"));
const problemsOf = (fn: () => unknown): string[] => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
};

describe("loadEnv", () => {
  it("defaults to port 3000, loopback, SQLite under ./data and the local outbox", () => {
    const cwd = tmp();
    const env = loadEnv({}, cwd);
    expect(env.port).toBe(3000);
    expect(env.host).toBe("127.0.0.1");
    expect(env.appUrl).toBe("http://localhost:3000");
    expect(env.database).toEqual({ kind: "sqlite", file: path.join(cwd, "data/app.db") });
    expect(env.mailboxEnabled).toBe(true);
    expect(env.mailFrom).toBe("Tuesday AI <no-reply@localhost>");
    expect(env.google).toBeUndefined();
    expect(env.minPasswordLength).toBe(8);
    expect(env.pwnedPasswordsUrl).toBe("https://api.pwnedpasswords.com");
    expect(env.formMailsPerHour).toBe(60);
    expect(env.formMessagesPerDay).toBe(1_000);
  });

  it("passwords: never a minimum below 8; the breach check on a URL of ours or off", () => {
    expect(problemsOf(() => loadEnv({ MIN_PASSWORD_LENGTH: "6" }, tmp()))).toEqual(["MIN_PASSWORD_LENGTH: must be at least 8"]);
    expect(loadEnv({ MIN_PASSWORD_LENGTH: "12" }, tmp()).minPasswordLength).toBe(12);
    expect(loadEnv({ PWNED_PASSWORDS_URL: "off" }, tmp()).pwnedPasswordsUrl).toBe("");
    expect(loadEnv({ PWNED_PASSWORDS_URL: "http://127.0.0.1:9/" }, tmp()).pwnedPasswordsUrl).toBe("http://127.0.0.1:9/");
    expect(problemsOf(() => loadEnv({ PWNED_PASSWORDS_URL: "ftp://x" }, tmp()))).toEqual([
      'PWNED_PASSWORDS_URL: must be an http(s) URL, or off; got "ftp://x"',
    ]);
    expect(problemsOf(() => loadEnv({ FORM_MAILS_PER_HOUR: "0" }, tmp()))).toEqual(["FORM_MAILS_PER_HOUR: must be at least 1"]);
  });

  it("generates AUTH_SECRET once into ./data with mode 0600 and reuses it", () => {
    const cwd = tmp();
    const first = loadEnv({}, cwd).authSecret;
    const file = path.join(cwd, "data/auth-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadEnv({}, cwd).authSecret).toBe(first);
  });

  it("refuses an unsupported database scheme with the variable's name", () => {
    expect(problemsOf(() => loadEnv({ DATABASE_URL: "mysql://x" }, tmp()))).toEqual(['DATABASE_URL: unsupported scheme "mysql"']);
  });

  it("requires AUTH_SECRET in production on a public URL", () => {
    const problems = problemsOf(() => loadEnv({ NODE_ENV: "production", APP_URL: "https://tuesday.example" }, tmp()));
    expect(problems[0]).toMatch(/^AUTH_SECRET: required when NODE_ENV=production/);
    expect(() => loadEnv({ NODE_ENV: "production", APP_URL: "http://localhost:3000" }, tmp())).not.toThrow();
  });

  it("reports every bad value at once", () => {
    const problems = problemsOf(() => loadEnv({ PORT: "eighty", SMTP_URL: "http://mail", LOG_LEVEL: "loud" }, tmp()));
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^PORT: /),
        expect.stringMatching(/^SMTP_URL: unsupported scheme "http"/),
        expect.stringMatching(/^LOG_LEVEL: /),
      ]),
    );
  });

  it("wants OAuth client ids and secrets in pairs", () => {
    expect(problemsOf(() => loadEnv({ GOOGLE_CLIENT_ID: "abc" }, tmp()))).toEqual([
      "GOOGLE_CLIENT_SECRET: set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither",
    ]);
    const env = loadEnv({ GITHUB_CLIENT_ID: "id", GITHUB_CLIENT_SECRET: "s", GITHUB_URL: "http://127.0.0.1:9/" }, tmp());
    expect(env.github).toEqual({ clientId: "id", clientSecret: "s", url: "http://127.0.0.1:9", apiUrl: "https://api.github.com" });
  });

  it("wants TOKEN_SYNC_URL as an http(s) URL with a TOKEN_SYNC_SECRET of its own", () => {
    const secret = "s".repeat(32);
    expect(loadEnv({}, tmp()).tokenSync).toBeUndefined();
    expect(loadEnv({ TOKEN_SYNC_URL: "https://sync.example/hook", TOKEN_SYNC_SECRET: secret }, tmp()).tokenSync).toEqual({
      url: "https://sync.example/hook",
      secret,
    });
    expect(problemsOf(() => loadEnv({ TOKEN_SYNC_URL: "https://sync.example/hook" }, tmp()))).toEqual([
      expect.stringMatching(/^TOKEN_SYNC_SECRET: required when TOKEN_SYNC_URL is set/),
    ]);
    expect(problemsOf(() => loadEnv({ TOKEN_SYNC_URL: "https://sync.example/hook", TOKEN_SYNC_SECRET: "short" }, tmp()))).toEqual([
      "TOKEN_SYNC_SECRET: must be at least 32 characters",
    ]);
    expect(problemsOf(() => loadEnv({ TOKEN_SYNC_URL: "ftp://sync.example", TOKEN_SYNC_SECRET: secret }, tmp()))).toEqual([
      'TOKEN_SYNC_URL: TOKEN_SYNC_URL must be an http(s) URL, got "ftp:"',
    ]);
    expect(problemsOf(() => loadEnv({ TOKEN_SYNC_URL: "https://sync.example", TOKEN_SYNC_SECRET: secret, AUTH_SECRET: secret }, tmp()))).toEqual([
      "TOKEN_SYNC_SECRET: must differ from AUTH_SECRET (the sync receiver holds it)",
    ]);
  });

  it("keeps the mailbox to a purely local server: no SMTP, loopback interface and loopback APP_URL", () => {
    expect(loadEnv({ SMTP_URL: "smtp://127.0.0.1:25" }, tmp()).mailboxEnabled).toBe(false);
    expect(loadEnv({ HOST: "0.0.0.0" }, tmp()).mailboxEnabled).toBe(false);
    // A reverse proxy on the same host: loopback interface, public URL.
    const proxied = loadEnv({ HOST: "127.0.0.1", APP_URL: "https://example.com" }, tmp());
    expect(proxied.mailboxEnabled).toBe(false);
    expect(proxied.mailGoesNowhere).toBe(true);
    expect(loadEnv({ APP_URL: "https://127.example.com" }, tmp()).mailboxEnabled).toBe(false);
    expect(loadEnv({ APP_URL: "http://127.0.0.1:3000" }, tmp()).mailboxEnabled).toBe(true);
  });

  it("derives APP_URL from PORT", () => {
    expect(loadEnv({ PORT: "4321" }, tmp()).appUrl).toBe("http://localhost:4321");
  });

  it("reads TRUST_PROXY as a number of proxy hops (true = 1)", () => {
    expect(loadEnv({}, tmp()).trustProxy).toEqual({ kind: "none" });
    expect(loadEnv({}, tmp()).behindProxy).toBe(false);
    expect(loadEnv({ TRUST_PROXY: "false" }, tmp()).trustProxy).toEqual({ kind: "none" });
    expect(loadEnv({ TRUST_PROXY: "true" }, tmp()).trustProxy).toEqual({ kind: "hops", hops: 1 });
    expect(loadEnv({ TRUST_PROXY: "1" }, tmp()).trustProxy).toEqual({ kind: "hops", hops: 1 });
    expect(loadEnv({ TRUST_PROXY: "2" }, tmp()).trustProxy).toEqual({ kind: "hops", hops: 2 });
    expect(loadEnv({ TRUST_PROXY: "1" }, tmp()).behindProxy).toBe(true);
    expect(() => loadEnv({ TRUST_PROXY: "11" }, tmp())).toThrow(/TRUST_PROXY: must be the number of trusted proxies/);
  });

  it("reads TRUST_PROXY as a list of proxy addresses, ranges and names", () => {
    expect(loadEnv({ TRUST_PROXY: "loopback" }, tmp()).trustProxy).toEqual({ kind: "list", addresses: ["loopback"] });
    expect(loadEnv({ TRUST_PROXY: "10.0.0.5, 192.168.0.0/16,fd00::/8" }, tmp()).trustProxy).toEqual({
      kind: "list",
      addresses: ["10.0.0.5", "192.168.0.0/16", "fd00::/8"],
    });
    expect(() => loadEnv({ TRUST_PROXY: "nginx.internal" }, tmp())).toThrow(/TRUST_PROXY: .*CIDR/);
    expect(() => loadEnv({ TRUST_PROXY: "10.0.0.0/99" }, tmp())).toThrow(/TRUST_PROXY/);
  });

  it("keeps the documented defaults", () => {
    const env = loadEnv({}, tmp());
    expect(env).toMatchObject({
      nodeEnv: "development",
      appOrigin: "http://localhost:3000",
      smtpUrl: undefined,
      github: undefined,
      googleIssuer: "https://accounts.google.com",
      githubUrl: "https://github.com",
      githubApiUrl: "https://api.github.com",
      redisUrl: undefined,
      apiKey: undefined,
      logLevel: "info",
      showUnconfiguredProviders: true,
      mailGoesNowhere: false,
      databaseTimeoutMs: 5_000,
      requestTimeoutMs: 10_000,
      mailRetryBaseMs: 30_000,
      webhookRetryBaseMs: 10_000,
      allowPrivateWebhooks: true,
      sessionLifetime: { rememberedS: 30 * 24 * 60 * 60, shortS: 24 * 60 * 60 },
      reauthWindowS: 15 * 60,
      helpLogUnanswered: false,
      statusUrl: null,
    });
    expect(env.operatorEmails.size).toBe(0);
  });

  it("reads a blank variable as unset, except PWNED_PASSWORDS_URL, where blank is off", () => {
    const env = loadEnv(
      { PORT: " ", HOST: "", DATABASE_URL: "", LOG_LEVEL: "", GITHUB_URL: " ", SESSION_DAYS: "", HELP_LOG_UNANSWERED: "", STATUS_URL: " " },
      tmp(),
    );
    expect(env).toMatchObject({ port: 3000, host: "127.0.0.1", logLevel: "info", githubUrl: "https://github.com", helpLogUnanswered: false, statusUrl: null });
    expect(env.database.kind).toBe("sqlite");
    expect(env.sessionLifetime.rememberedS).toBe(30 * 24 * 60 * 60);
    expect(loadEnv({ PWNED_PASSWORDS_URL: " " }, tmp()).pwnedPasswordsUrl).toBe("");
  });

  it("reads durations as whole numbers, naming the unit and the bounds", () => {
    const env = loadEnv({ SESSION_DAYS: "7", SESSION_SHORT_HOURS: "2", REAUTH_MINUTES: "5", DATABASE_TIMEOUT_MS: "100", REQUEST_TIMEOUT_MS: "25000" }, tmp());
    expect(env.sessionLifetime).toEqual({ rememberedS: 7 * 24 * 60 * 60, shortS: 2 * 60 * 60 });
    expect(env.reauthWindowS).toBe(5 * 60);
    expect(env.databaseTimeoutMs).toBe(100);
    expect(env.requestTimeoutMs).toBe(25_000);
    expect(problemsOf(() => loadEnv({ REAUTH_MINUTES: "1.5" }, tmp()))).toEqual(["REAUTH_MINUTES: must be a whole number of minutes"]);
    expect(problemsOf(() => loadEnv({ SESSION_DAYS: "a week" }, tmp()))).toEqual(["SESSION_DAYS: must be a whole number of days"]);
    expect(problemsOf(() => loadEnv({ DATABASE_TIMEOUT_MS: "50" }, tmp()))).toEqual(["DATABASE_TIMEOUT_MS: must be at least 100"]);
    expect(problemsOf(() => loadEnv({ REQUEST_TIMEOUT_MS: "30000" }, tmp()))).toEqual(["REQUEST_TIMEOUT_MS: must be at most 25000"]);
    expect(problemsOf(() => loadEnv({ WEBHOOK_RETRY_BASE_MS: "-1" }, tmp()))).toEqual(["WEBHOOK_RETRY_BASE_MS: must be a whole number of milliseconds"]);
  });

  it("words every whole number's bounds alike", () => {
    expect(problemsOf(() => loadEnv({ PORT: "0" }, tmp()))).toEqual(["PORT: must be at least 1"]);
    expect(problemsOf(() => loadEnv({ PORT: "65536" }, tmp()))).toEqual(["PORT: must be at most 65535"]);
    expect(problemsOf(() => loadEnv({ SESSION_DAYS: "401" }, tmp()))).toEqual(["SESSION_DAYS: must be at most 400"]);
    expect(problemsOf(() => loadEnv({ MIN_PASSWORD_LENGTH: "129" }, tmp()))).toEqual(["MIN_PASSWORD_LENGTH: must be at most 128"]);
  });

  it("reads HELP_LOG_UNANSWERED as 1 or true, 0 or false", () => {
    expect(loadEnv({ HELP_LOG_UNANSWERED: "1" }, tmp()).helpLogUnanswered).toBe(true);
    expect(loadEnv({ HELP_LOG_UNANSWERED: "true" }, tmp()).helpLogUnanswered).toBe(true);
    expect(loadEnv({ HELP_LOG_UNANSWERED: "0" }, tmp()).helpLogUnanswered).toBe(false);
    expect(loadEnv({ HELP_LOG_UNANSWERED: "false" }, tmp()).helpLogUnanswered).toBe(false);
    expect(problemsOf(() => loadEnv({ HELP_LOG_UNANSWERED: "yes" }, tmp()))).toEqual(["HELP_LOG_UNANSWERED: must be 1 or 0"]);
  });

  it("derives the origin, the sender and the local-only switches from APP_URL, without its trailing slash", () => {
    const env = loadEnv({ APP_URL: "https://tuesday.example/", AUTH_SECRET: "a".repeat(32) }, tmp());
    expect(env).toMatchObject({
      appUrl: "https://tuesday.example",
      appOrigin: "https://tuesday.example",
      mailFrom: "Tuesday AI <no-reply@tuesday.example>",
      showUnconfiguredProviders: false,
      allowPrivateWebhooks: false,
    });
    expect(loadEnv({ MAIL_FROM: " Ops <ops@tuesday.example> " }, tmp()).mailFrom).toBe("Ops <ops@tuesday.example>");
    expect(problemsOf(() => loadEnv({ APP_URL: "tuesday.example" }, tmp()))).toEqual(['APP_URL: not a valid URL: "tuesday.example"']);
    expect(problemsOf(() => loadEnv({ GITHUB_API_URL: "ftp://x" }, tmp()))).toEqual(['GITHUB_API_URL: GITHUB_API_URL must be an http(s) URL, got "ftp:"']);
  });

  it("reads STATUS_URL as an http(s) URL, normalised", () => {
    expect(loadEnv({ STATUS_URL: "https://status.example" }, tmp()).statusUrl).toBe("https://status.example/");
    expect(problemsOf(() => loadEnv({ STATUS_URL: "ftp://status.example" }, tmp()))).toEqual(["STATUS_URL: must be an http(s) URL"]);
    expect(problemsOf(() => loadEnv({ STATUS_URL: "https://status example" }, tmp()))).toEqual(["STATUS_URL: must be an http(s) URL"]);
  });

  it("checks SMTP_URL, REDIS_URL, AUTH_SECRET and OPERATOR_EMAILS", () => {
    expect(problemsOf(() => loadEnv({ SMTP_URL: "mail server" }, tmp()))).toEqual(['SMTP_URL: not a valid URL: "mail server"']);
    expect(loadEnv({ SMTP_URL: "smtps://mail.example:465" }, tmp()).smtpUrl).toBe("smtps://mail.example:465");
    expect(problemsOf(() => loadEnv({ REDIS_URL: "http://cache" }, tmp()))).toEqual(["REDIS_URL: must start with redis:// or rediss://"]);
    expect(loadEnv({ REDIS_URL: "rediss://cache:6380" }, tmp()).redisUrl).toBe("rediss://cache:6380");
    expect(problemsOf(() => loadEnv({ AUTH_SECRET: "short" }, tmp()))).toEqual(["AUTH_SECRET: must be at least 32 characters"]);
    expect([...loadEnv({ OPERATOR_EMAILS: " Ann@Example.com, bo@x.io ," }, tmp()).operatorEmails]).toEqual(["ann@example.com", "bo@x.io"]);
    expect(problemsOf(() => loadEnv({ OPERATOR_EMAILS: "ann@example.com,nobody" }, tmp()))).toEqual(['OPERATOR_EMAILS: not an email address: "nobody"']);
  });
});

describe("parseDatabaseUrl", () => {
  it("selects PostgreSQL for postgres:// and postgresql://", () => {
    expect(parseDatabaseUrl("postgres://u@h/db", "/")).toEqual({ kind: "postgres", url: "postgres://u@h/db" });
    expect(parseDatabaseUrl("postgresql://u@h/db", "/").kind).toBe("postgres");
  });

  it("selects SQLite for paths and file: URLs", () => {
    expect(parseDatabaseUrl("./x.db", "/srv")).toEqual({ kind: "sqlite", file: "/srv/x.db" });
    expect(parseDatabaseUrl("file:./y.db", "/srv")).toEqual({ kind: "sqlite", file: "/srv/y.db" });
    expect(parseDatabaseUrl("file:///var/z.db", "/srv")).toEqual({ kind: "sqlite", file: "/var/z.db" });
  });
});

describe("the documented configuration", () => {
  const root = path.resolve(import.meta.dirname, "../..");
  const readme = readFileSync(path.join(root, "README.md"), "utf8");
  const example = readFileSync(path.join(root, ".env.example"), "utf8");

  // The contract: every variable the server reads is in README's table and in .env.example.
  test.each(ENV_NAMES.filter((name) => name !== "NODE_ENV"))("%s is in README and .env.example", (name) => {
    // A row of the table's first column names it (a pair such as GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET shares one).
    expect(readme).toMatch(new RegExp(`^\\| [^|\\n]*\`${name}\`[^|\\n]*\\|`, "m"));
    expect(example).toMatch(new RegExp(`^(# )?${name}=`, "m"));
  });
});
