import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Unit and integration tests (the browser tests are Playwright's, in tests/e2e).
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    // Integration tests open real databases; one file per worker keeps them apart.
    pool: "forks",
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
