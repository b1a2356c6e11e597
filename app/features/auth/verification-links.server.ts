/**
 * The verification link (GET /verify-email), as a Better Auth plugin: what
 * opening it does beyond Better Auth's own check of its signature.
 *
 *   - it works once (one-time-links.server.ts): opened again, it lands on
 *     the page with LINK_USED; a link Better Auth refuses for its callback
 *     (a mail client mangled its end) is not used up by the refusal
 *   - it signs in only the browser that signed up, the one whose
 *     pending-verification cookie names the account (issue 38, findings 1
 *     and 8; decision 0034): anywhere else it verifies the address and drops
 *     the password nobody proved, and the page asks for a reset link
 *
 * The password is dropped before Better Auth marks the address verified, not
 * after: in between, a sign-in with it that had read the account got a
 * session (a security review raced one in with sign-ins kept running).
 */
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, isAPIError } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { jwtVerify } from "jose";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "~/infra/db/schema";
import { localeOfPath, localizedPath } from "~/shared/i18n/locale";
import { forgetUnprovenSignUp } from "./account-store.server";
import { hasPassword } from "./connected-accounts.server";
import type { HookContext } from "./known-device.server";
import { consumeOnce } from "./one-time-links.server";
import { barePath } from "./safe-redirect";
import { clearPending, readPending } from "./pending-verification.server";

export interface VerificationLinksDeps {
  db: Kysely<Database>;
  log?: Logger;
  appUrl: string;
}

/** A callback URL's path and query on this site, or /auth (never a 500 for a malformed one). */
function safePath(raw: string, appUrl: string): string {
  try {
    return barePath(new URL(raw || "/auth", appUrl), new URL(appUrl).origin) ?? "/auth";
  } catch {
    return "/auth";
  }
}

/** The claims of the verification link this request carries, if this server signed it and it is still good. */
async function verifiedClaims(ctx: HookContext): Promise<{ email?: string; userId?: string; updateTo?: string } | null> {
  const token = typeof ctx.query?.token === "string" ? ctx.query.token : "";
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(ctx.context.secret), { algorithms: ["HS256"] });
    return payload as { email?: string; userId?: string };
  } catch {
    return null;
  }
}

export function verificationLinks({ db, log, appUrl }: VerificationLinksDeps) {
  return {
    id: "verification-links",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/verify-email",
          handler: createAuthMiddleware(async (ctx) => {
            // Only a link this server signed is remembered as used (Better Auth answers any other itself).
            const token = typeof ctx.query?.token === "string" ? ctx.query.token : undefined;
            const claims = token ? await verifiedClaims(ctx) : null;
            if (!token || !claims) return;
            // A callback Better Auth will refuse (one it does not trust, as when a mail client mangled the
            // link's end, or one given twice) is refused before the link is used up, so the same link,
            // opened as it was sent, still works.
            const given: unknown = ctx.query?.callbackURL;
            if (given !== undefined && (typeof given !== "string" || !ctx.context.isTrustedOrigin(given, { allowRelativePaths: true }))) return;
            const callbackURL = given as string | undefined;
            if (!(await consumeOnce(db, token))) {
              const raw = callbackURL ?? "/auth";
              const target = new URL(safePath(raw, appUrl), appUrl);
              target.searchParams.set("error", "LINK_USED");
              throw ctx.redirect(target.toString());
            }
            // Opened outside the browser that signed up (see the after hook): nothing tells whether the
            // person at the mailbox chose the sign-up's password, so it goes now, while the address is
            // still unverified. Only for a sign-up's link (not an address change's) and the address it
            // names (Better Auth refuses any other). Whatever the link's callback says: the sign-up that
            // asked for this mail chose it, and may be the one whose password must go.
            if (!claims.userId || claims.updateTo) return;
            const user = await ctx.context.internalAdapter.findUserById(claims.userId);
            if (!user || user.emailVerified || user.email.toLowerCase() !== claims.email?.toLowerCase()) return;
            const pending = await readPending(ctx);
            if (pending?.userId === user.id) return;
            // The mails' language: the page's the owner lands on (the link's, as the after hook reads it).
            const callback = typeof ctx.query?.callbackURL === "string" ? ctx.query.callbackURL : "";
            if (await forgetUnprovenSignUp(db, user, localeOfPath(safePath(callback, appUrl))))
              log?.info(
                { userId: user.id, pendingFor: pending ? "another account" : "none" },
                "verification link opened outside the sign-up browser: its password dropped",
              );
          }),
        },
      ],
      after: [
        {
          // The verification link signs in only the browser that signed up (its pending-verification cookie
          // names the account): opened anywhere else it verifies the address, but a password nobody proved
          // does not survive it (issue 38, findings 1 and 8). In another browser nothing tells whether the
          // person at the mailbox chose that password: an attacker may have signed up again just after its
          // owner did, so that the owner's mailbox holds the attacker's link. There the password is
          // dropped and its owner chooses one by the reset link (a mail to the same mailbox). Better
          // Auth's own auto sign-in is off (auth.server.ts).
          matcher: (ctx) => ctx.path === "/verify-email",
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            const location = isAPIError(returned) && returned.statusCode === 302 ? new Headers(returned.headers as HeadersInit).get("location") : null;
            if (!location || !URL.canParse(location, appUrl) || new URL(location, appUrl).searchParams.has("error")) return;
            const claims = await verifiedClaims(ctx);
            if (!claims?.userId) return;
            const user = await ctx.context.internalAdapter.findUserById(claims.userId);
            if (!user?.emailVerified) return;
            const pending = await readPending(ctx);
            if (pending?.userId === claims.userId && !(user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled) {
              const session = await ctx.context.internalAdapter.createSession(user.id);
              if (session) {
                await setSessionCookie(ctx, { session, user });
                clearPending(ctx);
                return;
              }
            }
            const callback = typeof ctx.query?.callbackURL === "string" ? ctx.query.callbackURL : "";
            const locale = localeOfPath(safePath(callback, appUrl));
            // Verified elsewhere: the before hook dropped the sign-up's password, and the page asks for a
            // reset link to choose one. (An address verified already keeps its password: an older link of
            // its, opened now, only says it is verified.)
            const choose = !(await hasPassword(db, user.id));
            ctx.setHeader("location", `${appUrl}${localizedPath(choose ? "/auth?mode=reset&verified=choose-password" : "/auth?verified=1", locale)}`);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
