/**
 * The production build, and whether it is fresh: plain JavaScript, so that
 * `npm start` (server/start.mjs) can check and make it without TypeScript
 * tooling in the process. Tests and scripts use the same functions.
 *
 * Fresh means: the inputs of the build are the ones it was made from. The
 * inputs are the sources (app/ and server/, which the build bundles), the
 * static files, the build configuration and the lockfile; their content hash
 * is written beside the build and compared at start.
 *
 * The build does not depend on APP_URL: prerendered pages carry a placeholder
 * origin that the server replaces when it loads them (server/static-files.ts),
 * so one build serves any APP_URL. Hashed assets are brotli/gzip-compressed by
 * the build itself (vite.config.ts, server/precompress.ts).
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const INPUT_DIRS = ["app", "public", "server"];
const INPUT_FILES = ["package-lock.json", "react-router.config.ts", "vite.config.ts", "tsconfig.json"];
const STAMP = path.join("build", ".fingerprint");
const TEST_FILE = /\.test\.tsx?$/;

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile() && !TEST_FILE.test(entry.name)) yield full;
  }
}

/** The content hash of everything the build is made from. */
export function buildFingerprint(root) {
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

export function buildIsFresh(root, fingerprint = buildFingerprint(root)) {
  const stamp = path.join(root, STAMP);
  if (!existsSync(path.join(root, "build", "server", "index.js")) || !existsSync(stamp)) return false;
  return readFileSync(stamp, "utf8").trim() === fingerprint;
}

const LOCK = ".build-lock";
/** A lock older than this was left by a build that died: a build takes about a minute. */
const STALE_LOCK_MS = 10 * 60 * 1000;

/**
 * Runs `fn` while no other process builds: test files that find the build
 * stale ask for it at the same moment, and two builds into one directory
 * fail (ENOTEMPTY). The lock is a directory, made atomically.
 */
export function whileNoOtherBuild(root, fn) {
  const lock = path.join(root, LOCK);
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if (error?.code !== "EEXIST") throw error;
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Builds unless the build is fresh (or always, with `force`). Throws when the build fails. */
export function ensureBuild(root, log = () => {}, { force = false } = {}) {
  const fingerprint = buildFingerprint(root);
  if (!force && buildIsFresh(root, fingerprint)) return false;
  return whileNoOtherBuild(root, () => {
    // Another process may have made it while this one waited.
    if (!force && buildIsFresh(root, fingerprint)) return false;
    build(root, fingerprint, log);
    return true;
  });
}

function build(root, fingerprint, log) {
  log("Building the site (the build is missing or older than the sources)…");
  const cli = path.join(root, "node_modules", "@react-router", "dev", "bin.js");
  const result = spawnSync(process.execPath, [cli, "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error(`the build failed (exit code ${result.status ?? result.signal})`);
  writeFileSync(path.join(root, STAMP), `${fingerprint}\n`);
}

// `npm run build` (node server/build.mjs): always build.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    ensureBuild(path.resolve(import.meta.dirname, ".."), (message) => process.stdout.write(`${message}\n`), { force: true });
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
