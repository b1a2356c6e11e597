import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { LogDestination } from "./log-destination.server";

const opened: Array<{ fd: number; dir: string }> = [];
function logFile() {
  const dir = mkdtempSync(path.join(tmpdir(), "log-destination-"));
  const file = path.join(dir, "out.log");
  const fd = openSync(file, "w");
  opened.push({ fd, dir });
  return { file, fd };
}
afterEach(() => {
  for (const { fd, dir } of opened.splice(0)) {
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  }
});

// Lines of one length (the bound is counted in characters).
const line = (i: number) => `${JSON.stringify({ i: String(i).padStart(5, "0"), msg: "x".repeat(40) })}\n`;

describe("LogDestination", () => {
  it("writes every line, in order, however fast they come", async () => {
    const { file, fd } = logFile();
    const out = new LogDestination(fd);
    for (let i = 0; i < 5000; i++) expect(out.write(line(i))).toBe(true);
    await out.flushed();
    const lines = readFileSync(file, "utf8").trimEnd().split("\n");
    expect(lines).toHaveLength(5000);
    expect(lines.map((l) => Number((JSON.parse(l) as { i: string }).i))).toEqual([...Array(5000).keys()]);
  });

  it("keeps at most maxBytes waiting, drops the rest, and says how many once it catches up", async () => {
    const { file, fd } = logFile();
    const size = line(0).length;
    const out = new LogDestination(fd, size * 10);
    // The first line goes out at once; ten can wait behind it; the rest of this burst is dropped.
    const accepted = Array.from({ length: 100 }, (_, i) => out.write(line(i))).filter(Boolean).length;
    expect(accepted).toBe(11);
    await out.flushed();
    const lines = readFileSync(file, "utf8")
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as { i?: string; droppedLines?: number });
    expect(lines.filter((l) => l.i !== undefined).map((l) => Number(l.i))).toEqual([...Array(11).keys()]);
    expect(lines.at(-1)).toMatchObject({ level: "warn", droppedLines: 89 });
    // And it keeps working afterwards.
    out.write(line(1000));
    await out.flushed();
    expect(readFileSync(file, "utf8").trimEnd().split("\n").at(-1)).toBe(line(1000).trimEnd());
  });

  it("writes what still waits synchronously (at exit), and nothing twice", async () => {
    const { file, fd } = logFile();
    const out = new LogDestination(fd);
    for (let i = 0; i < 3; i++) out.write(line(i));
    out.flushSync();
    // Lines 1 and 2 waited behind line 0, which was already being written.
    expect(readFileSync(file, "utf8")).toContain(line(1) + line(2));
    await out.flushed();
    expect(readFileSync(file, "utf8").split("\n").filter(Boolean).sort()).toEqual([line(0), line(1), line(2)].map((l) => l.trimEnd()));
  });
});
