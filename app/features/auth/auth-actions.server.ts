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
import { data, redirect, redirectDocument } from "react-router";
import type { Database } from "~/infra/db/schema";
import type { Flash } from "~/shared/lib/flash";
import type { Fields } from "~/infra/http/body.server";
import { CONTENT_KEY_TTL_MS, IDEMPOTENCY_FIELD, IN_PROGRESS_MESSAGE, isIdempotencyKey, runOnce, sha256 } from "~/infra/http/idempotency.server";
import { type Locale, localizedPath } from "~/shared/i18n/locale";
import { fill } from "~/shared/i18n/messages";
import { tooManyAttempts } from "~/shared/i18n/wait-words";
import { messagesFor } from "~/shared/i18n/messages.server";
import type { Auth } from "./auth.server";
import type { AuthActionData, Notice, PendingState, ResetActionData } from "./auth-state";
import { type BreachCheck, refuseNewPassword } from "./password-policy.server";
import { PROVIDER_NAMES, type ProviderId } from "./messages";
import { safeRedirect } from "./safe-redirect";
import { providerReturnCookie } from "./provider-return.server";
import { signUpScope } from "./idempotent-sign-up.server";
import { type AuthWords, checkNewPassword, checkResetRequest, checkSecondFactor, checkSignIn, checkSignUp } from "./auth-fields";
import { passwordRefusalWords } from "./password-refusal-words";

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
  /** The language of the page that posted (its path): what the answer says, and where redirects go. */
  locale: Locale;
  /** The site's origin (for a request Better Auth is handed beside the headers). */
  origin?: string;
}

function wordsOf(call: AuthCall): AuthWords {
  return messagesFor(call.locale).auth;
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
async function signUpOnce(
  idempotency: NonNullable<AuthCall["idempotency"]>,
  fields: Fields,
  email: string,
  password: string,
  call: () => Promise<Response>,
): Promise<Response> {
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

/**
 * A refusal's own words, by its code, in the page's language. English pages
 * show the text the API answered (the spec's and our plugins' words, as
 * every API client reads them); other languages say the same from their
 * catalog, and what no code names falls back to `fallback`.
 */
function refusalText(outcome: Outcome, locale: Locale, t: AuthWords, fallback: string, minPasswordLength?: number): string {
  if (locale === "en") return outcome.message ?? fallback;
  if (outcome.status === 429) {
    const retry = Number(outcome.retryAfter);
    if (!Number.isFinite(retry) || retry <= 0) return fallback;
    return tooManyAttempts(retry, t);
  }
  if (PASSWORD_CODES.has(outcome.code ?? "")) return passwordRefusalWords(outcome.code, t, minPasswordLength) ?? fallback;
  switch (outcome.code) {
    case "INVALID_EMAIL":
      return t.password.invalidEmail;
    case "SIGN_IN_DISABLED":
      return t.messages.signInDisabled;
    case "NAME_TOO_LONG":
      return t.fields.nameTooLong;
    default:
      return fallback;
  }
}

/** The message for a failed call, in the spec's words where it has them. */
function failureText(outcome: Outcome, fallback: string, locale: Locale, t: AuthWords): string {
  if (outcome.status === 429 && outcome.message) return refusalText(outcome, locale, t, fallback);
  if ((outcome.code && PASSWORD_CODES.has(outcome.code)) || outcome.code === "INVALID_EMAIL" || outcome.code === "SIGN_IN_DISABLED") {
    return refusalText(outcome, locale, t, fallback);
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

/** A local path in the page's language ("/home" → "/hi/home" on a Hindi page). */
function here(call: AuthCall, path: string): string {
  return localizedPath(path, call.locale);
}

export async function signIn(call: AuthCall, fields: Fields) {
  const { auth, headers, passwordCheck } = call;
  const t = wordsOf(call);
  const email = text(fields, "email").trim();
  const password = text(fields, "password");
  const remember = fields.remember === "on" || fields.remember === "true";
  const fieldErrors = checkSignIn(fields, t);
  if (hasFieldErrors(fieldErrors)) return answer({ intent: "sign-in", email, remember, notice: null, fieldErrors }, undefined, 400);
  const outcome = await outcomeOf(auth.api.signInEmail({ body: { email, password, rememberMe: remember }, headers, asResponse: true }));
  if (outcome.ok) {
    const weak = await passwordNowRefused(password, passwordCheck);
    const next = here(call, weak ? WEAK_PASSWORD_REDIRECT : safeRedirect(fields.redirectTo));
    // Two-factor on: the password was right, the code comes next (the challenge cookie is in the answer).
    if (outcome.body.twoFactorRedirect === true) throw redirect(twoFactorHref(next, call.locale), { headers: cookieHeaders(outcome) });
    throw redirect(next, { headers: cookieHeaders(outcome) });
  }
  if (outcome.code === "EMAIL_NOT_VERIFIED") {
    // The password was right: this browser now holds the pending-verification cookie, so the page can
    // offer "Resend Verification Email" with the spec's countdown (issue 22), as the check-your-email view does.
    const pending = await pendingWith(call, outcome);
    return answer({ intent: "sign-in", email, remember, canResend: true, pending, notice: { tone: "error", text: t.messages.verifyFirst } }, outcome);
  }
  const textOf =
    outcome.status === 401 || outcome.code === "INVALID_EMAIL_OR_PASSWORD"
      ? t.messages.invalidCredentials
      : failureText(outcome, t.messages.unexpected, call.locale, t);
  return answer({ intent: "sign-in", email, remember, notice: { tone: "error", text: textOf } }, outcome);
}

export async function signUp(call: AuthCall, fields: Fields, minPasswordLength: number) {
  const { auth, headers, idempotency } = call;
  const t = wordsOf(call);
  const email = text(fields, "email").trim();
  const password = text(fields, "password");
  // Optional: left empty, the address's local part, as the spec's form did (editable on the profile).
  const name = cleanName(text(fields, "name"));
  const fieldErrors = checkSignUp(fields, minPasswordLength, t);
  if (hasFieldErrors(fieldErrors)) return answer({ intent: "sign-up", email, name, notice: null, fieldErrors }, undefined, 400);
  const call_ = () =>
    auth.api.signUpEmail({
      // The page's language becomes the account's: its mails are written in it (changeable on the profile).
      body: { email, password, name: name || nameFromEmail(email), callbackURL: here(call, "/home"), language: call.locale },
      headers,
      asResponse: true,
    });
  const outcome = await outcomeOf(idempotency ? signUpOnce(idempotency, fields, email, password, call_) : call_());
  // The check-your-email view; the pending-verification cookie says for which address.
  if (outcome.ok) throw redirect(here(call, "/auth?mode=verify"), { headers: cookieHeaders(outcome) });
  if (outcome.code && PASSWORD_CODES.has(outcome.code)) {
    // Beside the field only: a banner repeating it would be a second voice for one error.
    const reason = refusalText(outcome, call.locale, t, t.messages.unexpected, minPasswordLength);
    return answer({ intent: "sign-up", email, name, notice: null, fieldErrors: { password: reason } }, outcome);
  }
  return answer({ intent: "sign-up", email, name, notice: { tone: "error", text: failureText(outcome, t.messages.unexpected, call.locale, t) } }, outcome);
}

/** The resend endpoint's refusals (verification-flow.server.ts), by code, in the page's language. */
function resendText(outcome: Outcome, call: AuthCall, t: AuthWords): string {
  if (call.locale === "en") return outcome.message ?? (outcome.ok ? t.resend.sent : t.messages.resendFailed);
  if (outcome.ok) return t.resend.sent;
  switch (outcome.code) {
    case "NO_USER":
      return t.resend.noUser;
    case "ALREADY_VERIFIED":
      return t.resend.alreadyVerified;
    case "MAX_ATTEMPTS":
      return t.resend.maxAttempts;
    case "WAIT":
      return fill(t.resend.wait, { minutes: Math.max(1, Math.round(Number(outcome.retryAfter) / 60) || 5) });
    default:
      return outcome.status === 429 ? refusalText(outcome, call.locale, t, t.messages.resendFailed) : t.messages.resendFailed;
  }
}

export async function resendVerification(call: AuthCall, fields: Fields) {
  const t = wordsOf(call);
  const email = text(fields, "email").trim();
  const outcome = await outcomeOf(call.auth.api.resendVerification({ body: email ? { email } : {}, headers: call.headers, asResponse: true }));
  const notice: Notice = { tone: outcome.ok ? "success" : "error", text: resendText(outcome, call, t) };
  // The countdown after this press (sign-in view; the check-your-email view reloads its own).
  const pending = await pendingWith(call, outcome);
  return answer({ intent: "resend", email, canResend: true, pending, notice }, outcome);
}

export async function requestPasswordReset(call: AuthCall, fields: Fields) {
  const t = wordsOf(call);
  const email = text(fields, "email").trim();
  const fieldErrors = checkResetRequest(fields, t);
  if (hasFieldErrors(fieldErrors)) return answer({ intent: "request-reset", email, notice: null, fieldErrors }, undefined, 400);
  const outcome = await outcomeOf(
    call.auth.api.requestPasswordReset({ body: { email, redirectTo: here(call, "/auth/reset-password") }, headers: call.headers, asResponse: true }),
  );
  const notice: Notice = outcome.ok
    ? { tone: "success", text: t.messages.resetSent }
    : { tone: "error", text: failureText(outcome, t.messages.resetFailed, call.locale, t) };
  return answer({ intent: "request-reset", email, notice }, outcome);
}

export async function resetPassword(call: AuthCall, fields: Fields, minPasswordLength: number) {
  const t = wordsOf(call);
  const token = text(fields, "token");
  const password = text(fields, "password");
  if (!token) return data<ResetActionData>({ done: false, error: t.messages.resetLinkInvalid }, { status: 400 });
  const fieldErrors = checkNewPassword(fields, minPasswordLength, t);
  if (hasFieldErrors(fieldErrors)) return data<ResetActionData>({ done: false, error: null, fieldErrors }, { status: 400 });
  // A request of its own beside the headers: Better Auth hands it to onPasswordReset, whose notice then
  // names the device ("Chrome on Android"), as the other security mails do (issue 22).
  const request = new Request(new URL("/api/auth/reset-password", call.origin ?? "http://localhost").href, { method: "POST", headers: call.headers });
  const outcome = await outcomeOf(call.auth.api.resetPassword({ body: { token, newPassword: password }, headers: call.headers, request, asResponse: true }));
  if (outcome.ok) return data<ResetActionData>({ done: true, error: null }, { headers: cookieHeaders(outcome) });
  if (outcome.code && PASSWORD_CODES.has(outcome.code)) {
    return data<ResetActionData>(
      { done: false, error: null, fieldErrors: { password: refusalText(outcome, call.locale, t, t.messages.unexpected, minPasswordLength) } },
      { status: outcome.status, headers: cookieHeaders(outcome) },
    );
  }
  const error =
    outcome.status === 429
      ? refusalText(outcome, call.locale, t, t.messages.unexpected)
      : outcome.status === 400 || outcome.code === "INVALID_TOKEN"
        ? t.messages.resetLinkInvalid
        : t.messages.unexpected;
  return data<ResetActionData>({ done: false, error }, { status: outcome.status, headers: cookieHeaders(outcome) });
}

function isProvider(value: unknown): value is ProviderId {
  return value === "google" || value === "github";
}

/**
 * Google or GitHub: the browser goes to the provider's sign-in page. With
 * `via=popup` the post came into the spec's popup (the page script opened it
 * in the press and sent the form there), which ends on /auth/complete and
 * reports back to the page; without it (no JavaScript, or a blocked popup)
 * the same window goes and comes back.
 */
export async function socialSignIn(call: AuthCall, fields: Fields, configured: Record<ProviderId, boolean>) {
  const t = wordsOf(call);
  const provider = fields.provider;
  if (!isProvider(provider)) return answer({ intent: "social", notice: { tone: "error", text: t.messages.unexpected } }, undefined, 400);
  const via = fields.via === "popup" ? "popup" : "redirect";
  // The hand-over page in the page's language: where a sign-in without the popup goes on from.
  const callbackURL = here(call, `/auth/complete?provider=${provider}&via=${via}`);
  // The popup has no page to show a message on: its hand-over page tells the page that opened it, which does.
  const failed = () => redirect(`${callbackURL}&error=1`);
  if (!configured[provider]) {
    if (via === "popup") throw failed();
    return answer(
      { intent: "social", notice: { tone: "error", text: fill(t.messages.notConfigured, { provider: PROVIDER_NAMES[provider] }) } },
      undefined,
      400,
    );
  }
  const outcome = await outcomeOf(
    call.auth.api.signInSocial({
      body: { provider, callbackURL, errorCallbackURL: `${callbackURL}&error=1`, newUserCallbackURL: callbackURL, disableRedirect: true },
      headers: call.headers,
      asResponse: true,
    }),
  );
  const url = typeof outcome.body.url === "string" ? outcome.body.url : null;
  if (via === "popup" && (!outcome.ok || !url)) throw failed();
  if (!outcome.ok || !url) {
    return answer(
      {
        intent: "social",
        notice: { tone: "error", text: failureText(outcome, fill(t.messages.socialFailed, { provider: PROVIDER_NAMES[provider] }), call.locale, t) },
      },
      outcome,
    );
  }
  const headers = cookieHeaders(outcome);
  headers.append("Set-Cookie", providerReturnCookie({ locale: call.locale, flow: "sign-in", provider, popup: via === "popup" }));
  throw redirect(url, { headers });
}

/** The two-factor step, then `next` (a safe local path), in the page's language. */
export function twoFactorHref(next: string, locale: Locale = "en"): string {
  const step = localizedPath("/auth/two-factor", locale);
  return next && next !== localizedPath("/home", locale) ? `${step}?redirectTo=${encodeURIComponent(next)}` : step;
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
export async function verifyTwoFactor(call: AuthCall, fields: Fields) {
  const t = wordsOf(call);
  const method = fields.method === "backup" ? "backup" : "totp";
  const code = text(fields, "code").replace(/\s+/g, "");
  const trustDevice = fields.trust === "on" || fields.trust === "true";
  const fail = (error: string, status: number, outcome?: Outcome, restart = false) =>
    data<TwoFactorActionData>({ method, error, restart }, { status, headers: outcome ? cookieHeaders(outcome) : undefined });
  const missing = checkSecondFactor(fields, t).code;
  if (missing) return fail(missing, 400);
  const outcome = await outcomeOf(
    method === "backup"
      ? call.auth.api.verifyBackupCode({ body: { code, trustDevice }, headers: call.headers, asResponse: true })
      : call.auth.api.verifyTOTP({ body: { code, trustDevice }, headers: call.headers, asResponse: true }),
  );
  // A document load: the two-factor page hydrates, most pages it leads to do not (ADR 0035).
  if (outcome.ok) throw redirectDocument(here(call, safeRedirect(fields.redirectTo)), { headers: cookieHeaders(outcome) });
  switch (outcome.code) {
    case "CODE_ALREADY_USED":
      return fail(t.twoFactor.codeReused, 401, outcome);
    case "INVALID_TWO_FACTOR_COOKIE":
      return fail(t.twoFactor.expired, 401, outcome, true);
    case "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE":
      return fail(t.twoFactor.tooManyAttempts, 400, outcome, true);
    case "ACCOUNT_TEMPORARILY_LOCKED":
      return fail(t.twoFactor.locked, 429, outcome, true);
    default:
      if (outcome.status === 429) return fail(outcome.message ? refusalText(outcome, call.locale, t, t.twoFactor.locked) : t.twoFactor.locked, 429, outcome);
      return fail(
        method === "backup" ? t.twoFactor.wrongBackupCode : t.twoFactor.wrongCode,
        outcome.status >= 400 && outcome.status < 500 ? outcome.status : 400,
        outcome,
      );
  }
}

/**
 * Signs out (server session and cookies) and goes home, where the page says
 * so (a flash message, shared/lib/flash.ts); `?signed-out=1` tells the page's
 * scripts to forget the locally cached user.
 */
export async function signOut(call: AuthCall) {
  const outcome = await outcomeOf(call.auth.api.signOut({ headers: call.headers, asResponse: true }));
  if (!outcome.ok) return data({ ok: false as const, message: wordsOf(call).messages.signOutFailed }, { status: outcome.status });
  const answer = cookieHeaders(outcome);
  if (call.flash) answer.append("Set-Cookie", call.flash({ kind: "signed-out" }));
  throw redirect(here(call, "/?signed-out=1"), { headers: answer });
}

/** The check-your-email view's state: the address, and when another mail may be asked for. */
export async function pendingVerification({ auth, headers }: Pick<AuthCall, "auth" | "headers">): Promise<PendingState | null> {
  try {
    const { pending } = await auth.api.pendingVerification({ headers });
    return pending;
  } catch {
    return null;
  }
}

/**
 * The pending state as this browser will have it after `outcome`: the
 * request's cookies with the ones the answer sets (a refused sign-in sets the
 * pending-verification cookie; a resend updates the count).
 */
async function pendingWith(call: AuthCall, outcome: Outcome): Promise<PendingState | null> {
  const jar = new Map<string, string>();
  for (const part of (call.headers.get("cookie") ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0) jar.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  for (const cookie of outcome.cookies) {
    const pair = cookie.split(";")[0] ?? "";
    const at = pair.indexOf("=");
    if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  const headers = new Headers(call.headers);
  headers.set("cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
  return pendingVerification({ auth: call.auth, headers });
}
