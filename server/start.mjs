/**
 * `npm start`: plain JavaScript, no TypeScript tooling in the process.
 *
 *   1. NODE_ENV defaults to production, before React or React Router load
 *      (they pick their production or development build on first import);
 *   2. the build is made when it is missing or stale (the contract), unless
 *      the sources are not here at all (a container image of the build);
 *   3. the compiled server (server/*.ts, bundled into the build with the app,
 *      so that every module exists once) takes over: configuration, database,
 *      HTTP (server/serve.ts).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuild } from "./build.mjs";

process.env.NODE_ENV ??= "production";
const root = path.resolve(import.meta.dirname, "..");
// A deployed image carries the build without its sources (Dockerfile): it is what it is.
const hasSources = existsSync(path.join(root, "app"));

try {
  if (hasSources) ensureBuild(root, (message) => process.stdout.write(`${message}\n`));
} catch (error) {
  process.stderr.write(`Could not build the site: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

const build = await import(pathToFileURL(path.join(root, "build/server/index.js")).href);
await build.entry.module.serve(build, { root });
