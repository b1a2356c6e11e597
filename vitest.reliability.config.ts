import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The reliability suite (tests/reliability, docs/reliability.md): black-box
 * attacks on the production server over HTTP. One file at a time: each starts
 * its own servers and loads the machine.
 * `RELIABILITY=reduced` runs the reduced suite (what `npm test` runs).
 */
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["tests/reliability/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/reliability/global-setup.ts"],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 30 * 60_000,
    hookTimeout: 5 * 60_000,
    // A reliability failure is a finding, never something to retry away.
    retry: 0,
    reporters: ["default"],
  },
});
