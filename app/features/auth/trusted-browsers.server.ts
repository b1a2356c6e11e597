/**
 * "Trust this device for 30 days" (Better Auth's two-factor plugin), made
 * visible and revocable (issue 38, finding 9).
 *
 * Better Auth keeps each trusted browser as a `verification` row
 * (`trust-device-…`, its value the user id; it rotates at each sign-in) named
 * by a signed cookie. Here:
 *   - a note beside each row names its device (`trusted_browser`), written by
 *     the verification hook in auth.server.ts, so the security page can list
 *     them and forget one;
 *   - every trusted browser of an account is forgotten when its password
 *     changes or is reset, when it signs out everywhere, and when two-factor
 *     is turned off or set up with a new key: each of those says "whoever had
 *     a way in before should not keep it".
 */
import { createHash } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "~/infra/db/schema";
import { describeDevice } from "~/shared/lib/device";

export const TRUST_PREFIX = "trust-device-";

export interface TrustedBrowser {
  /** A stable handle for the page (a hash of Better Auth's identifier, never the identifier itself). */
  id: string;
  device: string;
  trustedAt: string;
  until: string;
  current: boolean;
}

const handleOf = (identifier: string) => createHash("sha256").update(identifier).digest("base64url").slice(0, 16);

/**
 * The verification hook: a new trust row gets a note naming the browser it was made in. The
 * account's notes of rows Better Auth has rotated away or let expire are dropped here, at a
 * sign-in (a write already), not when the security page reads them: the list joins from Better
 * Auth's rows, so a leftover note is never shown, only kept until the next trusted sign-in.
 */
export async function noteTrustedBrowser(db: Kysely<Database>, row: { identifier: string; value: string }, headers: Headers | undefined) {
  if (!row.identifier.startsWith(TRUST_PREFIX)) return;
  await db
    .insertInto("trusted_browser")
    .values({ identifier: row.identifier, user_id: row.value, device: describeDevice(headers?.get("user-agent") ?? ""), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column("identifier").doNothing())
    .execute();
  await db
    .deleteFrom("trusted_browser")
    .where("user_id", "=", row.value)
    .where("identifier", "not in", db.selectFrom("verification").select("identifier").where("value", "=", row.value))
    .execute();
}

/** The identifier inside this browser's trust cookie (`token!identifier`, signed), for marking "this browser". */
export function trustIdentifierOf(cookieValue: string | undefined): string | undefined {
  if (!cookieValue) return undefined;
  const unsigned = decodeURIComponent(cookieValue).split(".")[0] ?? "";
  const identifier = unsigned.split("!")[1];
  return identifier?.startsWith(TRUST_PREFIX) ? identifier : undefined;
}

/** The account's trusted browsers, newest first (a read: no write on the way). */
export async function listTrustedBrowsers(db: Kysely<Database>, userId: string, currentIdentifier?: string, now = new Date()): Promise<TrustedBrowser[]> {
  const rows = await db
    .selectFrom("verification")
    .leftJoin("trusted_browser", "trusted_browser.identifier", "verification.identifier")
    .select(["verification.identifier", "verification.expiresAt", "verification.createdAt", "trusted_browser.device"])
    .where("verification.value", "=", userId)
    .where("verification.identifier", "like", `${TRUST_PREFIX}%`)
    .execute();
  return rows
    .filter((row) => new Date(row.expiresAt).getTime() > now.getTime())
    .map((row) => ({
      id: handleOf(row.identifier),
      device: row.device ?? describeDevice(""),
      trustedAt: new Date(row.createdAt).toISOString(),
      until: new Date(row.expiresAt).toISOString(),
      current: row.identifier === currentIdentifier,
    }))
    .sort((a, b) => b.trustedAt.localeCompare(a.trustedAt));
}

/** Forgets the account's trusted browsers (all, or the one with this handle). The number forgotten. */
export async function forgetTrustedBrowsers(db: Kysely<Database>, userId: string, handle?: string): Promise<number> {
  const rows = await db.selectFrom("verification").select("identifier").where("value", "=", userId).where("identifier", "like", `${TRUST_PREFIX}%`).execute();
  const gone = rows.map((row) => row.identifier).filter((identifier) => !handle || handleOf(identifier) === handle);
  if (gone.length === 0) return 0;
  await db.deleteFrom("verification").where("identifier", "in", gone).execute();
  await db.deleteFrom("trusted_browser").where("identifier", "in", gone).execute();
  return gone.length;
}

/** Endpoints after whose success no browser stays trusted (the password reset: auth.server.ts's onPasswordReset). */
const FORGET_AFTER = new Set(["/change-password", "/revoke-other-sessions", "/revoke-sessions", "/two-factor/disable", "/two-factor/enable"]);

const OWNER = Symbol("trusted-browsers-owner");
type WithOwner = { [OWNER]?: string };

export function trustedBrowserRevocation({ db, log }: { db: Kysely<Database>; log?: Logger }) {
  return {
    id: "trusted-browser-revocation",
    hooks: {
      before: [
        {
          // Whose browsers: the session's, read before the endpoint may end it (/revoke-sessions ends them all).
          matcher: (ctx) => FORGET_AFTER.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx).catch(() => null);
            if (session) (ctx.context as WithOwner)[OWNER] = session.user.id;
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => FORGET_AFTER.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const userId = (ctx.context as WithOwner)[OWNER];
            if (!userId || isAPIError(ctx.context.returned)) return;
            const forgotten = await forgetTrustedBrowsers(db, userId);
            if (forgotten) log?.info({ userId, forgotten, after: ctx.path }, "trusted browsers forgotten");
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
