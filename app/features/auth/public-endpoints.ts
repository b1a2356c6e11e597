/**
 * The Better Auth endpoints served over HTTP at /api/auth/*, each with why it
 * is public (issue 38, finding 3). Everything else Better Auth or a plugin
 * defines answers 404 to the outside, whatever its metadata says: Better
 * Auth's `scope: "server"` is documentation, not a gate, and
 * `/verify-password` was a password oracle for any session. Our own code
 * still calls every endpoint through `auth.api.*` on the server.
 *
 * A new endpoint stays closed until it is added here with its reason; the
 * security suite (tests/security/f38-03-auth-allow-list.test.ts) asks every
 * path Better Auth answers and compares it with this list.
 */

type Method = "GET" | "POST";

export interface PublicEndpoint {
  method: Method;
  /** Better Auth's path below /api/auth; `:id` stands for one path segment. */
  path: string;
  why: string;
  /**
   * A way in from nothing: "first-factor" (an account with two-factor on gets
   * a challenge, not a session: two-factor.server.ts), or "second-factor" (it
   * completes one, or is two factors itself: a passkey with user verification).
   */
  signsIn?: "first-factor" | "second-factor";
}

export const PUBLIC_AUTH_ENDPOINTS: readonly PublicEndpoint[] = [
  // Signing up, in and out (the /auth page, with or without JavaScript; the HTTP API).
  { method: "GET", path: "/get-session", why: "who is signed in, for pages and API clients (tokenless)" },
  { method: "POST", path: "/sign-up/email", why: "sign-up with email and password" },
  { method: "POST", path: "/sign-in/email", why: "sign-in with email and password (two-factor challenge after it)", signsIn: "first-factor" },
  { method: "POST", path: "/sign-in/social", why: "starts the Google or GitHub redirect (an ID token is refused)", signsIn: "first-factor" },
  { method: "GET", path: "/callback/:id", why: "Google's or GitHub's redirect back (two-factor challenge after it)", signsIn: "first-factor" },
  { method: "POST", path: "/callback/:id", why: "a provider's form_post redirect back", signsIn: "first-factor" },
  { method: "POST", path: "/sign-out", why: "sign-out" },
  { method: "POST", path: "/passkey/authentication-options", why: "a passkey sign-in's challenge" },
  { method: "POST", path: "/passkey/authenticate", why: "sign-in (or re-authentication) with a passkey, user verification required", signsIn: "second-factor" },
  // Links that arrive by mail.
  { method: "GET", path: "/verify-email", why: "the verification link (signs in only the browser that signed up)", signsIn: "first-factor" },
  { method: "POST", path: "/resend-verification", why: "the spec's resend (5 mails, 5 minutes apart)" },
  { method: "GET", path: "/pending-verification", why: "the check-your-email view's state" },
  { method: "POST", path: "/request-password-reset", why: "Forgot Password?" },
  { method: "GET", path: "/reset-password/:id", why: "the reset link, on to the reset page" },
  { method: "POST", path: "/reset-password", why: "setting the new password with the link's token" },
  { method: "GET", path: "/delete-user/callback", why: "the account-deletion link (only where its owner is signed in)" },
  // A two-factor challenge after a first factor (no session yet), or a signed-in owner's setup (fresh sign-in).
  { method: "POST", path: "/two-factor/verify-totp", why: "a code after the first factor; the first code of a setup (fresh)", signsIn: "second-factor" },
  { method: "POST", path: "/two-factor/verify-backup-code", why: "a backup code after the first factor", signsIn: "second-factor" },
  // Security settings of a signed-in owner: each needs a sign-in within REAUTH_MINUTES (reauthentication.server.ts).
  { method: "POST", path: "/reauthenticate", why: "proves it is the owner: password or code, counted like sign-ins" },
  { method: "POST", path: "/change-password", why: "fresh; the current password too" },
  { method: "POST", path: "/two-factor/enable", why: "fresh" },
  { method: "POST", path: "/two-factor/disable", why: "fresh" },
  { method: "POST", path: "/two-factor/get-totp-uri", why: "fresh: it reveals the secret" },
  { method: "POST", path: "/two-factor/generate-backup-codes", why: "fresh" },
  { method: "POST", path: "/passkey/registration-options", why: "fresh" },
  { method: "POST", path: "/passkey/register", why: "fresh" },
  { method: "GET", path: "/passkey/list", why: "the owner's passkeys, by name" },
  { method: "POST", path: "/passkey/rename", why: "the owner's passkey, by name" },
  { method: "POST", path: "/passkey/delete", why: "fresh" },
  { method: "GET", path: "/list-sessions", why: "the owner's devices (tokenless)" },
  { method: "POST", path: "/revoke-session", why: "fresh: signs out one device" },
  { method: "POST", path: "/revoke-sessions", why: "fresh" },
  { method: "POST", path: "/revoke-other-sessions", why: "fresh" },
  { method: "GET", path: "/list-accounts", why: "the owner's sign-in methods" },
  { method: "POST", path: "/link-social", why: "fresh: connects Google or GitHub by redirect (an ID token is refused)" },
  { method: "POST", path: "/unlink-account", why: "fresh; never the last way in" },
];

/** A provider id or a reset token: nothing a router could decode into another path. */
const SEGMENT = /^[A-Za-z0-9_-]{1,200}$/;

function matches(pattern: string, path: string): boolean {
  const want = pattern.split("/");
  const got = path.split("/");
  if (want.length !== got.length) return false;
  // Inside Better Auth a hook sees the endpoint's own pattern (`/callback/:id`); a request, the segment.
  return want.every((part, i) => (part === ":id" ? got[i] === ":id" || SEGMENT.test(got[i]!) : part === got[i]));
}

/**
 * What the outside may ask of `path` (below /api/auth, as the URL parser
 * normalised it): "open" for a listed method (HEAD is GET), "wrong-method" for
 * a listed path asked another way (405), "closed" for anything else (404).
 */
export function publicAuthAccess(method: string, path: string): "open" | "wrong-method" | "closed" {
  const asked = method === "HEAD" ? "GET" : method;
  const listed = PUBLIC_AUTH_ENDPOINTS.filter((endpoint) => matches(endpoint.path, path));
  if (listed.length === 0) return "closed";
  return listed.some((endpoint) => endpoint.method === asked) ? "open" : "wrong-method";
}

/** How `path` signs in, if it is a way in (see `PublicEndpoint.signsIn`). */
export function signInKind(path: string | undefined): PublicEndpoint["signsIn"] {
  if (!path) return undefined;
  return PUBLIC_AUTH_ENDPOINTS.find((endpoint) => endpoint.signsIn && matches(endpoint.path, path))?.signsIn;
}

/** The methods a listed path takes (the `Allow` header of a 405). */
export function allowedMethods(path: string): string[] {
  return [...new Set(PUBLIC_AUTH_ENDPOINTS.filter((endpoint) => matches(endpoint.path, path)).map((endpoint) => endpoint.method))];
}
