/**
 * The token-sync feature's public server API (issue 13; spec sections 7 and 9):
 * when TOKEN_SYNC_URL is set, sign-ins and refreshes POST a short-lived signed
 * token of the session there, sign-outs DELETE. docs/decisions/0015-token-sync.md.
 *
 * The composition root builds one `TokenSync` and hands it to the auth feature
 * (sign-in and sign-out hooks) and the request context (refreshes).
 */
import type { Logger } from "pino";
import type { Env } from "~/config/env.server";
import type { DatabaseHandle } from "~/infra/db/database.server";
import { TokenSync } from "./sync-client.server";

export { TokenSync, type SyncEvent, type SyncSession, type TokenSyncOptions, type TokenSyncStats } from "./sync-client.server";
export { type SyncClaims, TOKEN_LIFETIME_S, TokenError, sessionHash, verifyToken } from "./token";

/** The process's token sync, or undefined when TOKEN_SYNC_URL is not set (then nothing is done anywhere). */
export function createTokenSync(
  env: Pick<Env, "tokenSync" | "appOrigin">,
  {
    database,
    log,
    ...overrides
  }: { database: DatabaseHandle; log?: Logger } & Partial<Omit<ConstructorParameters<typeof TokenSync>[0], "url" | "secret" | "issuer">>,
): TokenSync | undefined {
  if (!env.tokenSync) return undefined;
  log?.info({ receiver: new URL(env.tokenSync.url).origin }, "token sync on");
  return new TokenSync({
    url: env.tokenSync.url,
    secret: env.tokenSync.secret,
    issuer: env.appOrigin,
    log,
    // Sign-in and sign-out hooks know the session, not the address: read in the background.
    userEmail: async (userId) => (await database.db.selectFrom("user").select("email").where("id", "=", userId).executeTakeFirst())?.email,
    ...overrides,
  });
}
