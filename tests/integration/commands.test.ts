/**
 * The README's commands start: each `npm run` script an operator types
 * answers `--help` with its usage (exit 0) and an unknown option with the
 * usage and exit 2, and `report:weekly` and `db:migrate` run whole on a
 * fresh database. A command whose imports need the build's bundler
 * (`import.meta.glob`) fails here, not in an operator's hands (report:weekly
 * and db:migrate did, under tsx).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(tmpdir(), "commands-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function npmRun(script: string, args: string[], env: Record<string, string> = {}) {
  const run = spawnSync("npm", ["run", "-s", script, "--", ...args], {
    cwd: root,
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, DATABASE_URL: path.join(dir, "app.db"), LOG_LEVEL: "warn", ...env },
  });
  return { status: run.status, out: run.stdout, err: run.stderr };
}

describe("npm run commands", () => {
  const COMMANDS = ["messages", "operator", "report:weekly", "bench", "profile", "cluster", "eval:help", "screenshots"];

  it.each(COMMANDS)("%s --help prints its usage", (name) => {
    const { status, out, err } = npmRun(name, ["--help"]);
    expect({ status, err }).toEqual({ status: 0, err: "" });
    expect(out).toMatch(new RegExp(`^Usage: npm run ${name.replace(":", "\\:")}\\b`));
  });

  it.each(["bench", "profile", "cluster", "eval:help", "report:weekly", "screenshots"])("%s --no-such-option is refused with its usage", (name) => {
    const { status, out, err } = npmRun(name, ["--no-such-option"]);
    expect(status).toBe(2);
    expect(err).toContain("Unknown option '--no-such-option'");
    expect(`${out}${err}`).toContain(`Usage: npm run ${name}`);
  });

  it("db:migrate brings a fresh database to the current schema, and says so again", () => {
    const env = { DATABASE_URL: path.join(dir, "migrate.db") };
    for (let run = 0; run < 2; run++) expect(npmRun("db:migrate", [], env)).toMatchObject({ status: 0, out: "Database (sqlite) is up to date.\n" });
  });

  it("report:weekly runs on a fresh database and says there is no operator to write to", () => {
    const { status, out, err } = npmRun("report:weekly", ["--now", "2026-11-23T09:00:00Z"]);
    expect(out).toContain("Week 2026-11-17 to 2026-11-23: 0 page views. 0 operator(s), 0 mail(s) queued now.");
    expect(err).toContain("No operator to write to");
    expect(status).toBe(1);
  });
});
