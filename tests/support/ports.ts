/**
 * Fixed ports for the browser-test servers (override the base with
 * E2E_PORT_BASE). Fixed, because Playwright evaluates its config in every
 * worker and all of them must agree on where the servers are.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 4100);

export const ports = {
  sqliteApp: base,
  postgresApp: base + 1,
  outboxApp: base + 2,
  smtp: base + 25,
  smtpApi: base + 26,
  google: base + 30,
  github: base + 31,
  pwnedRange: base + 32,
  /** The audits' server (tests/audits). */
  audits: base + 40,
};

export const appUrl = {
  sqlite: `http://localhost:${ports.sqliteApp}`,
  postgres: `http://localhost:${ports.postgresApp}`,
  outbox: `http://localhost:${ports.outboxApp}`,
};

/** Where the SMTP sink's HTTP API and the OAuth control API listen. */
export const harnessUrl = {
  smtpApi: `http://127.0.0.1:${ports.smtpApi}`,
  oauthControl: `http://127.0.0.1:${ports.github}/__control`,
  /** The local Pwned Passwords range API (tests/support/pwned-range-server.ts). */
  pwnedRange: `http://127.0.0.1:${ports.pwnedRange}`,
};

/** The browser-test servers' AUTH_SECRET: the sign-in fixture signs their session cookies with it. */
export const E2E_AUTH_SECRET = "e2e-secret-e2e-secret-e2e-secret-e2e-secret";
