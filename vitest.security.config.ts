import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * `npm run test:security` (tests/security, SECURITY.md): one regression test
 * per finding of the attack in issue 26, each driving the production server
 * over HTTP as an attacker would, on SQLite and, when TEST_DATABASE_URL and
 * TEST_REDIS_URL are set, on PostgreSQL + Redis. `SECURITY=reduced` (what
 * `npm test` runs) is SQLite only, without the slower cases; the full run
 * also runs the scale-out test (tests/integration/cluster.test.ts), whose
 * stalled-instance case is finding 10's proof behind nginx.
 *
 * A finding's test is a file of its own (`fNN-*.test.ts`); the servers are
 * shared (global-setup.ts). A finding whose test needs a server of its own
 * (for example one with a deliberately slow SMTP server) starts it in its file
 * with the reliability harness's `startServer`, on ports from `PORTS.own`
 * (lib/suite.ts) upwards.
 */
const reduced = process.env.SECURITY === "reduced";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["tests/security/**/*.test.ts", ...(reduced ? [] : ["tests/integration/cluster.test.ts"])],
    environment: "node",
    globalSetup: ["tests/security/global-setup.ts"],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // A security regression is a finding, never something to retry away.
    retry: 0,
  },
});
