import { describe, expect, it } from "vitest";
import { DEFAULT_LIMIT, parseMessagesArgs, UsageError } from "./messages-args.ts";

describe("npm run messages: arguments", () => {
  it("defaults to the latest 20 as a table", () => {
    expect(parseMessagesArgs([])).toEqual({ help: false, limit: DEFAULT_LIMIT, kind: undefined, csv: undefined });
  });

  it("reads --limit, --kind and --csv in both spellings", () => {
    expect(parseMessagesArgs(["--limit", "5", "--kind=contact"])).toEqual({ help: false, limit: 5, kind: "contact", csv: undefined });
    expect(parseMessagesArgs(["--csv", "out.csv"])).toEqual({ help: false, limit: undefined, kind: undefined, csv: "out.csv" });
    expect(parseMessagesArgs(["--csv=-", "--limit", "3"])).toMatchObject({ csv: "-", limit: 3 });
    expect(parseMessagesArgs(["-h"]).help).toBe(true);
    expect(parseMessagesArgs(["--help"]).help).toBe(true);
  });

  it("refuses bad arguments with a clear message", () => {
    const message = (argv: string[]) => {
      try {
        parseMessagesArgs(argv);
      } catch (error) {
        expect(error).toBeInstanceOf(UsageError);
        return (error as Error).message;
      }
      throw new Error(`accepted ${argv.join(" ")}`);
    };
    expect(message(["--limit", "0"])).toBe('--limit must be a whole number from 1 to 1000000, got "0"');
    expect(message(["--limit", "ten"])).toContain("--limit must be a whole number");
    expect(message(["--kind", "spam"])).toBe('--kind must be "feedback" or "contact", got "spam"');
    expect(message(["--csv", ""])).toContain("--csv needs a file name");
    expect(message(["--csv"])).toContain("--csv");
    expect(message(["--bogus"])).toContain("--bogus");
    expect(message(["stray"])).toContain("stray");
  });
});
