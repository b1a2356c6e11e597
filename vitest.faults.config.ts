import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The fault suite (tests/faults, docs/reliability.md "Dependency failures"):
 * real outages of the database, the mail server and Redis, a stalled
 * database, a full disk and SIGTERM under load, against the production
 * server. One file at a time: each starts its own servers, proxies and sinks.
 * `FAULTS=reduced` runs the short version (what `npm test` runs).
 */
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["tests/faults/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/faults/global-setup.ts"],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 20 * 60_000,
    hookTimeout: 5 * 60_000,
    retry: 0,
    reporters: ["default"],
  },
});
