/**
 * Reads and writes the user record: Better Auth's `user` row (id, email, name,
 * verified flag, created date) joined with our `profile` row (the rest).
 */
import type { Kysely } from "kysely";
import { createProfile } from "~/infra/db/profile-rows.server";
import type { Database } from "~/infra/db/schema";
import { toDate, toIso } from "~/infra/db/time";
import { asLocale } from "~/shared/i18n/locale";
import type { MessageSummary, ProfileRecord, ProfileUpdate, UserRecord } from "./user-record";

type Db = Kysely<Database>;

export async function listMessages(db: Db, userId: string): Promise<MessageSummary[]> {
  const rows = await db
    .selectFrom("form_message")
    .select(["id", "kind", "name", "email", "message", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((r) => ({ ...r, created_at: toIso(r.created_at) ?? "" }));
}

/** The spec's user record (the API's, the console's). */
export async function getUserRecord(db: Db, userId: string): Promise<UserRecord | null> {
  return (await readRecord(db, userId))?.record ?? null;
}

/** The record as the profile page shows it: with the language of the person's mails. */
export async function getProfileRecord(db: Db, userId: string): Promise<ProfileRecord | null> {
  const found = await readRecord(db, userId);
  return found ? { ...found.record, language: found.language } : null;
}

async function readRecord(db: Db, userId: string) {
  const row = await db
    .selectFrom("user")
    .leftJoin("profile", "profile.user_id", "user.id")
    .select([
      "user.id",
      "user.email",
      "user.name",
      "user.emailVerified",
      "user.createdAt",
      "user.language",
      "profile.gender",
      "profile.dob",
      "profile.about",
      "profile.created_at",
      "profile.updated_at",
      "profile.last_login",
      "profile.login_count",
      "profile.verification_sent_at",
      "profile.verification_attempts",
    ])
    .where("user.id", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  const created = toIso(row.created_at) ?? toIso(row.createdAt) ?? new Date(0).toISOString();
  const record: UserRecord = {
    id: row.id,
    email: row.email,
    name: row.name,
    gender: row.gender ?? "",
    dob: row.dob ?? "",
    about: row.about ?? "",
    created_at: created,
    updated_at: toIso(row.updated_at) ?? created,
    messages: await listMessages(db, userId),
    last_login: toIso(row.last_login),
    login_count: row.login_count ?? 0,
    email_verified: Boolean(row.emailVerified),
    verification_sent_at: toIso(row.verification_sent_at),
    verification_attempts: row.verification_attempts ?? 0,
  };
  return { record, language: asLocale(row.language) };
}

/**
 * Writes the allow-listed fields; the name and the mail language live on
 * Better Auth's user row, written in the same transaction (a language that
 * is not given is left as it is). With `expectedVersion` (the `updated_at` the
 * editor's form was loaded with) it is an optimistic update: when the record
 * changed since (another tab saved), nothing is written and the answer is
 * "conflict". The write itself is conditional on the version it read, so two
 * racing saves of one version cannot both win, on SQLite or PostgreSQL.
 */
export async function updateProfile(
  db: Db,
  userId: string,
  update: ProfileUpdate,
  now = new Date(),
  expectedVersion?: string,
): Promise<"updated" | "conflict"> {
  const at = now.toISOString();
  const conflict = new Error("profile changed meanwhile");
  try {
    await db.transaction().execute(async (trx) => {
      await createProfile(trx, userId, { verificationSent: false, now });
      const row = await trx.selectFrom("profile").select("updated_at").where("user_id", "=", userId).executeTakeFirst();
      const stored = row?.updated_at ?? null;
      if (expectedVersion !== undefined && (stored === null || toDate(stored).getTime() !== Date.parse(expectedVersion))) throw conflict;
      let write = trx.updateTable("profile").set({ gender: update.gender, dob: update.dob, about: update.about, updated_at: at }).where("user_id", "=", userId);
      if (expectedVersion !== undefined && stored !== null) write = write.where("updated_at", "=", stored);
      const written = await write.executeTakeFirst();
      if (Number(written.numUpdatedRows) === 0) throw conflict;
      await trx
        .updateTable("user")
        .set({ name: update.name, ...(update.language ? { language: update.language } : {}), updatedAt: at })
        .where("id", "=", userId)
        .execute();
    });
  } catch (error) {
    if (error === conflict) return "conflict";
    throw error;
  }
  return "updated";
}
