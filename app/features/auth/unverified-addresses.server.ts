/**
 * An unverified address holds nothing an attacker can keep (issue 38,
 * finding 1; the pre-account-hijacking attacks of Sudhodanan and Paverd).
 *
 *   - No session for an account whose address is not verified, whichever
 *     way it was asked for (a password, Google, GitHub, a passkey): so
 *     nothing (a passkey, a connection, a second factor) can be added to it
 *     before its owner proves the mailbox.
 *   - No account for a Google or GitHub address the provider has not
 *     verified: the sign-in is refused with the code Better Auth gives such
 *     an address when it already has an account (`account_not_linked`), so
 *     the refusal does not tell whether it has one.
 *   - A new sign-up for an address whose account was never verified, by
 *     password or by a provider that verified the address, replaces that
 *     account outright: its password, connections, passkeys and sessions go
 *     with it. Only the person who then opens the link in the mailbox (or
 *     whom the provider vouches for) gets an account, with what they chose.
 *
 * The first two are database hooks (auth.server.ts calls them); the third is
 * this plugin's before hook on /sign-up/email and `releaseForProvider`,
 * which the Google and GitHub profile mapping calls once the provider has
 * said who signed in.
 */
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "~/infra/db/schema";
import { NAME_MAX_LENGTH } from "~/shared/lib/person-name";
import { z } from "zod";

/**
 * A provider's unverified address refused: Better Auth's own code (and no description) for such an
 * address that has an account already, so that an address with an account and one without read alike.
 */
export const PROVIDER_EMAIL_NOT_VERIFIED = "account_not_linked";
export const EMAIL_NOT_VERIFIED = "EMAIL_NOT_VERIFIED";

/**
 * Deletes the account holding `email` if its address was never verified
 * (with its connections, passkeys, two-factor and profile: the database
 * cascades them; it holds no session, refuseUnverifiedSession sees to
 * that). One statement: a select and then a delete left a moment in which
 * the owner's verification could land and the verified account still go.
 * True if one went.
 */
async function releaseAddress(db: Kysely<Database>, email: string, log?: Logger): Promise<boolean> {
  const released = await db
    .deleteFrom("user")
    .where("email", "=", email.trim().toLowerCase())
    .where("emailVerified", "=", 0)
    .returning("id")
    .executeTakeFirst();
  if (!released) return false;
  log?.info({ userId: released.id }, "an unverified account gave its address to a new sign-up");
  return true;
}

/** "true", true, 1: how providers and Better Auth say verified. */
export function isVerifiedClaim(value: unknown): boolean {
  return value === true || value === "true" || value === 1;
}

/**
 * Called with the provider's profile before Better Auth looks the address up:
 * a verified address is released from an unverified account, so that the
 * sign-in makes a fresh one (Better Auth would otherwise refuse to link, and
 * the owner could never sign in). An unverified one changes nothing here; the
 * user hook refuses to create its account.
 */
export async function releaseForProvider(db: Kysely<Database>, profile: { email?: unknown; emailVerified?: unknown; email_verified?: unknown }, log?: Logger) {
  if (typeof profile.email !== "string" || !isVerifiedClaim(profile.emailVerified ?? profile.email_verified)) return;
  await releaseAddress(db, profile.email, log);
}

/** The user hook: an account from Google or GitHub only for an address the provider verified. */
export function refuseUnverifiedProviderUser(user: { emailVerified?: unknown }, path: string | undefined) {
  const fromProvider = path === "/sign-in/social" || Boolean(path?.startsWith("/callback/"));
  if (fromProvider && !isVerifiedClaim(user.emailVerified)) {
    throw new APIError("FORBIDDEN", { code: PROVIDER_EMAIL_NOT_VERIFIED });
  }
}

/** The session hook: none for an account whose address is not verified. */
export async function refuseUnverifiedSession(db: Kysely<Database>, userId: string) {
  const user = await db.selectFrom("user").select("emailVerified").where("id", "=", userId).executeTakeFirst();
  if (user && !user.emailVerified) {
    throw new APIError("FORBIDDEN", { code: EMAIL_NOT_VERIFIED, message: "Please verify your email before signing in." });
  }
}

/**
 * A sign-up Better Auth will take (its own checks, and ours on the name): only
 * such a one may replace an unverified account, so that a refused sign-up
 * deletes nothing (the replacement runs before Better Auth reads the body).
 */
function acceptableSignUp(minPasswordLength: number) {
  return z.looseObject({
    email: z.email(),
    password: z.string().min(minPasswordLength).max(128),
    name: z.string().max(NAME_MAX_LENGTH),
    image: z.string().optional(),
    callbackURL: z.string().optional(),
    rememberMe: z.boolean().optional(),
    language: z.string().optional(),
  });
}

export function unverifiedAddresses({ db, log, minPasswordLength }: { db: Kysely<Database>; log?: Logger; minPasswordLength: number }) {
  const acceptable = acceptableSignUp(minPasswordLength);
  return {
    id: "unverified-addresses",
    hooks: {
      before: [
        {
          // Runs after the sign-up limits (account-rules.server.ts: registered first): a refused sign-up replaces nothing.
          matcher: (ctx) => ctx.path === "/sign-up/email",
          handler: createAuthMiddleware(async (ctx) => {
            const body = acceptable.safeParse(ctx.body);
            if (body.success) await releaseAddress(db, body.data.email, log);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
