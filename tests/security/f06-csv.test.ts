/**
 * Finding 6: the CSV export's formula guard looked only at a cell's first
 * character: `Sam;=1+2` went out as is, and a spreadsheet whose list separator
 * is `;` (German, French, Spanish… Excel) split it into `Sam` and the formula
 * `=1+2`. Now every cell is quoted and a trigger at a cell's start or after
 * any separator is neutralised. The test sends such a message through the
 * public form, exports it from the console (and with `npm run messages --
 * --csv`), splits the file on every separator and finds no piece that starts
 * a formula.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { call, type SignedIn, signIn } from "../reliability/lib/harness.ts";
import { asServer, reduced, targets } from "./lib/suite.ts";

const root = path.resolve(import.meta.dirname, "../..");
const SEPARATORS = [",", ";", "|", "\t"];

/** Every piece of the file split on each separator that, stripped of spaces and quotes as an import would, starts a formula. */
function formulaPieces(csv: string): string[] {
  const found: string[] = [];
  for (const separator of SEPARATORS) {
    for (const piece of csv.split(separator)) {
      if (/^[=+\-@]/.test(piece.replace(/^[\s"]+/, ""))) found.push(`${JSON.stringify(separator)}: ${piece.slice(0, 40)}`);
    }
  }
  return found;
}

describe.each(targets())("finding 6 on $kind: CSV exports safe in every locale", (target) => {
  const server = asServer(target);
  let operator: SignedIn;
  const marker = `csv-${randomBytes(4).toString("hex")}`;

  beforeAll(async () => {
    operator = await signIn(server, { id: "", name: "", ...target.operator });
    const fields = new URLSearchParams({
      name: "Sam;=1+2",
      email: "sam@example.com",
      message: `${marker} Hello;=cmd|' /C calc'!A0, +1|@SUM(A1)\t-2+3; "=HYPERLINK(""x"")"`,
    });
    const sent = await call(server, "POST", "/f/feedback", fields, {
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    });
    expect(sent.status).toBe(200);
  });

  it("the console's export: every cell quoted, no piece of any split starts a formula", async () => {
    const res = await call(server, "GET", `/admin/messages/export?status=all&q=${marker}`, undefined, { cookie: operator.cookie });
    expect(res.status).toBe(200);
    const csv = await res.text();
    expect(csv).toContain(marker);
    expect(csv).toContain(`"'Sam;'=1+2"`);
    expect(formulaPieces(csv)).toEqual([]);
    // Every line is quoted cells only.
    for (const line of csv.trim().split("\r\n")[0]!.split(",")) expect(line).toMatch(/^".*"$/);
  });

  it.skipIf(reduced)("npm run messages -- --csv: the same", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/messages.ts", "--csv", "-"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: target.databaseUrl, LOG_LEVEL: "silent" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(marker);
    expect(formulaPieces(run.stdout)).toEqual([]);
  });
});
