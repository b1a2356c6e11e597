/**
 * The operator console's route tests (app/routes/admin*.test.ts): who may see
 * it, and who must get the not-found answer. An operator is the address
 * OPERATOR_EMAILS lists (tests/routes/setup.ts) or an account granted the role.
 * And what the console shows that no route of the test makes: waitlist entries.
 */
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { services } from "~/services.server";
import { sessionCookieFor, type FixtureAuth } from "../support/account-fixture";
import { makeAccount, signIn, type RouteAnswer } from "./route-kit";
import { LISTED_OPERATOR } from "./setup";

export interface Signed {
  id: string;
  email: string;
  cookie: string;
}

/**
 * The listed address's account, made once per file, with a fresh session; `verified` false: its
 * address is then marked unproven again (no session can be made for an unverified account, but one
 * made before stays, and must not open anything).
 */
async function listedAccount(verified: boolean): Promise<Signed> {
  const { auth, database } = await services();
  const setVerified = (id: string, value: boolean) =>
    database.db
      .updateTable("user")
      .set({ emailVerified: value ? 1 : 0 })
      .where("id", "=", id)
      .execute();
  const found = await database.db.selectFrom("user").select("id").where("email", "=", LISTED_OPERATOR).executeTakeFirst();
  const id = found?.id ?? (await makeAccount({ email: LISTED_OPERATOR })).id;
  await setVerified(id, true);
  const { header } = await sessionCookieFor(auth as unknown as FixtureAuth, id);
  if (!verified) await setVerified(id, false);
  return { id, email: LISTED_OPERATOR, cookie: header };
}

/** The operator OPERATOR_EMAILS names, signed in. */
export function listedOperator(): Promise<Signed> {
  return listedAccount(true);
}

/** An operator by the granted role (`npm run operator -- grant`), signed in. */
export function grantedOperator(): Promise<Signed> {
  return signIn({ operator: true });
}

/**
 * Runs `call` as everyone who is not an operator (signed out, a member, the
 * listed address before its verification) and expects the not-found answer,
 * with nothing of the console in it.
 */
export async function expectNotFoundForOutsiders(call: (cookie: string | undefined) => Promise<RouteAnswer>): Promise<void> {
  const member = await signIn();
  const unverifiedListed = await listedAccount(false);
  try {
    for (const [who, cookie] of [
      ["signed out", undefined],
      ["a member", member.cookie],
      ["the listed address, unverified", unverifiedListed.cookie],
    ] as const) {
      const answer = await call(cookie);
      expect(answer.status, who).toBe(404);
      expect(answer.thrown, who).toBe(true);
      expect(answer.data, who).toBe("");
    }
  } finally {
    await listedAccount(true);
  }
}

/** The audit log's entries of `action`, oldest first. */
export async function auditOf(action: string) {
  const { database } = await services();
  return database.db.selectFrom("audit_log").select(["actor_email", "action", "target", "detail", "at"]).where("action", "=", action).orderBy("at").execute();
}

export interface WaitlistEntryOptions {
  /** "plan:student" and the like; "" (default) for no plan. */
  interest?: string;
  /** "pending" (default) or "confirmed" (confirmed now). */
  status?: "pending" | "confirmed";
  /** The page it was joined from; "/pricing" by default. */
  source?: string;
}

/** A waitlist entry for `email`, joined now in English, written straight into the table; its id. */
export async function addWaitlistEntry(email: string, { interest = "", status = "pending", source = "/pricing" }: WaitlistEntryOptions = {}): Promise<string> {
  const { database } = await services();
  const id = randomUUID();
  const now = new Date().toISOString();
  await database.db
    .insertInto("waitlist_entry")
    .values({
      id,
      email,
      interest,
      status,
      confirm_token_hash: null,
      confirm_sent_at: null,
      source,
      created_at: now,
      confirmed_at: status === "confirmed" ? now : null,
      language: "en",
    })
    .execute();
  return id;
}
