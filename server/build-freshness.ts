/**
 * `npm start` builds when the build is missing or stale. Stale means: the
 * inputs of the build changed since it was made. The inputs are the sources,
 * the static files, the build configuration and the lockfile; their content
 * hash is written beside the build and compared at start.
 *
 * The build does not depend on APP_URL: prerendered pages are rendered with a
 * placeholder origin that the server replaces when it loads them
 * (static-files.ts), so one build serves any APP_URL.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { precompressAssets } from "./precompress.ts";
import { PLACEHOLDER_ORIGIN } from "../app/shared/lib/seo.server.ts";

const INPUT_DIRS = ["app", "public"];
const INPUT_FILES = ["package-lock.json", "react-router.config.ts", "vite.config.ts", "tsconfig.json"];
const STAMP = path.join("build", ".fingerprint");

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile() && !/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

export function buildFingerprint(root: string): string {
  const hash = createHash("sha256");
  for (const dir of INPUT_DIRS) {
    const abs = path.join(root, dir);
    if (!existsSync(abs)) continue;
    for (const file of walk(abs)) {
      hash.update(path.relative(root, file));
      hash.update(readFileSync(file));
    }
  }
  for (const file of INPUT_FILES) {
    const abs = path.join(root, file);
    if (existsSync(abs)) hash.update(file).update(readFileSync(abs));
  }
  return hash.digest("hex");
}

export function buildIsFresh(root: string, fingerprint: string): boolean {
  const stamp = path.join(root, STAMP);
  if (!existsSync(path.join(root, "build", "server", "index.js")) || !existsSync(stamp)) return false;
  return readFileSync(stamp, "utf8").trim() === fingerprint && statSync(stamp).isFile();
}

/** Builds unless the build is fresh (or always, with `force`). */
export function ensureBuild(root: string, log: (msg: string) => void, { force = false } = {}): void {
  const fingerprint = buildFingerprint(root);
  if (!force && buildIsFresh(root, fingerprint)) return;
  log("Building the site (the build is missing or older than the sources)…");
  const cli = path.join(root, "node_modules", "@react-router", "dev", "bin.js");
  const result = spawnSync(process.execPath, [cli, "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, APP_URL: PLACEHOLDER_ORIGIN, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error(`the build failed (exit code ${result.status ?? result.signal})`);
  const compressed = precompressAssets(path.join(root, "build", "client", "assets"));
  log(`Precompressed ${compressed} assets (brotli and gzip).`);
  writeFileSync(path.join(root, STAMP), `${fingerprint}\n`);
}
