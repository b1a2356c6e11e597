/** `npm run db:migrate`: bring the database named by DATABASE_URL to the current schema, then exit. */
import { ConfigError } from "../app/config/env.server.ts";
import { services, shutdown } from "../app/services.server.ts";

try {
  const { env } = await services();
  console.log(`Database (${env.database.kind}) is up to date.`);
  await shutdown();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(["Configuration error:", ...error.problems.map((p) => `  ${p}`)].join("\n"));
  } else {
    console.error(`Migration failed: ${(error as Error).message}`);
  }
  process.exit(1);
}
