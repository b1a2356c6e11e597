import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

const ROUTE_TESTS = "app/routes/**/*.test.{ts,tsx}";

/**
 * The route test files that configure the server their own way
 * (`vi.stubEnv` before the app is imported: an API key, an SMTP server, a
 * breached-password service). They need a process of their own; every other
 * route test file shares its worker's app and database (no isolation:
 * importing the app and migrating a database per file cost more than the
 * tests themselves, ~1.7 s a file).
 */
function routeTestsWithOwnConfig(dir = "app/routes"): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return routeTestsWithOwnConfig(file);
    return /\.test\.tsx?$/.test(entry.name) && readFileSync(file, "utf8").includes("vi.stubEnv(") ? [file] : [];
  });
}
const OWN_CONFIG = routeTestsWithOwnConfig();

/** The route tests on one database: the shared-worker files and the own-config ones. */
function routeProjects(name: string, env: Record<string, string> = {}): TestProjectInlineConfiguration[] {
  const common = { setupFiles: ["tests/routes/setup.ts"], globalSetup: ["tests/routes/global-setup.ts"], env };
  return [
    { extends: true, test: { ...common, name, include: [ROUTE_TESTS], exclude: OWN_CONFIG, isolate: false } },
    { extends: true, test: { ...common, name: `${name} (own configuration)`, include: OWN_CONFIG } },
  ];
}

/**
 * Unit and integration tests, and the route tests: every loader and action
 * called with a real Request and the app's services on a real database
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
    // Vitest's default is one worker fewer than the cores: one, on a 2-core machine. Much of these
    // tests' time is waiting (servers starting, nginx, timers), so two run at once: 270 s → 167 s.
    maxWorkers: 2,
    // A bound on a hang, not a measure: 20 s ran out on a loaded CI machine (the OpenAPI walk, 2.5 s alone).
    testTimeout: 40_000,
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
      ...routeProjects("routes"),
      ...(process.env.TEST_DATABASE_URL ? routeProjects("routes-postgres", { ROUTE_TEST_DATABASE_URL: process.env.TEST_DATABASE_URL }) : []),
    ],
  },
});
