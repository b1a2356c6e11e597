/**
 * What the profile page and the user-record API (contract) both do: read the
 * caller's own record, update its allow-listed fields, delete the account,
 * export it. Authorization always comes from the session: a request may only
 * touch the signed-in user's own record.
 */
import { APIError } from "better-auth/api";
import { rateLimit } from "~/features/auth/auth-gateway.server";
import { RULES } from "~/infra/rate-limit/rules";
import type { Services } from "~/services.server";
import { getUserRecord, updateProfile } from "./user-record.server";
import { PROFILE_MESSAGES } from "./messages";
import { type ProfileUpdate, profileUpdateSchema, type UserRecord } from "./user-record";

export { PROFILE_MESSAGES };

export interface Caller {
  id: string;
  name: string;
  email: string;
}

/** The signed-in, verified caller, or null. */
export async function currentCaller(s: Services, request: Request): Promise<Caller | null> {
  const session = await s.auth.api.getSession({ headers: request.headers }).catch(() => null);
  if (!session?.user.emailVerified) return null;
  return { id: session.user.id, name: session.user.name, email: session.user.email };
}

export type UpdateOutcome =
  | { ok: true; record: UserRecord }
  | { ok: false; message: string; fieldErrors: Partial<Record<keyof ProfileUpdate, string>> };

/**
 * Validates and writes name, gender, dob and about. Any other key in `input`
 * (email, id, counters, roles…) is never read.
 */
export async function updateOwnProfile(s: Services, caller: Caller, input: Record<string, unknown>): Promise<UpdateOutcome> {
  const allowListed = { name: input.name, gender: input.gender ?? "", dob: input.dob ?? "", about: input.about ?? "" };
  const parsed = profileUpdateSchema.safeParse(allowListed);
  if (!parsed.success) {
    const fieldErrors: Partial<Record<keyof ProfileUpdate, string>> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof ProfileUpdate;
      fieldErrors[key] ??= issue.message;
    }
    return { ok: false, message: Object.values(fieldErrors).join(" "), fieldErrors };
  }
  await updateProfile(s.database.db, caller.id, parsed.data);
  const record = await getUserRecord(s.database.db, caller.id);
  if (!record) return { ok: false, message: PROFILE_MESSAGES.updateFailed, fieldErrors: {} };
  return { ok: true, record };
}

export type DeleteOutcome =
  | { kind: "deleted"; clearCookies: string[] }
  | { kind: "mail-sent" }
  | { kind: "name-mismatch" }
  | { kind: "password-required" }
  | { kind: "failed" }
  | { kind: "rate-limited"; response: Response };

/**
 * Deletes the caller's account, sessions and record after checking the typed
 * name and the password. An account made with Google or GitHub has no
 * password: its owner confirms through an emailed link instead.
 */
export async function deleteOwnAccount(
  s: Services,
  request: Request,
  caller: Caller,
  input: { name?: unknown; password?: unknown },
  ip: string,
): Promise<DeleteOutcome> {
  const typed = typeof input.name === "string" ? input.name.trim() : "";
  if (typed !== caller.name.trim()) return { kind: "name-mismatch" };

  const limited = await rateLimit(s, RULES.deleteAccount, ip, caller.id);
  if (limited) return { kind: "rate-limited", response: limited };

  const ctx = await s.auth.$context;
  const credential = await ctx.internalAdapter.findCredentialAccount(caller.id);

  if (!credential?.password) {
    // Social-only account: Better Auth mails a one-time link (deleteUser.sendDeleteAccountVerification).
    try {
      await s.auth.api.deleteUser({ body: { callbackURL: "/home?deleted=1" }, headers: request.headers });
      return { kind: "mail-sent" };
    } catch (error) {
      s.log.warn({ err: error }, "could not start an emailed account deletion");
      return { kind: "failed" };
    }
  }

  const password = typeof input.password === "string" ? input.password : "";
  if (!password) return { kind: "password-required" };
  if (!(await ctx.password.verify({ hash: credential.password, password }))) return { kind: "failed" };

  // Sign out first (its Set-Cookie headers clear this browser's cookies), then delete.
  let clearCookies: string[] = [];
  try {
    const { headers } = await s.auth.api.signOut({ headers: request.headers, returnHeaders: true });
    clearCookies = headers.getSetCookie();
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
  }
  // Removes the user's sessions and sign-in accounts too; our profile and messages follow by cascade.
  await ctx.internalAdapter.deleteUser(caller.id);
  s.log.info({ userId: caller.id }, "account deleted by its owner");
  return { kind: "deleted", clearCookies };
}

/** Everything we hold about the caller, for "Download my data" (GDPR/CCPA access and portability). */
export async function exportOwnData(s: Services, caller: Caller) {
  const record = await getUserRecord(s.database.db, caller.id);
  const accounts = await s.database.db.selectFrom("account").select(["providerId", "createdAt"]).where("userId", "=", caller.id).execute();
  const sessions = await s.database.db
    .selectFrom("session")
    .select(["createdAt", "expiresAt", "ipAddress", "userAgent"])
    .where("userId", "=", caller.id)
    .execute();
  return {
    exported_at: new Date().toISOString(),
    record,
    sign_in_methods: accounts.map((a) => ({ provider: a.providerId === "credential" ? "email and password" : a.providerId, since: a.createdAt })),
    sessions,
  };
}
