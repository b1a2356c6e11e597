/**
 * Prints, after the browser tests, where their time went: worker-seconds per spec file and project,
 * the slowest first, and the wall time. CI has 90 minutes for everything; this is what to read when
 * the browser tests grow towards them.
 */
import { writeFileSync } from "node:fs";
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

export default class DurationReporter implements Reporter {
  private readonly perFile = new Map<string, { ms: number; tests: number }>();
  private readonly started = Date.now();

  onTestEnd(test: TestCase, result: TestResult) {
    const project = test.parent.project()?.name ?? "?";
    const file = test.location.file.split(/[\\/]/).pop() ?? test.location.file;
    const key = `[${project}] ${file}`;
    const entry = this.perFile.get(key) ?? { ms: 0, tests: 0 };
    entry.ms += result.duration;
    entry.tests += 1;
    this.perFile.set(key, entry);
  }

  onEnd(_result: FullResult) {
    const rows = [...this.perFile].sort((a, b) => b[1].ms - a[1].ms);
    const total = rows.reduce((sum, [, e]) => sum + e.ms, 0);
    console.log(`\nBrowser tests: ${((Date.now() - this.started) / 1000).toFixed(0)} s wall, ${(total / 1000).toFixed(0)} worker-seconds; by file:`);
    for (const [key, e] of rows.slice(0, 20)) {
      console.log(`  ${(e.ms / 1000).toFixed(0).padStart(6)} s  ${String(e.tests).padStart(3)} tests  ${key}`);
    }
    // `npm test` (scripts/run-tests.mjs) names the ten slowest files of every suite.
    const file = process.env.TEST_TIMES_FILE;
    if (file) writeFileSync(file, JSON.stringify({ files: rows.map(([name, e]) => ({ name, seconds: e.ms / 1000 })) }));
  }

  printsToStdio() {
    return false;
  }
}
