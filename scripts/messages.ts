/**
 * `npm run messages`: the latest feedback and contact messages, or a CSV
 * export of them. `npm run messages -- --help` explains the options.
 */
import { writeFileSync } from "node:fs";
import { ConfigError, loadEnv } from "../app/config/env.server.ts";
import { authOptions } from "../app/features/auth/auth.server.ts";
import { formatTable, HELP, parseMessagesArgs, toCsv, UsageError } from "../app/features/forms/message-list.server.ts";
import { countMessages, latestMessages } from "../app/features/forms/message-store.server.ts";
import { openDatabase } from "../app/infra/db/database.server.ts";
import { migrateToLatest } from "../app/infra/db/migrate.server.ts";

function fail(message: string, code: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

let command;
try {
  command = parseMessagesArgs(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) fail(`npm run messages: ${error.message}\nSee: npm run messages -- --help`, 2);
  throw error;
}
if (command.help) {
  process.stdout.write(HELP);
  process.exit(0);
}

let env;
try {
  env = loadEnv();
} catch (error) {
  if (error instanceof ConfigError) fail(["Configuration error:", ...error.problems.map((p) => `  ${p}`)].join("\n"), 1);
  throw error;
}

const database = openDatabase(env.database);
try {
  // A fresh checkout has no tables yet; this is what `npm start` would do first.
  await migrateToLatest(database, authOptions({ env, database }));
  const rows = await latestMessages(database.db, { kind: command.kind, limit: command.limit });
  if (command.csv === undefined) {
    process.stdout.write(formatTable(rows, await countMessages(database.db, command.kind)));
  } else if (command.csv === "-") {
    process.stdout.write(toCsv(rows));
  } else {
    writeFileSync(command.csv, toCsv(rows));
    process.stdout.write(`Exported ${rows.length} message${rows.length === 1 ? "" : "s"} to ${command.csv}\n`);
  }
} catch (error) {
  await database.close().catch(() => {});
  fail(`npm run messages: ${(error as Error).message}`, 1);
}
await database.close();
