/**
 * Accounts made for a test in milliseconds, through the app's own stores:
 * Better Auth's internal adapter of an auth built with the app's options
 * (features/auth/auth.server.ts), so every database hook runs as in a real
 * sign-up (the profile row, the name rule, the session's lifetime). No mail, no
 * form, no verification link: the journeys about signing up, verifying,
 * signing in and resetting go through the real mail; nothing else needs to.
 *
 * Route tests (tests/routes/route-kit.ts) use the app's running auth; the
 * browser journeys (tests/e2e/fixtures.ts) build one on the test server's
 * database with `fixtureAuth`, then hand the cookie to the browser.
 */
import { randomBytes } from "node:crypto";
import { makeSignature } from "better-auth/crypto";
import { hashPassword } from "better-auth/crypto";
import { betterAuth } from "better-auth";
import type { Kysely } from "kysely";
import { loadEnv } from "~/config/env.server";
import { authOptions } from "~/features/auth/auth.server";
import { openDatabase } from "~/infra/db/database.server";
import type { Database } from "~/infra/db/schema";
import { SESSION_COOKIE } from "~/infra/http/session-cookie";

/** The password of every fixture account (strong enough for the policy, not in the common list). */
export const FIXTURE_PASSWORD = "correct-horse-7";

/** What the fixture needs of an auth: its context (Better Auth's public `$context`) and its secret. */
export interface FixtureAuth {
  $context: Promise<{
    secret: string;
    internalAdapter: {
      createUser(user: Record<string, unknown>): Promise<{ id: string; email: string; name: string }>;
      linkAccount(account: Record<string, unknown>): Promise<unknown>;
      createSession(userId: string, dontRememberMe?: boolean): Promise<{ token: string; id: string; expiresAt: Date }>;
    };
  }>;
}

export interface AccountOptions {
  email?: string;
  name?: string;
  /** The address is proven (default) or still waits for its link. */
  verified?: boolean;
  /** "en" (default) or "hi": the language of its mails. */
  language?: "en" | "hi";
  /** A password of its own, or none at all (a Google/GitHub-only account). Default FIXTURE_PASSWORD. */
  password?: string | null;
  /** A granted operator (profile role); OPERATOR_EMAILS addresses need no grant. */
  operator?: boolean;
  /** Google or GitHub accounts connected to it (their ids made up), as a provider sign-up leaves them. */
  providers?: Array<"google" | "github">;
}

export interface FixtureAccount {
  id: string;
  email: string;
  name: string;
  password: string | null;
}

// One scrypt hash of the usual password per process: hashing costs ~100 ms of CPU.
let usualHash: Promise<string> | undefined;
const hashOf = (password: string) => (password === FIXTURE_PASSWORD ? (usualHash ??= hashPassword(password)) : hashPassword(password));

/** A fresh, readable address: `label-1a2b3c4d@example.test`. */
export function freshEmail(label = "user"): string {
  return `${label}-${randomBytes(4).toString("hex")}@example.test`;
}

/** Creates an account as a sign-up and its verification would have left it. */
export async function createAccount(auth: FixtureAuth, db: Kysely<Database>, options: AccountOptions = {}): Promise<FixtureAccount> {
  const ctx = await auth.$context;
  const email = (options.email ?? freshEmail()).toLowerCase();
  const name = options.name ?? "Asha Rao";
  const user = await ctx.internalAdapter.createUser({ email, name, emailVerified: options.verified ?? true, language: options.language ?? "en" });
  const password = options.password === undefined ? FIXTURE_PASSWORD : options.password;
  if (password !== null) {
    await ctx.internalAdapter.linkAccount({ userId: user.id, accountId: user.id, providerId: "credential", password: await hashOf(password) });
  }
  for (const providerId of options.providers ?? []) {
    await ctx.internalAdapter.linkAccount({ userId: user.id, accountId: `${providerId}-${randomBytes(6).toString("hex")}`, providerId });
  }
  if (options.operator) await db.updateTable("profile").set({ role: "operator" }).where("user_id", "=", user.id).execute();
  return { id: user.id, email, name: user.name, password };
}

/** What signing up, verifying and signing in leave on the account at `email`: its user row's name and proof, its profile's counters. */
export function accountRecordOf(db: Kysely<Database>, email: string) {
  return db
    .selectFrom("user")
    .innerJoin("profile", "profile.user_id", "user.id")
    .select([
      "user.id",
      "user.name",
      "user.emailVerified",
      "profile.login_count",
      "profile.last_login",
      "profile.verification_attempts",
      "profile.verification_sent_at",
    ])
    .where("user.email", "=", email)
    .executeTakeFirst();
}

/** A session of `userId` and the cookie a browser would hold for it (name and signed value). */
export async function sessionCookieFor(auth: FixtureAuth, userId: string): Promise<{ name: string; value: string; header: string }> {
  const ctx = await auth.$context;
  const session = await ctx.internalAdapter.createSession(userId);
  const value = `${session.token}.${await makeSignature(session.token, ctx.secret)}`;
  return { name: SESSION_COOKIE, value, header: `${SESSION_COOKIE}=${encodeURIComponent(value)}` };
}

/**
 * An auth on another process's database (the browser tests' servers): the app's
 * options, without mail (a fixture sends none). `close` releases the database.
 */
export function fixtureAuth(databaseUrl: string, authSecret: string, appUrl: string) {
  const env = loadEnv({ DATABASE_URL: databaseUrl, AUTH_SECRET: authSecret, APP_URL: appUrl, PWNED_PASSWORDS_URL: "off" });
  const database = openDatabase(env.database);
  const auth = betterAuth(authOptions({ env, database })) as unknown as FixtureAuth;
  return { auth, db: database.db, close: () => database.close() };
}
