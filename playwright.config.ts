import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./tests/support/chromium";
import { appUrl } from "./tests/support/ports";

/**
 * The journeys that also run against PostgreSQL in a browser: an account's life (sign-up, verification,
 * sign-in, reset, sessions, profile, deletion), the waitlist and the public user API. Every store's
 * queries run on PostgreSQL in the integration suite (TEST_DATABASE_URL); running every browser spec a
 * second time took a third of CI's 90 minutes.
 */
const DATABASE_SPECS = /\/(auth|auth-sessions|profile|waitlist|user-api)\.spec\.ts$/;
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
  // Generous: CI shares two cores between two browsers and three servers, and a busy run is 2-3x
  // slower than a quiet one. A limit only catches hangs; what tests assert is behaviour, not speed.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["./tests/support/duration-reporter.ts"]],
  use: {
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "sqlite", testIgnore: OUTBOX_SPECS, use: { ...chromium, baseURL: appUrl.sqlite } },
    { name: "outbox", testMatch: OUTBOX_SPECS, use: { ...chromium, baseURL: appUrl.outbox } },
    ...(process.env.TEST_DATABASE_URL
      ? [{ name: "postgres", testMatch: DATABASE_SPECS, use: { ...chromium, baseURL: appUrl.postgres } }]
      : []),
  ],
});
