/**
 * The production server's start sequence, compiled into the build with the
 * app (app/entry.server.tsx re-exports it; server/start.mjs calls it): check
 * the configuration, open and migrate the database, serve the site, and on
 * SIGTERM stop taking work (readiness 503), finish what is under way, close.
 */
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { ServerBuild } from "react-router";
import { ConfigError, env as loadEnvOnce } from "../app/config/env.server";
import { site } from "../app/config/site";
import { markDraining } from "../app/infra/lifecycle";
import { logDestination, logger } from "../app/infra/logger.server";
import { appPortOf } from "./app-port";
import { createHttpServer, gracefulClose } from "./http";
import { loadStaticFiles } from "./static-files";

function fail(lines: string[]): never {
  for (const line of lines) process.stderr.write(`${line}\n`);
  process.exit(1);
}

export async function serve(build: ServerBuild, { root }: { root: string }): Promise<void> {
  let env: ReturnType<typeof loadEnvOnce>;
  try {
    env = loadEnvOnce();
  } catch (error) {
    if (error instanceof ConfigError) fail(["Configuration error:", ...error.problems.map((p) => `  ${p}`)]);
    throw error;
  }
  const log = logger(env.logLevel);
  const app = appPortOf(build);

  try {
    await app.startup();
  } catch (error) {
    log.fatal({ err: error }, "could not start: the database did not open or migrate");
    fail([`Could not start: ${(error as Error).message}`]);
  }

  const server = createHttpServer({
    build,
    staticFiles: loadStaticFiles(path.join(root, "build/client"), env.appOrigin, env.statusUrl),
    log,
    origin: env.appOrigin,
    https: env.appUrl.startsWith("https:"),
    refuseWhileDraining: env.behindProxy,
    requestTimeoutMs: env.requestTimeoutMs,
    trustProxy: env.trustProxy,
  });
  // Longer than a load balancer's idle timeout (nginx keepalive_timeout 60 s), so it closes first.
  server.keepAliveTimeout = 65_000;

  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EADDRINUSE") fail([`Port ${env.port} on ${env.host} is already in use; set PORT to another port.`]);
    fail([`Could not listen: ${error.message}`]);
  });

  server.listen(env.port, env.host, () => {
    log.info(
      { url: env.appUrl, host: env.host, port: env.port, database: env.database.kind, pid: process.pid },
      `${site.productName} is ready at ${env.appUrl}`,
    );
    if (env.mailboxEnabled) log.info(`No SMTP_URL set: mail goes to the local outbox at ${env.appUrl}/dev/mailbox`);
    const unconfigured = (["google", "github"] as const).filter((id) => !env[id]);
    if (unconfigured.length > 0 && !env.showUnconfiguredProviders) {
      log.warn(
        `Sign-in with ${unconfigured.join(" and ")} is not configured: its button is hidden on this public site. Set the client id and secret to offer it.`,
      );
    }
    if (env.mailGoesNowhere) {
      log.warn(
        "No SMTP_URL set and this server is not purely local (HOST or APP_URL is not a loopback address): " +
          "verification and password-reset mail is kept in the database and nobody can read it. Set SMTP_URL.",
      );
    }
  });

  // For operators chasing memory or stalls: one line a minute at debug level.
  if (log.isLevelEnabled("debug")) {
    const mb = (n: number) => Math.round(n / 1048576);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    setInterval(
      () => {
        const m = process.memoryUsage();
        log.debug(
          {
            rssMb: mb(m.rss),
            heapUsedMb: mb(m.heapUsed),
            heapTotalMb: mb(m.heapTotal),
            externalMb: mb(m.external),
            arrayBuffersMb: mb(m.arrayBuffers),
            eventLoopDelayMs: { p50: delay.percentile(50) / 1e6, p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 },
          },
          "memory",
        );
        delay.reset();
      },
      Number(process.env.MEMORY_LOG_INTERVAL_MS ?? 60_000),
    ).unref();
  }

  let stopping = false;
  async function stop(signal: string) {
    if (stopping) return;
    stopping = true;
    markDraining();
    log.info({ signal }, "shutting down: finishing in-flight requests");
    try {
      // Behind a load balancer the grace period is the balancer's cue (503s) to stop sending here.
      await gracefulClose(server, { graceMs: env.behindProxy ? 2000 : 1000, timeoutMs: 10_000 });
    } catch (error) {
      log.warn({ err: error }, "in-flight requests did not finish in time; closing anyway");
      server.closeAllConnections();
    }
    await app.shutdown().catch((error: unknown) => log.error({ err: error }, "error while closing services"));
    log.info("stopped");
    // The last lines out before the process goes (not forever: stdout may be stuck).
    await Promise.race([logDestination.flushed(), new Promise((resolve) => setTimeout(resolve, 2000))]);
    process.exit(0);
  }
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}
