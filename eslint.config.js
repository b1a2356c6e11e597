import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Imports flow down (README, "How it is built"):
 *
 *   routes, root.tsx, entry.server.tsx
 *     → request-context.server.ts, services.server.ts (the composition root)
 *       → features (one folder each; another feature only through its index)
 *         → shared, infra
 *           → config
 *
 * server/ (the HTTP edge) sits beside the app and may use infra, shared and
 * config, never a feature or a route. Tests may reach across (they are not part
 * of what runs) but not into a cycle.
 */
const TOP = ["./app/routes", "./app/root.tsx", "./app/root-deferred.tsx", "./app/entry.server.tsx"];
const COMPOSITION = ["./app/request-context.server.ts", "./app/services.server.ts"];
const FEATURES = readdirSync(new URL("./app/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const layerZones = [
  {
    target: "./app/config",
    from: ["./app/infra", "./app/shared", "./app/features", ...COMPOSITION, ...TOP, "./server"],
    message: "config is the bottom layer: it imports nothing of the app.",
  },
  {
    target: ["./app/infra", "./app/shared"],
    from: ["./app/features", ...COMPOSITION, ...TOP, "./server"],
    message: "shared and infra sit below the features: pass what they need in instead of importing upward.",
  },
  {
    target: "./app/features",
    from: [...COMPOSITION, ...TOP, "./server"],
    message: "A feature may not import the composition root, the request context or a route: take dependencies as arguments.",
  },
  {
    target: COMPOSITION,
    from: TOP,
    message: "The composition root sits below the routes.",
  },
  {
    target: "./server",
    from: ["./app/features", ...COMPOSITION, ...TOP],
    message: "The HTTP edge reaches the app only through the build's entry module: no feature or route imports here.",
  },
];

/**
 * Another feature's internals are its own: import its public index.ts /
 * index.server.ts (or index.account.ts: auth's tools for the account pages,
 * kept out of the shell that every page loads).
 */
const featureZones = FEATURES.flatMap((feature) =>
  FEATURES.filter((other) => other !== feature).map((other) => ({
    target: `./app/features/${feature}`,
    from: `./app/features/${other}`,
    except: ["./index.ts", "./index.server.ts", "./index.account.ts"],
    message: `features/${feature} may use features/${other} only through its public index (index.ts or index.server.ts).`,
  })),
);

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "test-results/", "playwright-report/", "tests/.artifacts/", "data/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "react-hot-toast",
              message: "Use notify from ~/shared/lib/toasts: it keeps the library out of the initial JavaScript.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // The import graph: layers, feature boundaries, no cycles.
    files: ["app/**/*.{ts,tsx}", "server/**/*.{ts,js}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
      // Which files the cycle check reads, and with what parser.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: [...layerZones, ...featureZones] }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // Tests reach across layers to set up what they test; only cycles stay forbidden.
    files: ["**/*.test.{ts,tsx}"],
    rules: { "import-x/no-restricted-paths": "off" },
  },
  {
    // Playwright fixtures: `use` is Playwright's, not React's; `{}` means "no dependencies".
    files: ["tests/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off", "no-empty-pattern": "off" },
  },
  {
    // Migrations and Better Auth's migration runner work on untyped schemas.
    files: ["app/infra/db/migrat*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
