/**
 * `npm run cluster [-- --instances N --port P]`: N instances (default 3) of
 * the production server on PostgreSQL + Redis behind nginx (Debian's
 * package), for operators and for trying scale-out on one machine. Ctrl+C
 * stops everything.
 *
 *   DATABASE_URL  postgres://… (default postgres://postgres@127.0.0.1:5432/postgres)
 *   REDIS_URL     redis://…    (default redis://127.0.0.1:6379)
 *   AUTH_SECRET   shared by the instances (default: a new one each run, which
 *                 signs everyone out on the next run)
 *
 * Logs and nginx's files go to ./data/cluster/.
 */
import path from "node:path";
import { commandArgs } from "./lib/command-args.ts";
import { startCluster } from "./lib/cluster.ts";

const values = commandArgs(
  `Usage: npm run cluster [-- --instances N --port P]

Starts N production instances (default 3) on PostgreSQL (DATABASE_URL) and Redis (REDIS_URL) behind
Debian's nginx on http://localhost:P (default 8080), until Ctrl-C. docs/production.md says more.`,
  {
    instances: { type: "string", default: "3" },
    port: { type: "string", default: "8080" },
  },
);

const instances = Number(values.instances);
const port = Number(values.port);
if (!Number.isInteger(instances) || instances < 1 || instances > 16) throw new Error("--instances must be 1 to 16");

const dir = path.resolve(import.meta.dirname, "../data/cluster");
const cluster = await startCluster({
  instances,
  port,
  databaseUrl: process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  redisUrl: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
  dir,
  env: { LOG_LEVEL: process.env.LOG_LEVEL ?? "info" },
  log: (message) => console.log(message),
});
console.log(`\nThe site is at ${cluster.url} (${instances} instances; logs in ${dir}). Ctrl+C stops it.`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log("\nStopping nginx and the instances…");
    void cluster.stop().then(() => process.exit(0));
  });
}
