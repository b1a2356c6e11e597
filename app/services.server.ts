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
import { verificationMailHooks } from "~/features/auth/verification-mail.server";
import { type Auth, authOptions, createAuth } from "~/features/auth/auth.server";
import { idempotentSignUp } from "~/features/auth/idempotent-sign-up.server";
import { SESSION_CACHE_TTL_MS, SessionCache, UNHEARD_SESSION_CACHE_TTL_MS } from "~/features/auth/session-cache.server";
import { notificationHooks } from "~/features/forms/notifications.server";
import { createTokenSync, type TokenSync } from "~/features/token-sync/index.server";
import { type DatabaseHandle, openDatabase } from "~/infra/db/database.server";
import { migrateToLatest } from "~/infra/db/migrate.server";
import { purgeExpired } from "~/infra/http/idempotency.server";
import { logger as rootLogger } from "~/infra/logger.server";
import { createMailer, type Mailer } from "~/infra/mail/mailer.server";
import { MailOutbox } from "~/infra/mail/outbox.server";
import { WebhookQueue } from "~/infra/webhooks/webhook-queue.server";
import { memoryTtlStore, redisTtlStore } from "~/infra/kv/ttl-store.server";
import { Attribution, scheduleWeeklyReport } from "~/features/analytics/index.server";
import { helpIndex } from "~/features/help/index.server";
import { memoryStore, RateLimiter, redisStore } from "~/infra/rate-limit/rate-limiter.server";

export interface Services {
  env: Env;
  log: Logger;
  database: DatabaseHandle;
  mailer: Mailer;
  /** Every mail the app sends, durably queued and sent by a worker (infra/mail/outbox.server.ts). */
  outbox: MailOutbox;
  limiter: RateLimiter;
  sessionCache: SessionCache;
  auth: Auth;
  /** Better Auth's HTTP handler for /api/auth/* (auth-handler.server.ts). */
  authHandler: AuthHandler;
  /** Sign-ins, refreshes and sign-outs announced to TOKEN_SYNC_URL; undefined when it is not set. */
  tokenSync: TokenSync | undefined;
  /** The forms' webhooks, durably queued and POSTed by a worker (infra/webhooks/webhook-queue.server.ts). */
  webhooks: WebhookQueue;
  /** Where visits come from and the goals they reach (features/analytics/attribution.server.ts). */
  analytics: Attribution;
}

// Kept on globalThis so that a dev-server module reload reuses one connection.
const holder = globalThis as typeof globalThis & {
  __services?: Promise<Services>;
  __started?: Services;
  /** Stops the hourly housekeeping (expired idempotency keys). */
  __housekeeping?: ReturnType<typeof setInterval>;
  /** Stops the weekly summary's scheduler. */
  __weekly?: () => void;
};

async function init(): Promise<Services> {
  const env = loadEnvOnce();
  const log = rootLogger(env.logLevel);
  const database = openDatabase(env.database, { statementTimeoutMs: env.databaseTimeoutMs, acquireTimeoutMs: env.databaseTimeoutMs });
  try {
    const mailer = createMailer(env, database, log);
    const outbox = new MailOutbox(database, mailer, log, { retryBaseMs: env.mailRetryBaseMs, messageIdDomain: new URL(env.appUrl).hostname });
    outbox.on("form-notification", notificationHooks);
    outbox.on("verification", verificationMailHooks);
    const webhooks = new WebhookQueue(database, log, { retryBaseMs: env.webhookRetryBaseMs, allowPrivate: env.allowPrivateWebhooks });
    const limiter = new RateLimiter(env.redisUrl ? redisStore(env.redisUrl, undefined, log) : memoryStore());
    const sessionCache = new SessionCache({
      redisUrl: env.redisUrl,
      // Every instance hears every eviction (Redis), or there is one instance (SQLite): entries may live long.
      ttlMs: env.redisUrl || env.database.kind === "sqlite" ? SESSION_CACHE_TTL_MS : UNHEARD_SESSION_CACHE_TTL_MS,
      log,
    });
    const tokenSync = createTokenSync(env, { database, log });
    // The visitor of the day lives in Redis (every instance sees it) or this process's memory; never the database.
    const analytics = new Attribution(
      database.db,
      env.redisUrl ? redisTtlStore(env.redisUrl, "visitors:", log) : memoryTtlStore(),
      env.authSecret,
      log,
      limiter,
    );
    const deps = { env, database, outbox, log, limiter, sessionCache, tokenSync, analytics };
    const report = await migrateToLatest(database, authOptions(deps));
    const ran = [...report.auth.created, ...report.auth.altered, ...report.app.map((m) => m.name)];
    log.info({ dialect: database.dialect, migrations: ran }, ran.length ? "database migrated" : "database up to date");
    const auth = createAuth(deps);
    return {
      env,
      log,
      database,
      mailer,
      outbox,
      limiter,
      sessionCache,
      auth,
      authHandler: idempotentSignUp(database.db, createAuthHandler(auth)),
      tokenSync,
      webhooks,
      analytics,
    };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}

export function services(): Promise<Services> {
  holder.__services ??= init()
    .then((s) => {
      // The development server never calls startup(): its mail is sent all the same. (Under Vitest, whose
      // mode is "test", the tests drive the outbox and the webhook queue themselves.)
      if (import.meta.env?.MODE === "development") {
        s.outbox.start();
        s.webhooks.start();
      }
      return s;
    })
    .catch((error: unknown) => {
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
  s.outbox.start();
  s.webhooks.start();
  // Ask Tuesday's index, built before the first visitor asks rather than in their request (~0.2 s, ~4 MB).
  const indexStarted = performance.now();
  const index = helpIndex();
  s.log.info({ passages: index.passages.length, ms: Math.round(performance.now() - indexStarted) }, "help index built");
  // The weekly summary mail to operators, Mondays (features/analytics/weekly-report.server.ts; also `npm run report:weekly`).
  holder.__weekly ??= scheduleWeeklyReport({ db: s.database.db, outbox: s.outbox, log: s.log, operatorEmails: s.env.operatorEmails, appUrl: s.env.appUrl });
  holder.__housekeeping ??= setInterval(() => {
    purgeExpired(s.database.db).catch((error: unknown) => s.log.warn({ err: error }, "could not purge expired idempotency keys"));
  }, 60 * 60_000);
  holder.__housekeeping.unref();
}

/** Closes what startup opened; the server calls it after in-flight requests finish. */
export async function shutdown(): Promise<void> {
  clearInterval(holder.__housekeeping);
  holder.__housekeeping = undefined;
  holder.__weekly?.();
  holder.__weekly = undefined;
  const pending = holder.__services;
  holder.__services = undefined;
  holder.__started = undefined;
  if (!pending) return;
  const s = await pending.catch(() => undefined);
  if (!s) return;
  // The last sign-outs' DELETEs get a moment; the database is still open for their email lookups.
  await s.tokenSync?.drain(2_000);
  // A send cut short here is sent again by the next instance to look (same Message-ID).
  await Promise.all([s.outbox.stop(), s.webhooks.stop()]);
  s.mailer.close();
  await s.sessionCache.close();
  await s.limiter.close();
  await s.database.close();
}
