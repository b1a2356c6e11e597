/**
 * `npm run messages`: the latest feedback and contact messages, or a CSV
 * export of them. `npm run messages -- --help` explains the options.
 */
import { writeFileSync } from "node:fs";
import { formatTable, toCsv } from "../app/features/forms/message-list.server.ts";
import { countMessages, latestMessages } from "../app/features/forms/message-store.server.ts";
import { HELP, parseMessagesArgs, UsageError } from "./lib/messages-args.ts";
import { fail, withDatabase } from "./lib/with-database.ts";

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

await withDatabase("messages", async (_env, database) => {
  const rows = await latestMessages(database.db, { kind: command.kind, limit: command.limit });
  if (command.csv === undefined) {
    process.stdout.write(formatTable(rows, await countMessages(database.db, command.kind)));
  } else if (command.csv === "-") {
    process.stdout.write(toCsv(rows));
  } else {
    writeFileSync(command.csv, toCsv(rows));
    process.stdout.write(`Exported ${rows.length} message${rows.length === 1 ? "" : "s"} to ${command.csv}\n`);
  }
});
