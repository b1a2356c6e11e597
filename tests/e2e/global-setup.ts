/**
 * Starts everything the browser tests talk to: one build; an SMTP sink; local
 * Google and GitHub OAuth servers; and the app (exactly as `npm start` runs it)
 * on a fresh SQLite database, on PostgreSQL when TEST_DATABASE_URL is set, and
 * once more without SMTP_URL, to exercise the local outbox a newcomer uses.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { ensureBuild } from "../../server/build.mjs";
import { type AppServer, startAppServer } from "../support/app-server.ts";
import { oauthEnv, startOAuthServers } from "../support/oauth-servers.ts";
import { startSmtpSink } from "../support/smtp-sink.ts";
import { BREACHED_PASSWORD, startPwnedRangeServer } from "../support/pwned-range-server.ts";
import { E2E_AUTH_SECRET, ports } from "../support/ports.ts";
import { withSearchPath } from "../support/test-databases.ts";

const root = path.resolve(import.meta.dirname, "../..");

export default async function globalSetup() {
  ensureBuild(root, (msg) => console.log(msg));

  const cleanups: Array<() => Promise<void>> = [];
  const sink = await startSmtpSink(ports.smtp, ports.smtpApi);
  cleanups.push(sink.stop);
  const oauth = await startOAuthServers(ports.google, ports.github);
  cleanups.push(oauth.stop);
  const range = await startPwnedRangeServer(ports.pwnedRange, [BREACHED_PASSWORD]);
  cleanups.push(range.stop);

  const base: Record<string, string> = {
    AUTH_SECRET: E2E_AUTH_SECRET,
    // Each test sends its own X-Forwarded-For, so rate limits apply per test.
    TRUST_PROXY: "1",
    // A webhook answered with a 500 is tried again within a second (admin.spec.ts), not ten.
    WEBHOOK_RETRY_BASE_MS: "1000",
  };
  const common: Record<string, string> = {
    ...base,
    SMTP_URL: sink.smtpUrl,
    MAIL_FROM: "Tuesday AI <no-reply@tuesday.test>",
    ...oauthEnv(oauth),
    // One listed operator per server (admin.spec.ts): they all mail one sink.
    OPERATOR_EMAILS: "operator-sqlite@tuesday.test,operator-postgres@tuesday.test",
    PWNED_PASSWORDS_URL: range.url,
  };

  const sqliteDir = mkdtempSync(path.join(tmpdir(), "tuesday-e2e-"));
  cleanups.push(async () => rmSync(sqliteDir, { recursive: true, force: true }));
  const servers: AppServer[] = [];
  try {
    // Tests reach each server's database directly (to move clocks, inspect rows).
    process.env.E2E_DB_sqlite = path.join(sqliteDir, "app.db");
    process.env.E2E_DB_outbox = path.join(sqliteDir, "outbox.db");
    servers.push(await startAppServer("sqlite", ports.sqliteApp, { ...common, DATABASE_URL: process.env.E2E_DB_sqlite }));
    // Also the server with an API key, to test that /api/user* and /api/saveUser* require it.
    servers.push(await startAppServer("outbox", ports.outboxApp, { ...base, DATABASE_URL: process.env.E2E_DB_outbox, API_KEY: "e2e-api-key" }));

    const pgBase = process.env.TEST_DATABASE_URL;
    if (pgBase) {
      const schema = `e2e_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: pgBase });
      await admin.connect();
      await admin.query(`create schema "${schema}"`);
      await admin.end();
      cleanups.push(async () => {
        const c = new pg.Client({ connectionString: pgBase });
        await c.connect();
        await c.query(`drop schema if exists "${schema}" cascade`);
        await c.end();
      });
      process.env.E2E_DB_postgres = withSearchPath(pgBase, schema);
      servers.push(await startAppServer("postgres", ports.postgresApp, { ...common, DATABASE_URL: process.env.E2E_DB_postgres }));
    }
  } catch (error) {
    await Promise.all(servers.map((server) => server.stop()));
    for (const cleanup of cleanups.reverse()) await cleanup();
    throw error;
  }

  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
}
