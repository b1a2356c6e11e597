/**
 * A command's options through node:util's parseArgs, with what every
 * command line owes its user: `--help` (`-h`) prints the usage and exits 0,
 * and an option it does not know is answered with the usage and exit code 2,
 * not a stack trace.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";

type Options = NonNullable<ParseArgsConfig["options"]>;
const HELP = { help: { type: "boolean", short: "h", default: false } } as const;

function parse<const T extends Options, P extends boolean>(usage: string, options: T, allowPositionals: P) {
  const config = { options: { ...options, ...HELP }, allowPositionals };
  const text = `${usage.trim()}\n`;
  let parsed: ReturnType<typeof parseArgs<typeof config>>;
  try {
    parsed = parseArgs(config);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${text}`);
    process.exit(2);
  }
  if ((parsed.values as { help?: boolean }).help) {
    process.stdout.write(text);
    process.exit(0);
  }
  return parsed;
}

/** The options of a command that takes no other arguments. */
export function commandArgs<const T extends Options>(usage: string, options: T) {
  return parse(usage, options, false).values;
}

/** The options and the other arguments (a URL, paths) of a command that takes both. */
export function commandLine<const T extends Options>(usage: string, options: T) {
  const { values, positionals } = parse(usage, options, true);
  return { values, positionals };
}
