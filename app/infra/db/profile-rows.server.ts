/**
 * The `profile` row beside Better Auth's `user` row (the spec's user record),
 * at the level both the auth feature (which keeps it in step with sign-ups and
 * sign-ins) and the profile feature (which reads and edits it) need.
 */
import type { Kysely } from "kysely";
import type { Database } from "./schema";

type Db = Kysely<Database>;

export interface NewProfile {
  /** Email sign-up sends the first verification mail: attempts 1, sent now. */
  verificationSent: boolean;
  now?: Date;
}

/** Creates the user's profile row unless it exists. */
export async function createProfile(db: Db, userId: string, { verificationSent, now = new Date() }: NewProfile): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto("profile")
    .values({
      user_id: userId,
      gender: "",
      dob: "",
      about: "",
      login_count: 0,
      last_login: null,
      verification_attempts: verificationSent ? 1 : 0,
      verification_sent_at: verificationSent ? at : null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
}

/** Sign-in bookkeeping (spec section 4): last_login now, login_count + 1. */
export async function recordLogin(db: Db, userId: string, now = new Date()): Promise<void> {
  await createProfile(db, userId, { verificationSent: false, now });
  await db
    .updateTable("profile")
    .set((eb) => ({ login_count: eb("login_count", "+", 1), last_login: now.toISOString() }))
    .where("user_id", "=", userId)
    .execute();
}
