/**
 * The production server's start sequence (see main.ts): validate the
 * configuration, build if the build is missing or stale, migrate the
 * database, and serve the site.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { ConfigError, loadEnv } from "../app/config/env.server.ts";
import { site } from "../app/config/site.ts";
import { SESSION_COOKIE } from "../app/infra/http/session-cookie.ts";
import { logger } from "../app/infra/logger.server.ts";
import { ensureBuild } from "./build-freshness.ts";
import { createHttpServer, gracefulClose } from "./http.ts";
import { loadStaticFiles } from "./static-files.ts";

interface EntryModule {
  startup(): Promise<void>;
  shutdown(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, "..");

function fail(lines: string[]): never {
  for (const line of lines) process.stderr.write(`${line}\n`);
  process.exit(1);
}

let env: ReturnType<typeof loadEnv>;
try {
  env = loadEnv(process.env, root);
} catch (error) {
  if (error instanceof ConfigError) fail(["Configuration error:", ...error.problems.map((p) => `  ${p}`)]);
  throw error;
}
// The server bundle parses the same environment again; a generated secret must agree.
process.env.AUTH_SECRET = env.authSecret;
const log = logger(env.logLevel);

try {
  ensureBuild(root, (msg) => log.info(msg));
} catch (error) {
  fail([`Could not build the site: ${(error as Error).message}`]);
}

const build = (await import(pathToFileURL(path.join(root, "build/server/index.js")).href)) as ServerBuild;
const app = build.entry.module as unknown as EntryModule;

try {
  await app.startup();
} catch (error) {
  log.fatal({ err: error }, "could not start: the database did not open or migrate");
  fail([`Could not start: ${(error as Error).message}`]);
}

const server = createHttpServer({
  build,
  staticFiles: loadStaticFiles(path.join(root, "build/client"), env.appOrigin),
  log,
  origin: env.appOrigin,
  https: env.appUrl.startsWith("https:"),
  sessionCookie: `${SESSION_COOKIE}=`,
});
server.keepAliveTimeout = 65_000;

server.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EADDRINUSE") fail([`Port ${env.port} on ${env.host} is already in use; set PORT to another port.`]);
  fail([`Could not listen: ${error.message}`]);
});

server.listen(env.port, env.host, () => {
  log.info({ url: env.appUrl, host: env.host, port: env.port, database: env.database.kind }, `${site.productName} is ready at ${env.appUrl}`);
  if (env.mailboxEnabled) log.info(`No SMTP_URL set: mail goes to the local outbox at ${env.appUrl}/dev/mailbox`);
  if (env.mailGoesNowhere) {
    log.warn(
      "No SMTP_URL set and this server is not purely local (HOST or APP_URL is not a loopback address): " +
        "verification and password-reset mail is kept in the database and nobody can read it. Set SMTP_URL.",
    );
  }
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, "shutting down: finishing in-flight requests");
  try {
    await gracefulClose(server, { graceMs: 1000, timeoutMs: 10_000 });
  } catch (error) {
    log.warn({ err: error }, "in-flight requests did not finish in time; closing anyway");
    server.closeAllConnections();
  }
  await app.shutdown().catch((error: unknown) => log.error({ err: error }, "error while closing services"));
  log.info("stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
