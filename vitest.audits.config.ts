import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * `npm run test:audits` (tests/audits): third-party checkers and whole-site
 * rules run over what the server sends, without a browser: the W3C Nu
 * checker over every kind of page, the Hindi twins and their links, the
 * sharing metadata. One production server on SQLite (global-setup.ts).
 * What needs a browser to judge (axe: colours, focus) is tests/e2e/a11y.spec.ts.
 */
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["tests/audits/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/audits/global-setup.ts"],
    pool: "forks",
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
