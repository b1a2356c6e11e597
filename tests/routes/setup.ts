/**
 * The route tests' worker: the app's services on a database of its own, a
 * SQLite file or, when ROUTE_TEST_DATABASE_URL is set, a PostgreSQL schema
 * (vitest.config.ts runs the route tests again on TEST_DATABASE_URL).
 *
 * The route projects run without isolation (vitest.config.ts): a worker
 * imports the app once and its files share one database, as requests from
 * many visitors share the production one. A test therefore makes its own
 * accounts and addresses (`freshEmail()`, `makeAccount()`) and never counts
 * rows it did not make. This file runs before every test file; the database
 * is made by the first.
 *
 * The configuration is the production schema's defaults plus what a test
 * machine needs: no internet (no breached-password lookups), one operator.
 * The mail outbox keeps every mail (its worker is not started): tests read them.
 */
import { mkdtempSync } from "node:fs";
import path from "node:path";
import { inject } from "vitest";
import { TEST_DEFAULTS } from "../support/test-defaults";
import { createPgSchema } from "../support/test-databases";
import { APP_URL } from "./route-kit";

/** An address OPERATOR_EMAILS lists for every route test. */
export const LISTED_OPERATOR = "operator@tuesday.test";

const worker = globalThis as typeof globalThis & { __routeTestDatabase?: Promise<void> };

worker.__routeTestDatabase ??= (async () => {
  // Under the run's directory and prefix, which tests/routes/global-setup.ts removes when the run ends.
  const dir = mkdtempSync(path.join(inject("routeTestRoot"), "worker-"));
  const pgBase = process.env.ROUTE_TEST_DATABASE_URL;
  const schema = pgBase
    ? await createPgSchema(pgBase, `${inject("routeTestSchemaPrefix")}${process.pid}_${Math.random().toString(36).slice(2, 8)}`)
    : undefined;
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
  // The worker's end, when it gets one: its services close (the run's end removes the database).
  process.once("beforeExit", () => {
    void import("~/services.server").then(({ shutdown }) => shutdown());
  });
})();
await worker.__routeTestDatabase;
