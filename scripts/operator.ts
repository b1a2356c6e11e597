/**
 * `npm run operator -- grant EMAIL` / `revoke EMAIL` / `list`: who may use the
 * operator console (/admin). OPERATOR_EMAILS names operators too; this gives
 * or takes the role on one verified account without a restart.
 */
import { grantedOperators, setOperatorRole } from "../app/features/admin/operators.server.ts";
import { fail, withDatabase } from "./lib/with-database.ts";

const USAGE = `Usage: npm run operator -- grant EMAIL | revoke EMAIL | list

  grant EMAIL    the verified account with this address may use /admin
  revoke EMAIL   it may not (unless OPERATOR_EMAILS names it)
  list           operators: granted here, and named by OPERATOR_EMAILS
`;

const [command, email, ...rest] = process.argv.slice(2);
if (command === "-h" || command === "--help") {
  process.stdout.write(USAGE);
  process.exit(0);
}
if (!(command === "list" && !email) && !((command === "grant" || command === "revoke") && email && rest.length === 0)) fail(USAGE, 2);

await withDatabase("operator", async (env, database) => {
  if (command === "list") {
    const granted = await grantedOperators(database.db);
    process.stdout.write(`Granted (npm run operator): ${granted.length ? granted.join(", ") : "none"}\n`);
    process.stdout.write(`Named in OPERATOR_EMAILS: ${env.operatorEmails.size ? [...env.operatorEmails].join(", ") : "none"}\n`);
    return;
  }
  const outcome = await setOperatorRole(database.db, email!, command === "grant");
  if (!outcome.ok) {
    process.stderr.write(
      outcome.reason === "no-account"
        ? `No account uses ${email}. The person signs up (and verifies the address) first.\n`
        : `${email} has not verified its address yet; only a verified account can be an operator.\n`,
    );
    return 1;
  }
  if (command === "grant") {
    process.stdout.write(outcome.changed ? `${outcome.email} is now an operator: /admin\n` : `${outcome.email} was an operator already.\n`);
  } else {
    process.stdout.write(outcome.changed ? `${outcome.email} is no longer an operator.\n` : `${outcome.email} was not an operator.\n`);
    if (env.operatorEmails.has(outcome.email)) process.stdout.write(`Note: OPERATOR_EMAILS still names ${outcome.email}; remove it there too.\n`);
  }
});
