/**
 * The account forms' route actions (/auth, /auth/reset-password,
 * /auth/sign-out). Each calls Better Auth's own API, the same endpoints
 * /api/auth/* serves, so our rules (account-rules.server.ts) apply alike, and
 * turns the outcome into what the page shows: a redirect (signed in, signed
 * up, signed out) or a notice in the spec's words. They work the same for a
 * plain form post (no JavaScript) and for a fetcher.
 */
import { cleanName, nameFromEmail } from "~/shared/lib/person-name";
import { hasFieldErrors } from "~/shared/lib/field-errors";
import { isAPIError } from "better-auth/api";
import type { Kysely } from "kysely";
import { data, redirect } from "react-router";
import type { Database } from "~/infra/db/schema";
import type { Flash } from "~/shared/lib/flash";
import type { Fields } from "~/infra/http/body.server";
import { CONTENT_KEY_TTL_MS, IDEMPOTENCY_FIELD, IN_PROGRESS_MESSAGE, isIdempotencyKey, runOnce, sha256 } from "~/infra/http/idempotency.server";
import type { Auth } from "./auth.server";
import type { AuthActionData, Notice, PendingState, ResetActionData } from "./auth-state";
import { type BreachCheck, refuseNewPassword } from "./password-policy.server";
import { AUTH_MESSAGES, LINK_INVALID, PROVIDER_NAMES, type ProviderId, TWO_FACTOR_MESSAGES } from "./messages";
import { RESEND_MESSAGES } from "./resend-verification";
import { safeRedirect } from "./safe-redirect";
import { signUpScope } from "./idempotent-sign-up.server";
import { checkNewPassword, checkResetRequest, checkSecondFactor, checkSignIn, checkSignUp } from "./auth-fields";

export interface AuthCall {
  auth: Auth;
  /** The request's headers plus our client-IP header (request context). */
  headers: Headers;
  /** Where sign-up keeps its idempotency keys (idempotent-sign-up.server.ts), and the client's IP for a key made of the content. */
  idempotency?: { db: Kysely<Database>; ip: string };
  /** Checks the password just signed in with against the policy (breached, common): then the owner is asked to change it. */
  passwordCheck?: BreachCheck;
  /** The Set-Cookie header of a message for the page a redirect leads to (request context). */
  flash?: (flash: Flash) => string;
}

/** Where a sign-in with a password the policy now refuses lands: the security page, asking for a change. */
export const WEAK_PASSWORD_REDIRECT = "/profile/security?password=weak";

/**
 * An account made before the policy, or whose password a breach published
 * since: the sign-in succeeds (nobody is locked out), and the owner lands on
 * the security page that asks for a new password. The breach lookup is
 * bounded by the policy's timeout and fails open.
 */
async function passwordNowRefused(password: string, check: BreachCheck | undefined): Promise<boolean> {
  if (!check) return false;
  return (await refuseNewPassword(password, check)) !== null;
}

interface Outcome {
  ok: boolean;
  status: number;
  code?: string;
  message?: string;
  body: Record<string, unknown>;
  cookies: string[];
  retryAfter?: string;
}

/**
 * What a Better Auth endpoint answered, called with `asResponse: true`. Its
 * own errors come back as responses; our plugin's before-hooks (rate limits)
 * throw theirs, which are read the same way.
 */
async function outcomeOf(call: Promise<Response>): Promise<Outcome> {
  let response: Response;
  try {
    response = await call;
  } catch (error) {
    if (!isAPIError(error)) throw error;
    response = Response.json(error.body ?? {}, { status: error.statusCode, headers: new Headers(error.headers as HeadersInit) });
  }
  const body = ((await response.json().catch(() => null)) ?? {}) as Record<string, unknown>;
  return {
    ok: response.ok,
    status: response.status,
    code: typeof body.code === "string" ? body.code : undefined,
    message: typeof body.message === "string" ? body.message : undefined,
    body,
    cookies: response.headers.getSetCookie(),
    retryAfter: response.headers.get("retry-after") ?? undefined,
  };
}

/**
 * The sign-up, once per key: the form's hidden token, or (no JavaScript) the
 * address, password and client for ten minutes. A key reused with other
 * content is simply not a retry here (a person edited the form), so it runs.
 */
async function signUpOnce(idempotency: NonNullable<AuthCall["idempotency"]>, fields: Fields, email: string, password: string, call: () => Promise<Response>): Promise<Response> {
  const given = text(fields, IDEMPOTENCY_FIELD);
  const scope = isIdempotencyKey(given)
    ? signUpScope(given, email, password)
    : { scope: "sign-up:content", key: sha256(idempotency.ip, email.toLowerCase(), password), fingerprint: "content", ttlMs: CONTENT_KEY_TTL_MS };
  const outcome = await runOnce(idempotency.db, scope, call);
  if (outcome.kind === "ran" || outcome.kind === "replayed") return outcome.response;
  if (outcome.kind === "in-progress") return Response.json({ message: IN_PROGRESS_MESSAGE }, { status: 409 });
  return call();
}

function cookieHeaders(outcome: Outcome): Headers {
  const headers = new Headers();
  for (const cookie of outcome.cookies) headers.append("Set-Cookie", cookie);
  if (outcome.retryAfter) headers.set("Retry-After", outcome.retryAfter);
  return headers;
}

/** A refusal of the chosen password itself: Better Auth's length checks and our policy (password-policy.server.ts). */
const PASSWORD_CODES = new Set(["PASSWORD_TOO_SHORT", "PASSWORD_TOO_LONG", "PASSWORD_COMMON", "PASSWORD_BRAND", "PASSWORD_BREACHED"]);

/** The message for a failed call, in the spec's words where it has them. */
function failureText(outcome: Outcome, fallback: string): string {
  if (outcome.status === 429 && outcome.message) return outcome.message;
  if ((outcome.code && PASSWORD_CODES.has(outcome.code)) || outcome.code === "INVALID_EMAIL" || outcome.code === "SIGN_IN_DISABLED") {
    return outcome.message ?? fallback;
  }
  return fallback;
}

function text(fields: Fields, name: string): string {
  const value = fields[name];
  return typeof value === "string" ? value : "";
}

function answer(value: AuthActionData, outcome?: Outcome, status?: number) {
  return data(value, { status: status ?? (outcome && !outcome.ok ? outcome.status : 200), headers: outcome ? cookieHeaders(outcome) : undefined });
}

export async function signIn({ auth, headers, passwordCheck }: AuthCall, fields: Fields) {
  const email = text(fields, "email").trim();
  const password = text(fields, "password");
  const fieldErrors = checkSignIn(fields);
  if (hasFieldErrors(fieldErrors)) return answer({ intent: "sign-in", email, notice: null, fieldErrors }, undefined, 400);
  const outcome = await outcomeOf(
    auth.api.signInEmail({ body: { email, password, rememberMe: fields.remember === "on" || fields.remember === "true" }, headers, asResponse: true }),
  );
  if (outcome.ok) {
    const weak = await passwordNowRefused(password, passwordCheck);
    const next = weak ? WEAK_PASSWORD_REDIRECT : safeRedirect(fields.redirectTo);
    // Two-factor on: the password was right, the code comes next (the challenge cookie is in the answer).
    if (outcome.body.twoFactorRedirect === true) throw redirect(twoFactorHref(next), { headers: cookieHeaders(outcome) });
    throw redirect(next, { headers: cookieHeaders(outcome) });
  }
  if (outcome.code === "EMAIL_NOT_VERIFIED") {
    return answer({ intent: "sign-in", email, canResend: true, notice: { tone: "error", text: AUTH_MESSAGES.verifyFirst } }, outcome);
  }
  const textOf = outcome.status === 401 || outcome.code === "INVALID_EMAIL_OR_PASSWORD" ? AUTH_MESSAGES.invalidCredentials : failureText(outcome, AUTH_MESSAGES.unexpected);
  return answer({ intent: "sign-in", email, notice: { tone: "error", text: textOf } }, outcome);
}

export async function signUp({ auth, headers, idempotency }: AuthCall, fields: Fields, minPasswordLength: number) {
  const email = text(fields, "email").trim();
  const password = text(fields, "password");
  // Optional: left empty, the address's local part, as the spec's form did (editable on the profile).
  const name = cleanName(text(fields, "name"));
  const fieldErrors = checkSignUp(fields, minPasswordLength);
  if (hasFieldErrors(fieldErrors)) return answer({ intent: "sign-up", email, name, notice: null, fieldErrors }, undefined, 400);
  const call = () =>
    auth.api.signUpEmail({
      body: { email, password, name: name || nameFromEmail(email), callbackURL: "/home" },
      headers,
      asResponse: true,
    });
  const outcome = await outcomeOf(idempotency ? signUpOnce(idempotency, fields, email, password, call) : call());
  // The check-your-email view; the pending-verification cookie says for which address.
  if (outcome.ok) throw redirect("/auth?mode=verify", { headers: cookieHeaders(outcome) });
  if (outcome.code && PASSWORD_CODES.has(outcome.code)) {
    // Beside the field only: a banner repeating it would be a second voice for one error.
    const reason = outcome.message ?? AUTH_MESSAGES.unexpected;
    return answer({ intent: "sign-up", email, name, notice: null, fieldErrors: { password: reason } }, outcome);
  }
  return answer({ intent: "sign-up", email, name, notice: { tone: "error", text: failureText(outcome, AUTH_MESSAGES.unexpected) } }, outcome);
}

export async function resendVerification({ auth, headers }: AuthCall, fields: Fields) {
  const email = text(fields, "email").trim();
  const outcome = await outcomeOf(auth.api.resendVerification({ body: email ? { email } : {}, headers, asResponse: true }));
  const notice: Notice = outcome.ok
    ? { tone: "success", text: outcome.message ?? RESEND_MESSAGES.sent }
    : { tone: "error", text: outcome.message ?? AUTH_MESSAGES.resendFailed };
  return answer({ intent: "resend", email, canResend: true, notice }, outcome);
}

export async function requestPasswordReset({ auth, headers }: AuthCall, fields: Fields) {
  const email = text(fields, "email").trim();
  const fieldErrors = checkResetRequest(fields);
  if (hasFieldErrors(fieldErrors)) return answer({ intent: "request-reset", email, notice: null, fieldErrors }, undefined, 400);
  const outcome = await outcomeOf(auth.api.requestPasswordReset({ body: { email, redirectTo: "/auth/reset-password" }, headers, asResponse: true }));
  const notice: Notice = outcome.ok ? { tone: "success", text: AUTH_MESSAGES.resetSent } : { tone: "error", text: failureText(outcome, AUTH_MESSAGES.resetFailed) };
  return answer({ intent: "request-reset", email, notice }, outcome);
}

export async function resetPassword({ auth, headers }: AuthCall, fields: Fields, minPasswordLength: number) {
  const token = text(fields, "token");
  const password = text(fields, "password");
  if (!token) return data<ResetActionData>({ done: false, error: LINK_INVALID }, { status: 400 });
  const fieldErrors = checkNewPassword(fields, minPasswordLength);
  if (hasFieldErrors(fieldErrors)) return data<ResetActionData>({ done: false, error: null, fieldErrors }, { status: 400 });
  const outcome = await outcomeOf(auth.api.resetPassword({ body: { token, newPassword: password }, headers, asResponse: true }));
  if (outcome.ok) return data<ResetActionData>({ done: true, error: null }, { headers: cookieHeaders(outcome) });
  if (outcome.code && PASSWORD_CODES.has(outcome.code)) {
    return data<ResetActionData>(
      { done: false, error: null, fieldErrors: { password: outcome.message ?? AUTH_MESSAGES.unexpected } },
      { status: outcome.status, headers: cookieHeaders(outcome) },
    );
  }
  const error =
    outcome.status === 429
      ? (outcome.message ?? AUTH_MESSAGES.unexpected)
      : outcome.status === 400 || outcome.code === "INVALID_TOKEN"
        ? LINK_INVALID
        : AUTH_MESSAGES.unexpected;
  return data<ResetActionData>({ done: false, error }, { status: outcome.status, headers: cookieHeaders(outcome) });
}

function isProvider(value: unknown): value is ProviderId {
  return value === "google" || value === "github";
}

/**
 * Google or GitHub: the provider's sign-in URL. Without JavaScript the
 * browser goes there at once; with it, the page opens it in the spec's popup.
 */
export async function socialSignIn({ auth, headers }: AuthCall, fields: Fields, configured: Record<ProviderId, boolean>) {
  const provider = fields.provider;
  if (!isProvider(provider)) return answer({ intent: "social", notice: { tone: "error", text: AUTH_MESSAGES.unexpected } }, undefined, 400);
  if (!configured[provider]) {
    return answer({ intent: "social", notice: { tone: "error", text: AUTH_MESSAGES.notConfigured(PROVIDER_NAMES[provider]) } }, undefined, 400);
  }
  const via = fields.via === "popup" ? "popup" : "redirect";
  const callbackURL = `/auth/complete?provider=${provider}&via=${via}`;
  const outcome = await outcomeOf(
    auth.api.signInSocial({
      body: { provider, callbackURL, errorCallbackURL: `${callbackURL}&error=1`, newUserCallbackURL: callbackURL, disableRedirect: true },
      headers,
      asResponse: true,
    }),
  );
  const url = typeof outcome.body.url === "string" ? outcome.body.url : null;
  if (!outcome.ok || !url) {
    return answer({ intent: "social", notice: { tone: "error", text: failureText(outcome, AUTH_MESSAGES.socialFailed(PROVIDER_NAMES[provider])) } }, outcome);
  }
  if (via === "redirect") throw redirect(url, { headers: cookieHeaders(outcome) });
  return answer({ intent: "social", notice: null, socialUrl: url }, outcome);
}

/** The two-factor step, then `next` (a safe local path). */
export function twoFactorHref(next: string): string {
  return next && next !== "/home" ? `/auth/two-factor?redirectTo=${encodeURIComponent(next)}` : "/auth/two-factor";
}

export interface TwoFactorActionData {
  method: "totp" | "backup";
  error: string;
  /** The challenge is over (expired, or too many wrong codes): only a new sign-in helps. */
  restart?: boolean;
}

/**
 * The code after a first factor: from the authenticator app (`totp`) or a
 * backup code. Better Auth checks it against the challenge in the
 * `two_factor` cookie (five tries a challenge, a lock after ten wrong ones in
 * a row); the right one answers with the session cookie, and with "trust
 * this device" a cookie that skips this step for 30 days.
 */
export async function verifyTwoFactor({ auth, headers }: AuthCall, fields: Fields) {
  const method = fields.method === "backup" ? "backup" : "totp";
  const code = text(fields, "code").replace(/\s+/g, "");
  const trustDevice = fields.trust === "on" || fields.trust === "true";
  const fail = (error: string, status: number, outcome?: Outcome, restart = false) =>
    data<TwoFactorActionData>({ method, error, restart }, { status, headers: outcome ? cookieHeaders(outcome) : undefined });
  const missing = checkSecondFactor(fields).code;
  if (missing) return fail(missing, 400);
  const outcome = await outcomeOf(
    method === "backup"
      ? auth.api.verifyBackupCode({ body: { code, trustDevice }, headers, asResponse: true })
      : auth.api.verifyTOTP({ body: { code, trustDevice }, headers, asResponse: true }),
  );
  if (outcome.ok) throw redirect(safeRedirect(fields.redirectTo), { headers: cookieHeaders(outcome) });
  switch (outcome.code) {
    case "CODE_ALREADY_USED":
      return fail(TWO_FACTOR_MESSAGES.codeReused, 401, outcome);
    case "INVALID_TWO_FACTOR_COOKIE":
      return fail(TWO_FACTOR_MESSAGES.expired, 401, outcome, true);
    case "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE":
      return fail(TWO_FACTOR_MESSAGES.tooManyAttempts, 400, outcome, true);
    case "ACCOUNT_TEMPORARILY_LOCKED":
      return fail(TWO_FACTOR_MESSAGES.locked, 429, outcome, true);
    default:
      if (outcome.status === 429) return fail(outcome.message ?? TWO_FACTOR_MESSAGES.locked, 429, outcome);
      return fail(method === "backup" ? TWO_FACTOR_MESSAGES.wrongBackupCode : TWO_FACTOR_MESSAGES.wrongCode, outcome.status >= 400 && outcome.status < 500 ? outcome.status : 400, outcome);
  }
}

/**
 * Signs out (server session and cookies) and goes home, where the page says
 * so (a flash message, shared/lib/flash.ts); `?signed-out=1` tells the page's
 * scripts to forget the locally cached user.
 */
export async function signOut({ auth, headers, flash }: AuthCall) {
  const outcome = await outcomeOf(auth.api.signOut({ headers, asResponse: true }));
  if (!outcome.ok) return data({ ok: false as const, message: AUTH_MESSAGES.signOutFailed }, { status: outcome.status });
  const answer = cookieHeaders(outcome);
  if (flash) answer.append("Set-Cookie", flash({ kind: "signed-out" }));
  throw redirect("/?signed-out=1", { headers: answer });
}

/** The check-your-email view's state: the address, and when another mail may be asked for. */
export async function pendingVerification({ auth, headers }: AuthCall): Promise<PendingState | null> {
  try {
    const { pending } = await auth.api.pendingVerification({ headers });
    return pending;
  } catch {
    return null;
  }
}
