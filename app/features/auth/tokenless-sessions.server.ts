/**
 * Session tokens are credentials: no JSON answer carries one
 * (docs/decisions/0022-client-addresses-and-attacker-findings.md, finding 9).
 * Better Auth puts the raw token in the session objects of /get-session and
 * /list-sessions, and at the top of sign-in and sign-up answers, where any
 * script on the origin could read it; the HttpOnly cookie is the only place a
 * browser needs it.
 *
 * `withoutSessionToken` makes the object tokenless where it is produced: the
 * plugin's after hooks for Better Auth's answers (over HTTP and to our own
 * `auth.api.*` calls alike), and the session cache, which keeps only the
 * tokenless copy (so /get-session answered from it, and the edge's replay of
 * it, carry none either). Sessions are named by their id; the security page
 * looks a token up on the server when it revokes one (security.server.ts).
 */
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, isAPIError } from "better-auth/api";

/** Better Auth endpoints whose answers hold a session token. */
const TOKEN_BEARING = new Set([
  "/get-session",
  "/list-sessions",
  "/sign-in/email",
  "/sign-up/email",
  "/sign-in/social",
  "/sign-in/oauth2",
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
  // The new session every password change gives this browser (other devices are always signed out).
  "/change-password",
]);

function omitToken<T>(value: T): T {
  if (!value || typeof value !== "object" || Array.isArray(value) || !("token" in value)) return value;
  const { token: _dropped, ...rest } = value as Record<string, unknown>;
  return rest as T;
}

/** A session answer, a list of sessions or a sign-in answer, without any `token`. */
export function withoutSessionToken<T>(value: T): T {
  if (Array.isArray(value)) return value.map((entry) => omitToken(entry)) as T;
  const top = omitToken(value) as Record<string, unknown> | null;
  if (top && typeof top === "object" && top.session && typeof top.session === "object") return { ...top, session: omitToken(top.session) } as T;
  return top as T;
}

function hasToken(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasToken);
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return "token" in v || (Boolean(v.session) && typeof v.session === "object" && "token" in (v.session as object));
}

/** Registered after every plugin that reads the token from an answer (the session cache). */
export function tokenlessSessions() {
  return {
    id: "tokenless-sessions",
    hooks: {
      after: [
        {
          matcher: (ctx) => TOKEN_BEARING.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (isAPIError(returned) || returned instanceof Response || !hasToken(returned)) return;
            return ctx.json(withoutSessionToken(returned) as Record<string, unknown>);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
