/**
 * `npm test`: every suite, with each one's wall time and the ten slowest test
 * files at the end (CI has a budget; this says where it goes). The reduced
 * suites are the short forms of test:reliability, test:security and
 * test:faults (`npm run test:full` runs them whole).
 *
 * The suites run one after another, after one build, except types and lint,
 * which each keep one core busy and run side by side. Two lanes side by side
 * (ADR 0037) came to cost more than they saved: on this 2-core machine each
 * suite starts servers and browsers of its own, and beside one another the
 * unit tests took 1,161 s against 195 s alone and the browser journeys 1,407 s
 * against 446 s (ADR 0051). Every suite still has ports and databases of its
 * own (tests/support/ports.ts, the suites' PORTS; the fault suite its own
 * redis-server). A suite alone streams its output; types and lint print
 * theirs whole when they end. After a failure no new suite starts, and the
 * exit code is 1.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const timesDir = path.join(root, "tests", ".artifacts", "test-times");

/** Stages one after another; the suites of a stage, each [name, command, environment], side by side. */
const STAGES = [
  [
    ["types", "npm run typecheck", {}],
    ["lint", "npm run lint", {}],
  ],
  [["unit and route tests", `npm run test:unit -- --reporter=default --reporter=json --outputFile.json=${json("unit")}`, {}]],
  [["browser journeys", "npm run test:e2e", { TEST_TIMES_FILE: json("browser") }]],
  [["security (reduced)", `npm run test:security -- --reporter=default --reporter=json --outputFile.json=${json("security")}`, { SECURITY: "reduced" }]],
  [
    [
      "reliability (reduced)",
      `npm run test:reliability -- --reporter=default --reporter=json --outputFile.json=${json("reliability")}`,
      { RELIABILITY: "reduced" },
    ],
  ],
  [["faults (reduced)", `npm run test:faults -- --reporter=default --reporter=json --outputFile.json=${json("faults")}`, { FAULTS: "reduced" }]],
  [["audits", `npm run test:audits -- --reporter=default --reporter=json --outputFile.json=${json("audits")}`, {}]],
];

function json(name) {
  return path.join(timesDir, `${name}.json`);
}

rmSync(timesDir, { recursive: true, force: true });
mkdirSync(timesDir, { recursive: true });

const started = Date.now();
const times = [];
let failed = [];

// One build for every suite (each one's ensureBuild then finds it fresh; two building at once would collide).
{
  const t = Date.now();
  const build = spawnSync("npm run build", { shell: true, stdio: "inherit", cwd: root });
  times.push(["build", (Date.now() - t) / 1000]);
  if (build.status !== 0) failed.push("build");
}

/**
 * Runs one suite. Alone in its stage, its output streams as it comes (a hang or a CI timeout still shows
 * how far it got); beside another, it is held and printed whole at its end, so the two never interleave.
 */
function run([name, command, env], alone) {
  return new Promise((resolve) => {
    const t = Date.now();
    const child = spawn(command, { shell: true, cwd: root, env: { ...process.env, ...env, FORCE_COLOR: "0" } });
    const output = [];
    const keep = (chunk) => (alone ? process.stdout.write(chunk) : output.push(chunk));
    if (alone) process.stdout.write(`\n━━━ ${name} ━━━\n`);
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("close", (code) => {
      const seconds = (Date.now() - t) / 1000;
      times.push([name, seconds]);
      process.stdout.write(`\n━━━ ${name}: ${code === 0 ? "passed" : `FAILED (exit ${code})`} in ${seconds.toFixed(0)} s ━━━\n`);
      if (!alone) process.stdout.write(Buffer.concat(output));
      if (code !== 0) failed.push(name);
      resolve();
    });
  });
}

for (const stage of STAGES) {
  if (failed.length) break;
  await Promise.all(stage.map((suite) => run(suite, stage.length === 1)));
}

console.log("\nnpm test, wall time per suite (types and lint side by side, then one at a time):");
for (const [name, seconds] of times) console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${name}`);
console.log(`  ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s  in all (wall)`);

console.log("\nThe ten slowest test files:");
for (const [seconds, file] of slowestFiles(10)) console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${file}`);

if (failed.length) {
  console.log(`\nfailed: ${failed.join(", ")}`);
  process.exit(1);
}

/** From the suites' JSON reports: Vitest's (per file) and the browser duration reporter's (worker-seconds per file). */
function slowestFiles(count) {
  const rows = [];
  for (const name of readdirSync(timesDir)) {
    let report;
    try {
      report = JSON.parse(readFileSync(path.join(timesDir, name), "utf8"));
    } catch {
      continue;
    }
    const suite = name.replace(/\.json$/, "");
    for (const file of report.testResults ?? []) rows.push([(file.endTime - file.startTime) / 1000, `${path.relative(root, file.name)} (${suite})`]);
    for (const file of report.files ?? []) rows.push([file.seconds, `${file.name} (${suite})`]);
  }
  return rows.sort((a, b) => b[0] - a[0]).slice(0, count);
}
