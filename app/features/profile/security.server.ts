/**
 * The account security page (/profile/security): the password, the signed-in
 * devices, and signing them out. Everything goes through Better Auth's own
 * endpoints (change-password, list-sessions, revoke-session,
 * revoke-other-sessions, request-password-reset), called with the request's
 * headers, so its checks, our account-rules plugin (limits, the
 * "password changed" notice) and the database hooks (session-cache
 * evictions) all apply exactly as they do over HTTP.
 *
 * Session tokens are credentials: no answer carries one, not even ours from
 * Better Auth (features/auth/tokenless-sessions.server.ts). The page names a
 * device by its session id; revoking one looks its token up here, in the
 * viewer's own sessions, and hands it to Better Auth's revoke-session.
 *
 * Every answer is in the page's language (the route passes its locale): the
 * "account" area's words, the "auth" area's for the password fields, and the
 * Better Auth plugins' refusals mapped by their codes (knownRefusal).
 */
import { isAPIError } from "better-auth/api";
import type { Kysely } from "kysely";
import type { Database } from "~/infra/db/schema";
import { activeSessions, type Auth, passwordRefusalWords } from "~/features/auth/index.server";
import type { Viewer } from "~/shared/lib/viewer";
import { deviceParts } from "~/shared/lib/device";
import { type Locale, localizedPath } from "~/shared/i18n/locale";
import { fill, type Messages } from "~/shared/i18n/messages";
import { messagesFor } from "~/shared/i18n/messages.server";
import type { SecurityActionData, SignedInDevice } from "./security-state";
import { hasFieldErrors } from "~/shared/lib/field-errors";
import { rateLimitedMessage } from "./rate-limit-words";
import { checkPasswordChange } from "./security-fields";

export interface SecurityDeps {
  auth: Auth;
  env: { minPasswordLength: number };
  database: { db: Kysely<Database> };
}

/** The words the security page's actions answer with: the account area's and the auth area's, in the page's language. */
export type SecurityWords = Pick<Messages, "account" | "auth"> & { locale: Locale };

export function securityWords(locale: Locale): SecurityWords {
  const { account, auth } = messagesFor(locale);
  return { locale, account, auth };
}

/**
 * A Better Auth plugin's refusal in the page's words, by its code (the
 * plugins' codes are stable; their messages are English): the re-authentication
 * gate, the password policy, passkeys, rate limits. `undefined` for a code
 * this page does not know.
 */
export function knownRefusal(error: unknown, w: SecurityWords): string | undefined {
  if (!isAPIError(error)) return undefined;
  const code = (error.body as { code?: string } | undefined)?.code;
  switch (code) {
    case "REAUTHENTICATION_REQUIRED":
      return w.account.security.messages.reauthRequired;
    // The password policy (features/auth/password-policy.server.ts): common, the brand's words, breached.
    case "PASSWORD_COMMON":
    case "PASSWORD_BRAND":
    case "PASSWORD_BREACHED":
      return passwordRefusalWords(code, w.auth);
    // Passkeys (features/auth/passkeys.server.ts).
    case "CHALLENGE_EXPIRED":
      return w.auth.passkey.expired;
    case "PASSKEY_INVALID":
    case "FAILED_TO_CREATE_SESSION":
      return w.auth.passkey.checkFailed;
    case "PASSKEY_UNKNOWN":
      return w.auth.passkey.unknown;
    case "EMAIL_NOT_VERIFIED":
      return w.auth.passkey.unverified;
    case "PASSKEY_NOT_FOUND":
      return w.auth.passkey.notFound;
    case "NAME_REQUIRED":
      return w.auth.passkey.nameRequired;
    case "RATE_LIMITED":
      return rateLimitedMessage(error, w.auth);
    default:
      return error.statusCode === 429 ? rateLimitedMessage(error, w.auth) : undefined;
  }
}

/**
 * A refusal this page has no words for: the plugin's own message on the
 * English page (as before), the page's "That did not work" on the Hindi one
 * (never an English sentence there).
 */
export function unmappedRefusal(error: unknown, w: SecurityWords): string {
  const own = isAPIError(error) ? error.message : "";
  return own && w.locale === "en" ? own : w.account.security.messages.failed;
}

/**
 * A device's name in the page's words: the browser and the system by their
 * own (product) names, "Chrome on Windows" placed by the language's template;
 * `names` are those product names (the page marks them as not to translate).
 */
export function deviceName(userAgent: string, w: SecurityWords = securityWords("en")): Pick<SignedInDevice, "device" | "names"> {
  const { browser, system } = deviceParts(userAgent);
  const words = w.account.security.devices;
  if (browser && system) return { device: fill(words.name, { browser, system }), names: [browser, system] };
  const one = browser ?? system;
  return one ? { device: one, names: [one] } : { device: words.unknown, names: [] };
}

/**
 * The viewer's signed-in devices, this one (`mine`, the session id the
 * request was read with) first, then the most recently active.
 */
export async function signedInDevices(deps: SecurityDeps, viewer: { id: string; sessionId: string }, locale: Locale = "en"): Promise<SignedInDevice[]> {
  const sessions = await activeSessions(deps.database.db, viewer.id);
  const mine = viewer.sessionId;
  const w = securityWords(locale);
  return sessions
    .map((s) => ({
      id: s.id,
      ...deviceName(s.userAgent ?? "", w),
      signedInAt: new Date(s.createdAt).toISOString(),
      expiresAt: new Date(s.expiresAt).toISOString(),
      current: s.id === mine,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.signedInAt.localeCompare(a.signedInAt));
}

function refusal(
  error: unknown,
  min: number,
  w: SecurityWords,
): { message: string; status: number; field?: "currentPassword" | "newPassword"; reauth?: boolean } {
  if (!isAPIError(error)) throw error;
  const code = (error.body as { code?: string } | undefined)?.code;
  const said = w.account.security.messages;
  if (code === "REAUTHENTICATION_REQUIRED") return { message: said.reauthRequired, status: 403, reauth: true };
  if (code === "INVALID_PASSWORD") return { message: said.wrongPassword, status: 400, field: "currentPassword" };
  // Its length (Better Auth) and the password policy (features/auth/password-policy.server.ts), in the words sign-up uses.
  const refusedPassword = passwordRefusalWords(code, w.auth, min);
  if (refusedPassword) return { message: refusedPassword, status: 400, field: "newPassword" };
  if (error.statusCode === 429) return { message: knownRefusal(error, w) ?? (error.message ? unmappedRefusal(error, w) : said.failed), status: 429 };
  return { message: said.failed, status: error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400 };
}

export interface ActionResult {
  status: number;
  data: SecurityActionData;
  /** Set-Cookie headers for this browser (a password change gives it a fresh session). */
  cookies?: string[];
}

/** Current password, new password twice: all other sessions end, this browser gets a new one. */
export async function changePassword(deps: SecurityDeps, headers: Headers, fields: Record<string, unknown>, locale: Locale = "en"): Promise<ActionResult> {
  const w = securityWords(locale);
  const current = typeof fields.currentPassword === "string" ? fields.currentPassword : "";
  const next = typeof fields.newPassword === "string" ? fields.newPassword : "";
  const min = deps.env.minPasswordLength;
  const fail = (message: string, field?: "currentPassword" | "newPassword" | "confirmPassword", status = 400): ActionResult => ({
    status,
    data: { intent: "change-password", ok: false, message, field },
  });
  // Every field's error at once, as the form's own check shows them (security-fields.ts).
  const fieldErrors = checkPasswordChange(fields, min, w.account, w.auth);
  if (hasFieldErrors(fieldErrors)) {
    return {
      status: 400,
      data: { intent: "change-password", ok: false, message: Object.values(fieldErrors)[0] ?? w.account.security.messages.failed, fieldErrors },
    };
  }
  try {
    // Before anything else: a stale session is asked to confirm it's them (the typed passwords are not kept).
    const { headers: answer } = await deps.auth.api.changePassword({
      body: { currentPassword: current, newPassword: next, revokeOtherSessions: true },
      headers,
      returnHeaders: true,
    });
    return { status: 200, data: { intent: "change-password", ok: true, message: w.account.security.messages.passwordChanged }, cookies: answer.getSetCookie() };
  } catch (error) {
    const r = refusal(error, min, w);
    if (r.reauth) return { status: 403, data: { intent: "change-password", ok: false, message: r.message, reauth: true } };
    return fail(r.message, r.field, r.status);
  }
}

/** An account made with Google or GitHub has no password: its owner sets one through an emailed link. */
export async function requestSetPassword(deps: SecurityDeps, headers: Headers, viewer: Viewer, locale: Locale = "en"): Promise<ActionResult> {
  const w = securityWords(locale);
  try {
    // The emailed link opens the reset page in the language of the page it was asked from.
    await deps.auth.api.requestPasswordReset({ body: { email: viewer.email, redirectTo: localizedPath("/auth/reset-password", locale) }, headers });
    return { status: 200, data: { intent: "set-password", ok: true, message: w.account.security.messages.setPasswordSent } };
  } catch (error) {
    const r = refusal(error, deps.env.minPasswordLength, w);
    return { status: r.status, data: { intent: "set-password", ok: false, message: r.message } };
  }
}

/** Signs out one of the viewer's other devices (never `viewer.sessionId`, this browser's), named by its session id. */
export async function signOutDevice(
  deps: SecurityDeps,
  headers: Headers,
  viewer: { id: string; sessionId: string },
  sessionId: string,
  locale: Locale = "en",
): Promise<ActionResult> {
  const said = securityWords(locale).account.security.messages;
  const sessions = await activeSessions(deps.database.db, viewer.id);
  const mine = viewer.sessionId;
  const target = sessions.find((s) => s.id === sessionId);
  // Only one of the viewer's own sessions (the list above is theirs), never this browser's.
  const row =
    target && target.id !== mine ? await deps.database.db.selectFrom("session").select("token").where("id", "=", target.id).executeTakeFirst() : undefined;
  if (!row) {
    return { status: 404, data: { intent: "sign-out-device", ok: false, message: said.unknownDevice } };
  }
  try {
    // Behind re-authentication, as signing out everywhere else is (issue 38, finding 15).
    await deps.auth.api.revokeSession({ body: { token: row.token }, headers });
  } catch (error) {
    return refused("sign-out-device", error, deps.env.minPasswordLength, securityWords(locale));
  }
  return { status: 200, data: { intent: "sign-out-device", ok: true, message: said.deviceSignedOut } };
}

/** Signs out every device but this one (a fresh session only). */
export async function signOutOthers(deps: SecurityDeps, headers: Headers, locale: Locale = "en"): Promise<ActionResult> {
  const w = securityWords(locale);
  try {
    await deps.auth.api.revokeOtherSessions({ headers });
  } catch (error) {
    return refused("sign-out-others", error, deps.env.minPasswordLength, w);
  }
  return { status: 200, data: { intent: "sign-out-others", ok: true, message: w.account.security.messages.othersSignedOut } };
}

/** A refused Better Auth call as the page's answer: "confirm it's you" for a stale session, else the reason. */
export function refused(intent: SecurityActionData["intent"], error: unknown, min: number, w: SecurityWords = securityWords("en")): ActionResult {
  const r = refusal(error, min, w);
  return { status: r.status, data: { intent, ok: false, message: r.message, reauth: r.reauth } };
}
