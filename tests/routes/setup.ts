/**
 * Each route test file gets the app's services on a database of its own: a
 * fresh SQLite file, or a fresh PostgreSQL schema when ROUTE_TEST_DATABASE_URL
 * is set (vitest.config.ts runs the route tests again on TEST_DATABASE_URL).
 * The configuration is the production schema's defaults plus what a test
 * machine needs: no internet (no breached-password lookups), one operator.
 * The mail outbox keeps every mail (its worker is not started): tests read them.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { TEST_DEFAULTS } from "../support/test-defaults";
import { createPgSchema } from "../support/test-databases";
import { APP_URL } from "./route-kit";

/** An address OPERATOR_EMAILS lists for every route test. */
export const LISTED_OPERATOR = "operator@tuesday.test";

const dir = mkdtempSync(path.join(tmpdir(), "route-test-"));
const pgBase = process.env.ROUTE_TEST_DATABASE_URL;
const schema = pgBase ? await createPgSchema(pgBase, `r_${process.pid}_${Math.random().toString(36).slice(2, 10)}`) : undefined;

Object.assign(process.env, TEST_DEFAULTS, {
  APP_URL,
  DATABASE_URL: schema?.url ?? path.join(dir, "app.db"),
  AUTH_SECRET: "route-test-secret-route-test-secret-0123",
  LOG_LEVEL: "silent",
  OPERATOR_EMAILS: LISTED_OPERATOR,
});
delete process.env.SMTP_URL;
delete process.env.REDIS_URL;
delete process.env.API_KEY;

afterAll(async () => {
  const { shutdown } = await import("~/services.server");
  await shutdown();
  await schema?.drop();
  rmSync(dir, { recursive: true, force: true });
});
