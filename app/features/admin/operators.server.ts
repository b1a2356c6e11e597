/**
 * Who is an operator: a verified account whose address is in OPERATOR_EMAILS,
 * or whose record says `role = 'operator'` (granted with `npm run operator`).
 * The request context asks once per /admin request; nothing is cached, so a
 * revoked operator loses access with their next request.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/infra/db/schema";

type Db = Kysely<Database>;

export interface OperatorCandidate {
  id: string;
  email: string;
}

export async function isOperator(db: Db, operatorEmails: ReadonlySet<string>, viewer: OperatorCandidate): Promise<boolean> {
  if (operatorEmails.has(viewer.email.toLowerCase())) return true;
  const row = await db.selectFrom("profile").select("role").where("user_id", "=", viewer.id).executeTakeFirst();
  return row?.role === "operator";
}

export type RoleChange = { ok: true; email: string; changed: boolean } | { ok: false; reason: "no-account" | "unverified" };

/**
 * `grant`: the account becomes an operator. Only a verified address can be
 * one: an unverified sign-up for somebody else's address must never inherit it.
 */
export async function setOperatorRole(db: Db, email: string, grant: boolean): Promise<RoleChange> {
  const address = email.trim().toLowerCase();
  const user = await db.selectFrom("user").select(["id", "emailVerified"]).where("email", "=", address).executeTakeFirst();
  if (!user) return { ok: false, reason: "no-account" };
  if (grant && !user.emailVerified) return { ok: false, reason: "unverified" };
  const role = grant ? "operator" : "member";
  const result = await db
    .updateTable("profile")
    .set({ role, updated_at: new Date().toISOString() })
    .where("user_id", "=", user.id)
    .where("role", "!=", role)
    .executeTakeFirst();
  return { ok: true, email: address, changed: Number(result.numUpdatedRows) > 0 };
}

/** The addresses granted the role (OPERATOR_EMAILS aside), alphabetically. */
export async function grantedOperators(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom("profile")
    .innerJoin("user", "user.id", "profile.user_id")
    .select("user.email")
    .where("profile.role", "=", "operator")
    .orderBy("user.email")
    .execute();
  return rows.map((row) => row.email);
}
