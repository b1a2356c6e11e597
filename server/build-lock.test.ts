import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, test } from "vitest";

const run = promisify(execFile);
const root = mkdtempSync(path.join(tmpdir(), "build-lock-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A process that holds the build lock for 300 ms, noting when it starts and ends. */
function builder(name: string) {
  const script = `
    import { appendFileSync } from "node:fs";
    import { whileNoOtherBuild } from ${JSON.stringify(path.resolve(import.meta.dirname, "build.mjs"))};
    whileNoOtherBuild(${JSON.stringify(root)}, () => {
      appendFileSync(${JSON.stringify(path.join(root, "log"))}, "${name} start\\n");
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
      appendFileSync(${JSON.stringify(path.join(root, "log"))}, "${name} end\\n");
    });`;
  return run(process.execPath, ["--input-type=module", "-e", script]);
}

test("two processes that build at once take turns: one starts only after the other ended", async () => {
  await Promise.all([builder("a"), builder("b"), builder("c")]);
  const lines = readFileSync(path.join(root, "log"), "utf8").trim().split("\n");
  expect(lines).toHaveLength(6);
  for (let i = 0; i < lines.length; i += 2) {
    const name = lines[i]!.split(" ")[0];
    expect([lines[i], lines[i + 1]]).toEqual([`${name} start`, `${name} end`]);
  }
});
