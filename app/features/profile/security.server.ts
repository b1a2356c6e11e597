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
 */
import { isAPIError } from "better-auth/api";
import type { Kysely } from "kysely";
import type { Database } from "~/infra/db/schema";
import type { Auth } from "~/features/auth/index.server";
import type { Viewer } from "~/shared/lib/viewer";
import { describeDevice } from "~/shared/lib/device";
import type { SecurityActionData, SignedInDevice } from "./security-state";
import { AUTH_FIELD_MESSAGES } from "~/features/auth";
import { hasFieldErrors } from "~/shared/lib/field-errors";
import { checkPasswordChange, SECURITY_FIELD_MESSAGES } from "./security-fields";

export interface SecurityDeps {
  auth: Auth;
  env: { minPasswordLength: number };
  database: { db: Kysely<Database> };
}

export const SECURITY_MESSAGES = {
  passwordChanged: "Your password was changed. Every other device was signed out.",
  weakPassword:
    "The password you signed in with is one of the most common passwords or has appeared in a data breach, so attackers may try it. Please choose a new one below.",
  wrongPassword: "Your current password is not correct.",
  ...SECURITY_FIELD_MESSAGES,
  setPasswordSent: "We emailed you a link to set a password. It works once, for one hour.",
  deviceSignedOut: "That device was signed out.",
  othersSignedOut: "Every other device was signed out.",
  unknownDevice: "That device is no longer signed in.",
  failed: "That did not work. Please try again.",
  reauthRequired: "For your security, confirm it's you before changing how you sign in.",
  twoFactorStarted: "Almost there: add the key to your authenticator app, save your backup codes, then enter the code the app shows.",
  twoFactorOn: "Two-factor authentication is on. When you sign in, we will ask for a code from your authenticator app.",
  twoFactorOff: "Two-factor authentication is off.",
  wrongCode: "That code is not right. Check the time on your phone and try again with a new code.",
  codeReused: "That code was already used. Wait for the next one in your authenticator app.",
  backupCodesNew: "Here are your new backup codes. The old ones no longer work. Save these somewhere safe: they are shown only now.",
  passkeyRenamed: "Passkey renamed.",
  passkeyRemoved: "Passkey removed. It can no longer sign in to your account.",
  disconnected: (name: string) => `${name} is disconnected. It can no longer sign in to your account.`,
  lastMethod: "This is the only way you can sign in. Add a password, a passkey or another account before you disconnect it.",
  connectFailed: (name: string) => `Could not connect ${name}. Please try again.`,
  connected: (name: string) => `${name} is connected. You can now sign in with it.`,
  alreadyLinked: (name: string) => `That ${name} account already belongs to another account here.`,
} as const;

export const tooShort = AUTH_FIELD_MESSAGES.tooShort;

interface ListedSession {
  id: string;
  userAgent?: string | null;
  createdAt: Date | string;
  expiresAt: Date | string;
}

/** This browser's session id, if the request carries a valid session. */
async function currentSessionId(deps: SecurityDeps, headers: Headers): Promise<string | undefined> {
  const session = await deps.auth.api.getSession({ headers }).catch(() => null);
  return session?.session.id;
}

async function sessionsOf(deps: SecurityDeps, headers: Headers): Promise<ListedSession[]> {
  return (await deps.auth.api.listSessions({ headers })) as ListedSession[];
}

/** The viewer's signed-in devices, this one first, then the most recently active. */
export async function signedInDevices(deps: SecurityDeps, headers: Headers): Promise<SignedInDevice[]> {
  const [sessions, mine] = await Promise.all([sessionsOf(deps, headers), currentSessionId(deps, headers)]);
  return sessions
    .map((s) => ({
      id: s.id,
      device: describeDevice(s.userAgent ?? ""),
      signedInAt: new Date(s.createdAt).toISOString(),
      expiresAt: new Date(s.expiresAt).toISOString(),
      current: s.id === mine,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.signedInAt.localeCompare(a.signedInAt));
}

function refusal(error: unknown, min: number): { message: string; status: number; field?: "currentPassword" | "newPassword"; reauth?: boolean } {
  if (!isAPIError(error)) throw error;
  const code = (error.body as { code?: string } | undefined)?.code;
  if (code === "REAUTHENTICATION_REQUIRED") return { message: SECURITY_MESSAGES.reauthRequired, status: 403, reauth: true };
  if (code === "INVALID_PASSWORD") return { message: SECURITY_MESSAGES.wrongPassword, status: 400, field: "currentPassword" };
  if (code === "PASSWORD_TOO_SHORT") return { message: tooShort(min), status: 400, field: "newPassword" };
  if (code === "PASSWORD_TOO_LONG") return { message: AUTH_FIELD_MESSAGES.tooLong, status: 400, field: "newPassword" };
  // The password policy (features/auth/password-policy.server.ts): common, the brand's words, breached.
  if (code === "PASSWORD_COMMON" || code === "PASSWORD_BRAND" || code === "PASSWORD_BREACHED") return { message: error.message, status: 400, field: "newPassword" };
  if (error.statusCode === 429) return { message: error.message || SECURITY_MESSAGES.failed, status: 429 };
  return { message: SECURITY_MESSAGES.failed, status: error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400 };
}

export interface ActionResult {
  status: number;
  data: SecurityActionData;
  /** Set-Cookie headers for this browser (a password change gives it a fresh session). */
  cookies?: string[];
}

/** Current password, new password twice: all other sessions end, this browser gets a new one. */
export async function changePassword(deps: SecurityDeps, headers: Headers, fields: Record<string, unknown>): Promise<ActionResult> {
  const current = typeof fields.currentPassword === "string" ? fields.currentPassword : "";
  const next = typeof fields.newPassword === "string" ? fields.newPassword : "";
  const min = deps.env.minPasswordLength;
  const fail = (message: string, field?: "currentPassword" | "newPassword" | "confirmPassword", status = 400): ActionResult => ({
    status,
    data: { intent: "change-password", ok: false, message, field },
  });
  // Every field's error at once, as the form's own check shows them (security-fields.ts).
  const fieldErrors = checkPasswordChange(fields, min);
  if (hasFieldErrors(fieldErrors)) {
    return { status: 400, data: { intent: "change-password", ok: false, message: Object.values(fieldErrors)[0] ?? SECURITY_MESSAGES.failed, fieldErrors } };
  }
  try {
    // Before anything else: a stale session is asked to confirm it's them (the typed passwords are not kept).
    const { headers: answer } = await deps.auth.api.changePassword({
      body: { currentPassword: current, newPassword: next, revokeOtherSessions: true },
      headers,
      returnHeaders: true,
    });
    return { status: 200, data: { intent: "change-password", ok: true, message: SECURITY_MESSAGES.passwordChanged }, cookies: answer.getSetCookie() };
  } catch (error) {
    const r = refusal(error, min);
    if (r.reauth) return { status: 403, data: { intent: "change-password", ok: false, message: r.message, reauth: true } };
    return fail(r.message, r.field, r.status);
  }
}

/** An account made with Google or GitHub has no password: its owner sets one through an emailed link. */
export async function requestSetPassword(deps: SecurityDeps, headers: Headers, viewer: Viewer): Promise<ActionResult> {
  try {
    await deps.auth.api.requestPasswordReset({ body: { email: viewer.email, redirectTo: "/auth/reset-password" }, headers });
    return { status: 200, data: { intent: "set-password", ok: true, message: SECURITY_MESSAGES.setPasswordSent } };
  } catch (error) {
    const r = refusal(error, deps.env.minPasswordLength);
    return { status: r.status, data: { intent: "set-password", ok: false, message: r.message } };
  }
}

/** Signs out one of the viewer's other devices, named by its session id. */
export async function signOutDevice(deps: SecurityDeps, headers: Headers, sessionId: string): Promise<ActionResult> {
  const [sessions, mine] = await Promise.all([sessionsOf(deps, headers), currentSessionId(deps, headers)]);
  const target = sessions.find((s) => s.id === sessionId);
  // Only one of the viewer's own sessions (the list above is theirs), never this browser's.
  const row = target && target.id !== mine ? await deps.database.db.selectFrom("session").select("token").where("id", "=", target.id).executeTakeFirst() : undefined;
  if (!row) {
    return { status: 404, data: { intent: "sign-out-device", ok: false, message: SECURITY_MESSAGES.unknownDevice } };
  }
  await deps.auth.api.revokeSession({ body: { token: row.token }, headers });
  return { status: 200, data: { intent: "sign-out-device", ok: true, message: SECURITY_MESSAGES.deviceSignedOut } };
}

/** Signs out every device but this one (a fresh session only). */
export async function signOutOthers(deps: SecurityDeps, headers: Headers): Promise<ActionResult> {
  try {
    await deps.auth.api.revokeOtherSessions({ headers });
  } catch (error) {
    return refused("sign-out-others", error, deps.env.minPasswordLength);
  }
  return { status: 200, data: { intent: "sign-out-others", ok: true, message: SECURITY_MESSAGES.othersSignedOut } };
}

/** A refused Better Auth call as the page's answer: "confirm it's you" for a stale session, else the reason. */
export function refused(intent: SecurityActionData["intent"], error: unknown, min: number): ActionResult {
  const r = refusal(error, min);
  return { status: r.status, data: { intent, ok: false, message: r.message, reauth: r.reauth } };
}
