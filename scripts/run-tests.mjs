/**
 * `npm test`: every suite in order, stopping at the first failure, with each
 * one's wall time at the end (CI has a budget; this says where it goes).
 * The reduced suites are the short forms of test:reliability, test:security
 * and test:faults (`npm run test:full` runs them whole).
 */
import { spawnSync } from "node:child_process";

const STEPS = [
  ["types", "npm run typecheck", {}],
  ["lint", "npm run lint", {}],
  ["unit and route tests", "npm run test:unit", {}],
  ["browser journeys", "npm run test:e2e", {}],
  ["audits", "npm run test:audits", {}],
  ["reliability (reduced)", "npm run test:reliability", { RELIABILITY: "reduced" }],
  ["security (reduced)", "npm run test:security", { SECURITY: "reduced" }],
  ["faults (reduced)", "npm run test:faults", { FAULTS: "reduced" }],
];

const times = [];
let failed;
for (const [name, command, env] of STEPS) {
  const started = Date.now();
  const run = spawnSync(command, { shell: true, stdio: "inherit", env: { ...process.env, ...env } });
  times.push([name, (Date.now() - started) / 1000]);
  if (run.status !== 0) {
    failed = name;
    break;
  }
}

console.log("\nnpm test, wall time per suite:");
for (const [name, seconds] of times) console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${name}`);
console.log(`  ${times.reduce((sum, [, s]) => sum + s, 0).toFixed(0).padStart(5)} s  in all`);
if (failed) {
  console.log(`\nfailed: ${failed}`);
  process.exit(1);
}
