/**
 * `npm run operator -- grant EMAIL` / `revoke EMAIL` / `list`: who may use the
 * operator console (/admin). OPERATOR_EMAILS names operators too; this gives
 * or takes the role on one verified account without a restart.
 */
import { ConfigError, loadEnv } from "../app/config/env.server.ts";
import { setOperatorRole } from "../app/features/admin/operators.server.ts";
import { authOptions } from "../app/features/auth/auth.server.ts";
import { openDatabase } from "../app/infra/db/database.server.ts";
import { migrateToLatest } from "../app/infra/db/migrate.server.ts";

const USAGE = `Usage: npm run operator -- grant EMAIL | revoke EMAIL | list

  grant EMAIL    the verified account with this address may use /admin
  revoke EMAIL   it may not (unless OPERATOR_EMAILS names it)
  list           operators: granted here, and named by OPERATOR_EMAILS
`;

function fail(message: string, code: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

const [command, email, ...rest] = process.argv.slice(2);
if (command === "-h" || command === "--help") {
  process.stdout.write(USAGE);
  process.exit(0);
}
if (!(command === "list" && !email) && !((command === "grant" || command === "revoke") && email && rest.length === 0)) fail(USAGE, 2);

let env;
try {
  env = loadEnv();
} catch (error) {
  if (error instanceof ConfigError) fail(["Configuration error:", ...error.problems.map((p) => `  ${p}`)].join("\n"), 1);
  throw error;
}

const database = openDatabase(env.database);
let code = 0;
try {
  await migrateToLatest(database, authOptions({ env, database }));
  if (command === "list") {
    const rows = await database.db
      .selectFrom("profile")
      .innerJoin("user", "user.id", "profile.user_id")
      .select("user.email")
      .where("profile.role", "=", "operator")
      .orderBy("user.email")
      .execute();
    const granted = rows.map((r) => r.email);
    process.stdout.write(`Granted (npm run operator): ${granted.length ? granted.join(", ") : "none"}\n`);
    process.stdout.write(`Named in OPERATOR_EMAILS: ${env.operatorEmails.size ? [...env.operatorEmails].join(", ") : "none"}\n`);
  } else {
    const outcome = await setOperatorRole(database.db, email!, command === "grant");
    if (!outcome.ok) {
      code = 1;
      process.stderr.write(
        outcome.reason === "no-account"
          ? `No account uses ${email}. The person signs up (and verifies the address) first.\n`
          : `${email} has not verified its address yet; only a verified account can be an operator.\n`,
      );
    } else if (command === "grant") {
      process.stdout.write(outcome.changed ? `${outcome.email} is now an operator: /admin\n` : `${outcome.email} was an operator already.\n`);
    } else {
      process.stdout.write(outcome.changed ? `${outcome.email} is no longer an operator.\n` : `${outcome.email} was not an operator.\n`);
      if (env.operatorEmails.has(outcome.email)) process.stdout.write(`Note: OPERATOR_EMAILS still names ${outcome.email}; remove it there too.\n`);
    }
  }
} catch (error) {
  code = 1;
  process.stderr.write(`npm run operator: ${(error as Error).message}\n`);
}
await database.close();
process.exit(code);
