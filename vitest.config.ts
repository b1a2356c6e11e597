import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const ROUTE_TESTS = "app/routes/**/*.test.{ts,tsx}";

/**
 * Unit and integration tests, and the route tests: every loader and action
 * called with a real Request and the app's services on a fresh database
 * (tests/routes/route-kit.ts), on SQLite and, when TEST_DATABASE_URL is set,
 * on PostgreSQL too. The browser journeys are Playwright's, in tests/e2e.
 */
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    environment: "node",
    // Integration tests open real databases; one file per worker keeps them apart.
    pool: "forks",
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts"],
          exclude: [ROUTE_TESTS],
        },
      },
      { extends: true, test: { name: "routes", include: [ROUTE_TESTS], setupFiles: ["tests/routes/setup.ts"] } },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: "routes-postgres",
                include: [ROUTE_TESTS],
                setupFiles: ["tests/routes/setup.ts"],
                env: { ROUTE_TEST_DATABASE_URL: process.env.TEST_DATABASE_URL },
              },
            },
          ]
        : []),
    ],
  },
});
