/**
 * The security page's second half (issue 19): confirming it's you, two-factor
 * authentication, passkeys and connected accounts. Every change goes through
 * Better Auth's endpoints with the request's headers (`auth.api.*`), so the
 * re-authentication gate, the limits, the notices by mail and the session
 * cache's evictions apply exactly as over HTTP. Adding a passkey is the
 * browser's (WebAuthn needs it): the page calls /api/auth/passkey/* itself.
 */
import { renderSVG } from "uqr";
import { isAPIError } from "better-auth/api";
import type { Kysely } from "kysely";
import {
  type Auth,
  forgetTrustedBrowsers,
  freshForS,
  listPasskeys,
  listTrustedBrowsers,
  providerName,
  providerReturnCookie,
  signInMethods,
  storedAuthenticator,
  TOTP_ISSUER,
  trustIdentifierOf,
  twoFactorState,
} from "~/features/auth/index.server";
import type { Database } from "~/infra/db/schema";
import type { Viewer } from "~/shared/lib/viewer";
import { type Locale, localizedPath } from "~/shared/i18n/locale";
import { fill } from "~/shared/i18n/messages";
import { type ActionResult, knownRefusal, refused, type SecurityWords, securityWords, unmappedRefusal } from "./security.server";
import type { ListedPasskey, SecurityActionData, SignInMethodView, TwoFactorView } from "./security-state";
import { hasFieldErrors } from "~/shared/lib/field-errors";
import { checkPasskeyName, checkPasswordGiven, checkTotpCode } from "./security-fields";

export interface SignInSecurityDeps {
  auth: Auth;
  env: { minPasswordLength: number; reauthWindowS: number; google: unknown; github: unknown; appUrl: string };
  database: { db: Kysely<Database> };
}

export interface SignInSecurityState {
  /** Seconds left in which security changes need no re-authentication (0: they need one now). */
  freshForS: number;
  twoFactor: TwoFactorView;
  passkeys: ListedPasskey[];
  methods: SignInMethodView[];
}

/**
 * The otpauth URI of a setup waiting for its first code, from the stored
 * (encrypted) secret: Better Auth's own URI for it (as /two-factor/enable and
 * /two-factor/get-totp-uri answer), so the key the app is given is the one
 * the plugin verifies codes with, a `base32:` secret included. The key shown
 * for typing in is the URI's.
 */
async function pendingSetup(deps: SignInSecurityDeps, viewer: Viewer): Promise<TwoFactorView["pendingSetup"]> {
  const row = await deps.database.db.selectFrom("twoFactor").select(["secret", "verified"]).where("userId", "=", viewer.id).executeTakeFirst();
  if (!row || row.verified === true || row.verified === 1) return null;
  const context = await deps.auth.$context;
  const totpUri = (await storedAuthenticator(context.secretConfig, row.secret)).url(TOTP_ISSUER, viewer.email);
  const secret = new URL(totpUri).searchParams.get("secret") ?? "";
  const svg = renderSVG(totpUri, { border: 2 });
  return { totpUri, secret: secret.replace(/(.{4})/g, "$1 ").trim(), qrDataUri: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

/** A way to sign in by its name on the page: Google and GitHub by their own, the password in the page's words. */
function methodName(provider: string, w: SecurityWords): string {
  return provider === "credential" ? w.account.security.methods.password : providerName(provider);
}

export async function signInSecurityState(
  deps: SignInSecurityDeps,
  viewer: Viewer,
  session: { createdAt: Date | string; reauthenticatedAt?: Date | string | null },
  locale: Locale = "en",
  /** This browser's "trust this device" cookie, to mark it in the list. */
  trustCookie?: string,
): Promise<SignInSecurityState> {
  const w = securityWords(locale);
  const context = await deps.auth.$context;
  const [factor, passkeys, methods, trustedBrowsers] = await Promise.all([
    twoFactorState(deps.database.db, viewer.id, context.secretConfig),
    listPasskeys(deps.database.db, viewer.id),
    signInMethods(deps.database.db, viewer.id),
    listTrustedBrowsers(deps.database.db, viewer.id, trustIdentifierOf(trustCookie)),
  ]);
  const fresh = freshForS(session, deps.env.reauthWindowS);
  return {
    freshForS: fresh,
    // The waiting setup's secret only to a fresh session, which alone may finish it (issue 38, finding 4):
    // a stale one sees the setup step behind "confirm it's you".
    twoFactor: {
      enabled: factor.enabled,
      backupCodesLeft: factor.backupCodesLeft,
      pendingSetup: factor.pendingSetup && fresh > 0 ? await pendingSetup(deps, viewer) : null,
      trustedBrowsers: factor.enabled ? trustedBrowsers : [],
    },
    passkeys,
    methods: methods.map((m) => ({
      ...m,
      name: methodName(m.provider, w),
      available: m.provider === "credential" || Boolean(m.provider === "google" ? deps.env.google : deps.env.github),
    })),
  };
}

function text(fields: Record<string, unknown>, name: string): string {
  const value = fields[name];
  return typeof value === "string" ? value : "";
}

function codeOf(error: unknown): string | undefined {
  return isAPIError(error) ? (error.body as { code?: string } | undefined)?.code : undefined;
}

const ok = (intent: SecurityActionData["intent"], message: string, extra: Partial<SecurityActionData> = {}, cookies?: string[]): ActionResult => ({
  status: 200,
  data: { intent, ok: true, message, ...extra },
  cookies,
});
const no = (intent: SecurityActionData["intent"], message: string, status: number, extra: Partial<SecurityActionData> = {}): ActionResult => ({
  status,
  data: { intent, ok: false, message, ...extra },
});

/** "Confirm it's you": the password, or a code from the authenticator app. */
export async function reauthenticate(
  deps: SignInSecurityDeps,
  headers: Headers,
  fields: Record<string, unknown>,
  locale: Locale = "en",
): Promise<ActionResult> {
  const w = securityWords(locale);
  const said = w.account.security;
  const password = text(fields, "password");
  const code = text(fields, "code").replace(/\s+/g, "");
  // The forms' own checks (security-fields.ts): the same words with JavaScript and without.
  if (fields.method === "code" ? hasFieldErrors(checkTotpCode(fields, w.auth)) : !password && !code) {
    return no("reauthenticate", fields.method === "code" ? w.auth.fields.codeMissing : said.fields.passwordRequired, 400, {
      field: fields.method === "code" ? "code" : "password",
    });
  }
  try {
    await deps.auth.api.reauthenticate({ body: password ? { password } : { code }, headers });
    return ok("reauthenticate", said.messages.reauthenticated);
  } catch (error) {
    if (!isAPIError(error)) throw error;
    // The re-authentication plugin's refusals (features/auth/reauthentication.server.ts), by code.
    const byCode: Record<string, string> = {
      INVALID_PASSWORD: said.reauth.wrongPassword,
      INVALID_CODE: said.reauth.wrongCode,
      CODE_ALREADY_USED: said.reauth.wrongCode,
      NOTHING_GIVEN: said.reauth.nothingGiven,
    };
    const message = byCode[codeOf(error) ?? ""] ?? knownRefusal(error, w);
    if (error.statusCode === 429) return no("reauthenticate", message ?? unmappedRefusal(error, w), 429);
    return no("reauthenticate", message ?? unmappedRefusal(error, w), 400, { field: password ? "password" : "code" });
  }
}

type Messages = SecurityWords["account"]["security"]["messages"];

/**
 * A two-factor step the account's password confirms: the password given (an account without one sends none,
 * and Better Auth asks for none), the step's own call, its message, or the refusal in the password's slot.
 */
async function passwordConfirmedStep(
  deps: SignInSecurityDeps,
  fields: Record<string, unknown>,
  locale: Locale,
  intent: "two-factor-enable" | "two-factor-disable" | "two-factor-backup-codes",
  step: (body: { password: string }) => Promise<{ said: keyof Messages; extra?: Partial<SecurityActionData>; cookies?: string[] }>,
): Promise<ActionResult> {
  const w = securityWords(locale);
  const said = w.account.security;
  const password = text(fields, "password");
  if (hasFieldErrors(checkPasswordGiven(fields, w.account))) return no(intent, said.fields.passwordRequired, 400, { field: "password" });
  try {
    const done = await step(password ? { password } : ({} as { password: string }));
    return ok(intent, said.messages[done.said], done.extra, done.cookies);
  } catch (error) {
    if (codeOf(error) === "INVALID_PASSWORD") return no(intent, said.messages.wrongPassword, 400, { field: "password" });
    return refused(intent, error, deps.env.minPasswordLength, w);
  }
}

/** Starts a setup: a new secret (shown as a QR code and as text on the page) and ten backup codes, shown once. */
export function enableTwoFactor(deps: SignInSecurityDeps, headers: Headers, fields: Record<string, unknown>, locale: Locale = "en"): Promise<ActionResult> {
  return passwordConfirmedStep(deps, fields, locale, "two-factor-enable", async (body) => {
    const answer = (await deps.auth.api.enableTwoFactor({ body, headers })) as { backupCodes?: string[] };
    return { said: "twoFactorStarted", extra: { backupCodes: answer.backupCodes } };
  });
}

/** The first code from the app confirms the setup: two-factor is on (Better Auth gives this browser a fresh session). */
export async function confirmTwoFactor(
  deps: SignInSecurityDeps,
  headers: Headers,
  fields: Record<string, unknown>,
  locale: Locale = "en",
): Promise<ActionResult> {
  const w = securityWords(locale);
  const said = w.account.security.messages;
  const code = text(fields, "code").replace(/\s+/g, "");
  if (hasFieldErrors(checkTotpCode(fields, w.auth))) return no("two-factor-confirm", w.auth.fields.codeMissing, 400, { field: "code" });
  try {
    const { headers: answer } = await deps.auth.api.verifyTOTP({ body: { code }, headers, returnHeaders: true });
    return ok("two-factor-confirm", said.twoFactorOn, {}, answer.getSetCookie());
  } catch (error) {
    const reused = codeOf(error) === "CODE_ALREADY_USED";
    if (isAPIError(error) && (error.statusCode === 401 || error.statusCode === 400)) {
      return no("two-factor-confirm", reused ? said.codeReused : said.wrongCode, 400, { field: "code" });
    }
    return refused("two-factor-confirm", error, deps.env.minPasswordLength, w);
  }
}

export function disableTwoFactor(deps: SignInSecurityDeps, headers: Headers, fields: Record<string, unknown>, locale: Locale = "en"): Promise<ActionResult> {
  return passwordConfirmedStep(deps, fields, locale, "two-factor-disable", async (body) => {
    const { headers: answer } = await deps.auth.api.disableTwoFactor({ body, headers, returnHeaders: true });
    return { said: "twoFactorOff", cookies: answer.getSetCookie() };
  });
}

export function newBackupCodes(deps: SignInSecurityDeps, headers: Headers, fields: Record<string, unknown>, locale: Locale = "en"): Promise<ActionResult> {
  return passwordConfirmedStep(deps, fields, locale, "two-factor-backup-codes", async (body) => {
    const answer = (await deps.auth.api.generateBackupCodes({ body, headers })) as { backupCodes: string[] };
    return { said: "backupCodesNew", extra: { backupCodes: answer.backupCodes } };
  });
}

export async function renamePasskey(deps: SignInSecurityDeps, headers: Headers, fields: Record<string, unknown>, locale: Locale = "en"): Promise<ActionResult> {
  const w = securityWords(locale);
  const id = text(fields, "passkeyId");
  const nameError = checkPasskeyName(fields, w.account).name;
  if (nameError) return no("passkey-rename", nameError, 400, { passkeyId: id, field: "name" });
  try {
    await deps.auth.api.passkeyRename({ body: { id, name: text(fields, "name") }, headers });
    return ok("passkey-rename", w.account.security.messages.passkeyRenamed, { passkeyId: id });
  } catch (error) {
    if (!isAPIError(error)) throw error;
    // The passkey plugin's refusals (NAME_REQUIRED, PASSKEY_NOT_FOUND, …) by code.
    return no("passkey-rename", knownRefusal(error, w) ?? unmappedRefusal(error, w), error.statusCode, { passkeyId: id, field: "name" });
  }
}

export async function deletePasskey(deps: SignInSecurityDeps, headers: Headers, fields: Record<string, unknown>, locale: Locale = "en"): Promise<ActionResult> {
  const w = securityWords(locale);
  const id = text(fields, "passkeyId");
  try {
    await deps.auth.api.passkeyDelete({ body: { id }, headers });
    return ok("passkey-delete", w.account.security.messages.passkeyRemoved);
  } catch (error) {
    if (isAPIError(error) && error.statusCode === 404) return no("passkey-delete", knownRefusal(error, w) ?? unmappedRefusal(error, w), 404, { passkeyId: id });
    return refused("passkey-delete", error, deps.env.minPasswordLength, w);
  }
}

/** Forgets one trusted browser: it asks for a code at its next sign-in (no re-authentication: it only takes a way in away). */
export async function forgetBrowser(deps: SignInSecurityDeps, fields: Record<string, unknown>, viewer: Viewer, locale: Locale = "en"): Promise<ActionResult> {
  const said = securityWords(locale).account.security.messages;
  const forgotten = await forgetTrustedBrowsers(deps.database.db, viewer.id, text(fields, "browser") || "-");
  return forgotten ? ok("forget-browser", said.browserForgotten) : no("forget-browser", said.failed, 404);
}

/** Connect Google or GitHub: the provider's consent page, then back to the security page (in its language). */
export async function connectAccount(
  deps: SignInSecurityDeps,
  headers: Headers,
  fields: Record<string, unknown>,
  locale: Locale = "en",
): Promise<ActionResult & { redirectTo?: string }> {
  const w = securityWords(locale);
  const said = w.account.security.messages;
  const provider = fields.provider === "google" || fields.provider === "github" ? fields.provider : null;
  if (!provider || !(provider === "google" ? deps.env.google : deps.env.github)) return no("connect", said.failed, 400);
  const name = providerName(provider);
  const page = localizedPath("/profile/security", locale);
  try {
    const { headers: answer, response } = await deps.auth.api.linkSocialAccount({
      body: { provider, callbackURL: `${page}?connected=${provider}`, errorCallbackURL: `${page}?connect-error=${provider}`, disableRedirect: true },
      headers,
      returnHeaders: true,
    });
    const url = (response as { url?: string }).url;
    if (!url) return no("connect", fill(said.connectFailed, { name }), 502);
    const cookies = [...answer.getSetCookie(), providerReturnCookie({ locale, flow: "connect", provider })];
    return { ...ok("connect", "", {}, cookies), redirectTo: url };
  } catch (error) {
    return refused("connect", error, deps.env.minPasswordLength, w);
  }
}

export async function disconnectAccount(
  deps: SignInSecurityDeps,
  headers: Headers,
  fields: Record<string, unknown>,
  viewer: Viewer,
  locale: Locale = "en",
): Promise<ActionResult> {
  const w = securityWords(locale);
  const said = w.account.security.messages;
  const accountId = text(fields, "accountId");
  const row = await deps.database.db.selectFrom("account").select("providerId").where("id", "=", accountId).where("userId", "=", viewer.id).executeTakeFirst();
  if (!row) return no("disconnect", said.failed, 404);
  // Passkeys sign in too: Better Auth counts only accounts, so it is asked only when there is no passkey either.
  try {
    await deps.auth.api.unlinkAccount({ body: { accountId }, headers });
    return ok("disconnect", fill(said.disconnected, { name: methodName(row.providerId, w) }));
  } catch (error) {
    if (codeOf(error) === "FAILED_TO_UNLINK_LAST_ACCOUNT") return no("disconnect", said.lastMethod, 400);
    return refused("disconnect", error, deps.env.minPasswordLength, w);
  }
}

/** The banner for `?connected=` / `?connect-error=` after the provider's round trip, in the page's language. */
export function connectionNotice(query: URLSearchParams, locale: Locale = "en"): { ok: boolean; message: string } | undefined {
  const said = securityWords(locale).account.security.messages;
  const connected = query.get("connected");
  if (connected === "google" || connected === "github") {
    const error = query.get("error");
    if (!error) return { ok: true, message: fill(said.connected, { name: providerName(connected) }) };
  }
  const failed = query.get("connect-error") ?? (query.get("error") ? query.get("connected") : null);
  if (failed === "google" || failed === "github") {
    const error = (query.get("error") ?? "").toLowerCase();
    const name = providerName(failed);
    return { ok: false, message: error.includes("already") ? fill(said.alreadyLinked, { name }) : fill(said.connectFailed, { name }) };
  }
  return undefined;
}
