/**
 * The composition root: builds the server-side services once per process and
 * hands them to the request context (request-context.server.ts), from which
 * loaders, actions and API handlers take them. It sits above the features it
 * assembles; no feature imports it.
 *
 * Nothing here runs at import time. The production server calls `startup()`
 * before it listens (migrations included); under `npm run dev` the first request
 * that needs a service starts them. Prerendering at build time never touches
 * the database, because the pages it renders need no service.
 */
import type { Logger } from "pino";
import { type Env, env as loadEnvOnce } from "~/config/env.server";
import { type AuthHandler, createAuthHandler } from "~/features/auth/auth-handler.server";
import { type Auth, authOptions, createAuth } from "~/features/auth/auth.server";
import { SessionCache } from "~/features/auth/session-cache.server";
import { drainNotifications, startNotificationRetries } from "~/features/forms/notifications.server";
import { createTokenSync, type TokenSync } from "~/features/token-sync/index.server";
import { type DatabaseHandle, openDatabase } from "~/infra/db/database.server";
import { migrateToLatest } from "~/infra/db/migrate.server";
import { logger as rootLogger } from "~/infra/logger.server";
import { createMailer, type Mailer } from "~/infra/mail/mailer.server";
import { memoryStore, RateLimiter, redisStore } from "~/infra/rate-limit/rate-limiter.server";
import { ResponseCache } from "./response-cache.server";

export interface Services {
  env: Env;
  log: Logger;
  database: DatabaseHandle;
  mailer: Mailer;
  limiter: RateLimiter;
  sessionCache: SessionCache;
  /** Answers rendered for a viewer, replayed by the edge (response-cache.server.ts). */
  responseCache: ResponseCache;
  auth: Auth;
  /** Better Auth's HTTP handler for /api/auth/* (auth-handler.server.ts). */
  authHandler: AuthHandler;
  /** Sign-ins, refreshes and sign-outs announced to TOKEN_SYNC_URL; undefined when it is not set. */
  tokenSync: TokenSync | undefined;
}

// Kept on globalThis so that a dev-server module reload reuses one connection.
const holder = globalThis as typeof globalThis & {
  __services?: Promise<Services>;
  __started?: Services;
  /** Stops the background retries of form notification mails. */
  __stopNotificationRetries?: () => Promise<void>;
};

async function init(): Promise<Services> {
  const env = loadEnvOnce();
  const log = rootLogger(env.logLevel);
  const database = openDatabase(env.database);
  try {
    const mailer = createMailer(env, database, log);
    const limiter = new RateLimiter(env.redisUrl ? redisStore(env.redisUrl) : memoryStore());
    const sessionCache = new SessionCache({ redisUrl: env.redisUrl, log });
    const tokenSync = createTokenSync(env, { database, log });
    const deps = { env, database, mailer, log, limiter, sessionCache, tokenSync };
    const report = await migrateToLatest(database, authOptions(deps));
    const ran = [...report.auth.created, ...report.auth.altered, ...report.app.map((m) => m.name)];
    log.info({ dialect: database.dialect, migrations: ran }, ran.length ? "database migrated" : "database up to date");
    const auth = createAuth(deps);
    const responseCache = new ResponseCache(sessionCache);
    return { env, log, database, mailer, limiter, sessionCache, responseCache, auth, authHandler: createAuthHandler(auth), tokenSync };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}

export function services(): Promise<Services> {
  holder.__services ??= init().catch((error: unknown) => {
    holder.__services = undefined;
    throw error;
  });
  return holder.__services;
}

/** The services if they are up (the edge's replay must not be the one to start them). */
export function startedServices(): Services | undefined {
  return holder.__started;
}

/** Called by the production server before it listens. */
export async function startup(): Promise<void> {
  const s = await services();
  holder.__started = s;
  holder.__stopNotificationRetries ??= startNotificationRetries(s);
}

/** Closes what startup opened; the server calls it after in-flight requests finish. */
export async function shutdown(): Promise<void> {
  const stopRetries = holder.__stopNotificationRetries;
  holder.__stopNotificationRetries = undefined;
  await stopRetries?.();
  await drainNotifications();
  const pending = holder.__services;
  holder.__services = undefined;
  holder.__started = undefined;
  if (!pending) return;
  const s = await pending.catch(() => undefined);
  if (!s) return;
  // The last sign-outs' DELETEs get a moment; the database is still open for their email lookups.
  await s.tokenSync?.drain(2_000);
  s.mailer.close();
  await s.sessionCache.close();
  await s.limiter.close();
  await s.database.close();
}
