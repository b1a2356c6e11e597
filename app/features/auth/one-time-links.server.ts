/**
 * Better Auth's email-verification links are signed tokens that stay valid
 * until they expire. Ours work once: the first use records the token's hash.
 */
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/infra/db/schema";

/** True the first time a token is presented, false ever after. */
export async function consumeOnce(db: Kysely<Database>, token: string, now = new Date()): Promise<boolean> {
  const tokenHash = createHash("sha256").update(token).digest("base64url");
  const result = await db
    .insertInto("consumed_token")
    .values({ token_hash: tokenHash, consumed_at: now.toISOString() })
    .onConflict((oc) => oc.column("token_hash").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
