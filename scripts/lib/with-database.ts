/**
 * What the database commands (`npm run messages`, `npm run operator`) share:
 * read the configuration (its problems printed, exit 1), open the database
 * DATABASE_URL names, bring it to the latest schema (a fresh checkout has no
 * tables yet; this is what `npm start` would do first), run the command,
 * close. A failure prints `npm run <name>: <reason>` and exits 1; the
 * command's own return value is the exit code.
 */
import { ConfigError, type Env, loadEnv } from "../../app/config/env.server.ts";
import { authOptions } from "../../app/features/auth/auth.server.ts";
import { type DatabaseHandle, openDatabase } from "../../app/infra/db/database.server.ts";
import { migrateToLatest } from "../../app/infra/db/migrate.server.ts";

export function fail(message: string, code: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

export async function withDatabase(name: string, run: (env: Env, database: DatabaseHandle) => Promise<number | void>): Promise<never> {
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof ConfigError) fail(["Configuration error:", ...error.problems.map((p) => `  ${p}`)].join("\n"), 1);
    throw error;
  }
  const database = openDatabase(env.database);
  let code: number;
  try {
    await migrateToLatest(database, authOptions({ env, database }));
    code = (await run(env, database)) ?? 0;
  } catch (error) {
    process.stderr.write(`npm run ${name}: ${(error as Error).message}\n`);
    code = 1;
  }
  await database.close().catch(() => {});
  process.exit(code);
}
