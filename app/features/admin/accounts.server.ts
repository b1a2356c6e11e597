/**
 * The accounts page's server side (/admin/accounts): counts, sign-ups per
 * day, a search by address, one account's record (read-only: the spec's user
 * record, never a password hash or a session token), and the two things an
 * operator may do to an account: send it a password-reset link, and stop or
 * allow its sign-in. Each action is audited.
 */
import type { Kysely } from "kysely";
import { getUserRecord, type UserRecord } from "~/features/profile/index.server";
import type { Database } from "~/infra/db/schema";
import { toIso } from "~/infra/db/time";
import { waitDuration } from "~/infra/http/responses";
import { containsText } from "~/infra/db/contains";
import { createProfile } from "~/infra/db/profile-rows.server";
import { type Actor, recordAudit } from "./audit.server";
import { isOperator } from "./operators.server";

type Db = Kysely<Database>;

export const SIGN_UP_WINDOWS = [30, 90] as const;
export type SignUpWindow = (typeof SIGN_UP_WINDOWS)[number];

export interface AccountStats {
  total: number;
  verified: number;
  /** Accounts that can sign in each way (one account may have several). */
  byMethod: { password: number; google: number; github: number };
  /** Oldest first, one entry per UTC day of the window, zeros included. */
  signUps: Array<{ day: string; count: number }>;
}

const count = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);

export async function accountStats(db: Db, days: SignUpWindow, now = new Date()): Promise<AccountStats> {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  const [total, verified, methods, created] = await Promise.all([
    db
      .selectFrom("user")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst(),
    db
      .selectFrom("user")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("emailVerified", "=", 1)
      .executeTakeFirst(),
    db
      .selectFrom("account")
      .select(["providerId", (eb) => eb.fn.count<number>("userId").distinct().as("n")])
      .groupBy("providerId")
      .execute(),
    // Only the creation times of the window (an indexed range on Better Auth's column would need its own index; a sign-up list is small).
    db.selectFrom("user").select("createdAt").where("createdAt", ">=", first.toISOString()).execute(),
  ]);
  const byProvider = new Map(methods.map((m) => [m.providerId, Number(m.n)]));
  const perDay = new Map<string, number>();
  for (const row of created) {
    const day = toIso(row.createdAt)?.slice(0, 10);
    if (day) perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  const signUps = Array.from({ length: days }, (_, i) => {
    const day = new Date(first.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    return { day, count: perDay.get(day) ?? 0 };
  });
  return {
    total: count(total),
    verified: count(verified),
    byMethod: { password: byProvider.get("credential") ?? 0, google: byProvider.get("google") ?? 0, github: byProvider.get("github") ?? 0 },
    signUps,
  };
}

export interface AccountSummary {
  id: string;
  email: string;
  name: string;
  verified: boolean;
  createdAt: string;
  disabled: boolean;
}

export const ACCOUNT_SEARCH_LIMIT = 25;

/** Accounts whose address contains `query` (case-insensitive), newest first; the newest when empty. */
export async function searchAccounts(db: Db, query: string): Promise<AccountSummary[]> {
  const text = query.trim().toLowerCase().slice(0, 254);
  let select = db
    .selectFrom("user")
    .leftJoin("profile", "profile.user_id", "user.id")
    .select(["user.id", "user.email", "user.name", "user.emailVerified", "user.createdAt", "profile.sign_in_disabled_at"])
    .orderBy("user.createdAt", "desc")
    .orderBy("user.id")
    .limit(ACCOUNT_SEARCH_LIMIT);
  if (text) select = select.where(containsText("user.email", text));
  const rows = await select.execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    verified: Boolean(r.emailVerified),
    createdAt: toIso(r.createdAt) ?? "",
    disabled: Boolean(r.sign_in_disabled_at),
  }));
}

export interface AccountDetail {
  record: UserRecord;
  methods: string[];
  activeSessions: number;
  role: "member" | "operator";
  signInDisabledAt: string | null;
}

export async function accountDetail(db: Db, id: string, now = new Date()): Promise<AccountDetail | null> {
  if (id.length > 100) return null;
  const record = await getUserRecord(db, id);
  if (!record) return null;
  const [methods, sessions, profile] = await Promise.all([
    db.selectFrom("account").select("providerId").where("userId", "=", id).orderBy("providerId").execute(),
    db
      .selectFrom("session")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("userId", "=", id)
      .where("expiresAt", ">", now.toISOString())
      .executeTakeFirst(),
    db.selectFrom("profile").select(["role", "sign_in_disabled_at"]).where("user_id", "=", id).executeTakeFirst(),
  ]);
  return {
    record,
    methods: methods.map((m) => (m.providerId === "credential" ? "password" : m.providerId)),
    activeSessions: count(sessions),
    role: profile?.role ?? "member",
    signInDisabledAt: toIso(profile?.sign_in_disabled_at),
  };
}

export interface AccountActionDeps {
  db: Db;
  /** Addresses that OPERATOR_EMAILS names: operators, whom the console cannot lock out. */
  operatorEmails: ReadonlySet<string>;
  /**
   * Better Auth's own reset request (the same mail, link lifetime and limits
   * as /auth). Refused by a limit: the seconds to wait.
   */
  requestPasswordReset(email: string): Promise<{ retryAfterS: number } | void>;
  /** Ends every session of the account (Better Auth's adapter, so the session cache hears it). */
  revokeSessions(userId: string): Promise<void>;
  /** A fresh verification link, through Better Auth's own mail (the person's resend limits do not apply to an operator). */
  sendVerification(email: string): Promise<void>;
  /** Deletes the account through Better Auth's adapter: sessions and sign-in methods go, our rows follow, the person is mailed. */
  deleteUser(userId: string): Promise<void>;
}

/** `deleted`: the account is gone (the page moves to the list). */
export type AccountActionResult =
  { ok: true; message: string; deleted?: string } | { ok: false; status: 400 | 404 | 429; message: string; retryAfterS?: number };

export async function accountAction(
  deps: AccountActionDeps,
  actor: Actor,
  intent: string | undefined,
  id: string,
  confirm?: string,
): Promise<AccountActionResult> {
  const user = await deps.db.selectFrom("user").select(["id", "email", "emailVerified"]).where("id", "=", id).executeTakeFirst();
  if (!user) return { ok: false, status: 404, message: "There is no such account." };
  if (intent === "resend-verification") {
    // Help for someone stuck before verification (a lost mail, the resend limit used up).
    if (user.emailVerified) return { ok: false, status: 400, message: `${user.email} is verified already.` };
    await deps.sendVerification(user.email);
    await recordAudit(deps.db, actor, "account.verification-resent", `account ${user.email}`);
    return { ok: true, message: `A new verification link was sent to ${user.email}.` };
  }
  if (intent === "delete-account") {
    // A deletion the person asked for (by mail, or through the contact form): the address typed again, as the person would.
    if (typeof confirm !== "string" || confirm.trim().toLowerCase() !== user.email.toLowerCase()) {
      return { ok: false, status: 400, message: `Type the account's address (${user.email}) to confirm the deletion.` };
    }
    if (user.id === actor.id) return { ok: false, status: 400, message: "Delete your own account from your profile, not from the console." };
    if (await isOperator(deps.db, deps.operatorEmails, user)) {
      return { ok: false, status: 400, message: `${user.email} is an operator. Revoke the role first (npm run operator -- revoke), then delete the account.` };
    }
    await deps.deleteUser(user.id);
    // A deletion on request takes all the person's data: the address's place on the waitlist too (a
    // separate consent, which a person deleting their own account keeps: ADR 0028).
    const left = await deps.db.deleteFrom("waitlist_entry").where("email", "=", user.email.toLowerCase()).executeTakeFirst();
    const fromWaitlist = Number(left.numDeletedRows) > 0;
    await recordAudit(
      deps.db,
      actor,
      "account.deleted",
      `account ${user.email}`,
      fromWaitlist ? "on the person's request; removed from the waitlist too" : "on the person's request",
    );
    // Shown as the flash of the list the page returns to (shared/lib/flash.ts "account-removed").
    return { ok: true, message: `Deleted the account ${user.email}; a notice went to the address.`, deleted: user.email };
  }
  if (intent === "send-password-reset") {
    const refused = await deps.requestPasswordReset(user.email);
    if (refused)
      return {
        ok: false,
        status: 429,
        retryAfterS: refused.retryAfterS,
        message: `Too many reset links for this address or from here. Please wait ${waitDuration(refused.retryAfterS)} and try again.`,
      };
    await recordAudit(deps.db, actor, "account.password-reset-sent", `account ${user.email}`);
    return { ok: true, message: `A password-reset link was sent to ${user.email}.` };
  }
  if (intent === "disable-sign-in" || intent === "enable-sign-in") {
    const disable = intent === "disable-sign-in";
    if (disable && user.id === actor.id) return { ok: false, status: 400, message: "You cannot stop your own sign-in." };
    // One operator must not be able to lock the others out: revoke the role first (npm run operator -- revoke).
    if (disable && (await isOperator(deps.db, deps.operatorEmails, user))) {
      return { ok: false, status: 400, message: `${user.email} is an operator. Revoke the role first (npm run operator -- revoke), then stop the sign-in.` };
    }
    // The row may not exist yet (it is made lazily): without it the stop would not hold.
    await createProfile(deps.db, user.id, { verificationSent: false });
    await deps.db
      .updateTable("profile")
      .set({ sign_in_disabled_at: disable ? new Date().toISOString() : null })
      .where("user_id", "=", user.id)
      .execute();
    if (disable) await deps.revokeSessions(user.id);
    await recordAudit(deps.db, actor, disable ? "account.sign-in-disabled" : "account.sign-in-enabled", `account ${user.email}`);
    return { ok: true, message: disable ? `${user.email} can no longer sign in, and was signed out everywhere.` : `${user.email} can sign in again.` };
  }
  return { ok: false, status: 400, message: "That did not work: unknown action." };
}
