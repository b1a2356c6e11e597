/**
 * What the feature tests run against instead of the composition root: a
 * migrated database (SQLite in a temporary folder, or the one given), the
 * local outbox, a memory rate limiter and a silent logger.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll } from "vitest";
import { type Env, loadEnv } from "../../app/config/env.server";
import { TEST_DEFAULTS } from "./test-defaults";
import { authOptions, createAuth } from "../../app/features/auth/auth.server";
import { type DatabaseHandle, openDatabase } from "../../app/infra/db/database.server";
import { migrateToLatest } from "../../app/infra/db/migrate.server";
import { SessionCache } from "../../app/features/auth/session-cache.server";
import { createMailer } from "../../app/infra/mail/mailer.server";
import { MailOutbox } from "../../app/infra/mail/outbox.server";
import { verificationMailHooks } from "../../app/features/auth/account-rules.server";
import { notificationHooks } from "../../app/features/forms/notifications.server";
import { memoryStore, RateLimiter } from "../../app/infra/rate-limit/rate-limiter.server";
import { createTokenSync, type TokenSync } from "../../app/features/token-sync/index.server";

export interface TestServices {
  env: Env;
  log: pino.Logger;
  database: DatabaseHandle;
  mailer: ReturnType<typeof createMailer>;
  /** Not started: a test runs its passes (`outbox.runOnce()`), or starts it. */
  outbox: MailOutbox;
  limiter: RateLimiter;
  sessionCache: SessionCache;
  auth: ReturnType<typeof createAuth>;
  /** Built as the composition root does, when the extra env sets TOKEN_SYNC_URL. */
  tokenSync: TokenSync | undefined;
  close(): Promise<void>;
}

export async function openTestServices(extraEnv: Record<string, string> = {}): Promise<TestServices> {
  const dir = mkdtempSync(path.join(tmpdir(), "tuesday-services-"));
  const env = loadEnv({ AUTH_SECRET: "test-services-secret-test-services-secret", DATABASE_URL: path.join(dir, "app.db"), ...TEST_DEFAULTS, ...extraEnv }, dir);
  const log = pino({ level: "silent" });
  const database = openDatabase(env.database);
  const mailer = createMailer(env, database, log);
  const outbox = new MailOutbox(database, mailer, log, { retryBaseMs: env.mailRetryBaseMs, messageIdDomain: "localhost" });
  // As the composition root registers them.
  outbox.on("form-notification", notificationHooks);
  outbox.on("verification", verificationMailHooks);
  const limiter = new RateLimiter(memoryStore());
  const sessionCache = new SessionCache();
  const tokenSync = createTokenSync(env, { database, log });
  const deps = { env, database, outbox, log, limiter, sessionCache, tokenSync };
  await migrateToLatest(database, authOptions(deps));
  return {
    ...deps,
    mailer,
    auth: createAuth(deps),
    async close() {
      await outbox.stop();
      await tokenSync?.drain(0);
      await limiter.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Test services for the tests of the calling file or describe: opened before
 * the first, closed after the last. Tests read them through the returned
 * function (there are none before beforeAll has run).
 */
export function testServicesPerSuite(extraEnv: Record<string, string> = {}): () => TestServices {
  let services: TestServices | undefined;
  beforeAll(async () => {
    services = await openTestServices(extraEnv);
  });
  afterAll(async () => {
    await services?.close();
  });
  return () => {
    if (!services) throw new Error("the test services open in beforeAll: read them inside a test or a hook");
    return services;
  };
}
