/**
 * Users written straight into the tables, for tests of what reads them (the
 * console, the weekly mail) that need no auth, no session and no hooks: the
 * user row as a sign-up leaves it and its profile row, made by the app's own
 * createProfile. Tests of signing up use account-fixture.ts instead.
 */
import type { Kysely } from "kysely";
import { createProfile } from "~/infra/db/profile-rows.server";
import type { Database } from "~/infra/db/schema";

export interface UserRow {
  id: string;
  email: string;
  /** The display name; the address by default. */
  name?: string;
  /** The address is proven (default). */
  verified?: boolean;
  /** The profile's role: "member" by default. */
  role?: "member" | "operator";
}

/** Inserts a user and its profile row; returns its id and address. */
export async function insertUser(db: Kysely<Database>, user: UserRow): Promise<{ id: string; email: string }> {
  const { id, email, name = email, verified = true, role } = user;
  const now = new Date();
  const at = now.toISOString();
  await db
    .insertInto("user")
    .values({ id, name, email, emailVerified: verified ? 1 : 0, image: null, twoFactorEnabled: 0, createdAt: at, updatedAt: at })
    .execute();
  await createProfile(db, id, { verificationSent: false, now });
  if (role) await db.updateTable("profile").set({ role }).where("user_id", "=", id).execute();
  return { id, email };
}
