import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./tests/support/chromium";
import { appUrl } from "./tests/support/ports";

/**
 * The journeys that also run against PostgreSQL in a browser: the account's door (sign-up, verification,
 * sign-in, reset, sign-out). Every loader and action runs on PostgreSQL in the route tests
 * (TEST_DATABASE_URL), every store in the integration tests; the browser adds what only a whole journey shows.
 */
const DATABASE_SPECS = /\/account\.spec\.ts$/;
/** The newcomer's path through the local outbox (no SMTP_URL): its own server. */
const OUTBOX_SPECS = /outbox[^/]*\.spec\.ts$/;

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
};

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  outputDir: "test-results",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // A journey is a few presses; one that needs more says why (`test.slow(true, reason)`: 90 s).
  // These bound a hang, they measure nothing: what must be quick says so with its own figure
  // (presses.spec's timings, the bench). 15 s and 5 s ran out in CI beside the other lane, a
  // different journey each run, with the load average at 7-14 on two cores (2026-11-28).
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["./tests/support/duration-reporter.ts"]],
  use: {
    trace: process.env.PW_TRACE === "1" ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "sqlite", testIgnore: OUTBOX_SPECS, use: { ...chromium, baseURL: appUrl.sqlite } },
    { name: "outbox", testMatch: OUTBOX_SPECS, use: { ...chromium, baseURL: appUrl.outbox } },
    ...(process.env.TEST_DATABASE_URL ? [{ name: "postgres", testMatch: DATABASE_SPECS, use: { ...chromium, baseURL: appUrl.postgres } }] : []),
  ],
});
