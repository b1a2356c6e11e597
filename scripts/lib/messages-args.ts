/**
 * `npm run messages`'s arguments and help: the script's own (a feature knows
 * nothing of command lines), parsed with node:util's parseArgs.
 */
import { parseArgs } from "node:util";
import type { FormKind } from "../../app/features/forms/form-schema.ts";

export const DEFAULT_LIMIT = 20;

export const HELP = `Usage: npm run messages -- [options]

Lists the latest feedback and contact messages, newest first, from the
database named by DATABASE_URL (default ./data/app.db).

Options:
  --limit N          show the latest N messages (default ${DEFAULT_LIMIT})
  --kind KIND        only "feedback" or only "contact" messages
  --csv FILE         export ALL matching messages as CSV to FILE ("-" for
                     standard output) instead of the table; with --limit,
                     only the latest N
  -h, --help         show this help

Examples:
  npm run messages
  npm run messages -- --kind contact --limit 50
  npm run messages -- --csv messages.csv
  DATABASE_URL=postgres://… npm run messages -- --kind feedback --csv -
`;

export interface MessagesCommand {
  help: boolean;
  /** For the table: always set; for CSV: only when given. */
  limit: number | undefined;
  kind: FormKind | undefined;
  /** A file, "-" for stdout, or undefined for the table. */
  csv: string | undefined;
}

export class UsageError extends Error {
  override name = "UsageError";
}

export function parseMessagesArgs(argv: string[]): MessagesCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        limit: { type: "string" },
        kind: { type: "string" },
        csv: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    // node:util says e.g. "Unknown option '--foo'" or "Option '--limit <value>' argument missing".
    throw new UsageError((error as Error).message.replace(/\. To specify a positional argument.*$/s, ""));
  }
  const v = parsed.values;
  if (v.help) return { help: true, limit: undefined, kind: undefined, csv: undefined };

  let limit: number | undefined;
  if (v.limit !== undefined) {
    if (!/^\d+$/.test(v.limit) || Number(v.limit) < 1 || Number(v.limit) > 1_000_000) {
      throw new UsageError(`--limit must be a whole number from 1 to 1000000, got "${v.limit}"`);
    }
    limit = Number(v.limit);
  }
  if (v.kind !== undefined && v.kind !== "feedback" && v.kind !== "contact") {
    throw new UsageError(`--kind must be "feedback" or "contact", got "${v.kind}"`);
  }
  if (v.csv !== undefined && v.csv.trim() === "") throw new UsageError('--csv needs a file name, or "-" for standard output');

  return {
    help: false,
    limit: v.csv === undefined ? (limit ?? DEFAULT_LIMIT) : limit,
    kind: v.kind,
    csv: v.csv,
  };
}
