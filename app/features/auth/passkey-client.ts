/**
 * Passkeys in the browser: WebAuthn through @simplewebauthn/browser, loaded
 * only when a passkey is used (it is not part of any page's initial
 * JavaScript), against our Better Auth plugin's endpoints
 * (passkeys.server.ts). WebAuthn needs JavaScript: without it the pages say
 * so and offer the other ways.
 */

import type { auth } from "~/shared/i18n/catalog/auth";

export type PasskeyResult = { ok: true; reauthenticated?: boolean } | { ok: false; message: string; code?: string; cancelled?: boolean };

/** The words of the page's language (`useMessages("auth", auth).passkey`); English is fetched only when a caller has none. */
export type PasskeyWords = typeof auth.passkey;

async function wordsOr(t: PasskeyWords | undefined): Promise<PasskeyWords> {
  return t ?? (await import("~/shared/i18n/catalog/auth")).auth.passkey;
}

async function post(path: string, body?: unknown): Promise<{ ok: boolean; status: number; json: Record<string, unknown> }> {
  const response = await fetch(`/api/auth${path}`, {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });
  const json = ((await response.json().catch(() => null)) ?? {}) as Record<string, unknown>;
  return { ok: response.ok, status: response.status, json };
}

/** The server's refusals by code (passkeys.server.ts), in the page's words; a code we do not know keeps the server's text. */
const REFUSALS: Record<string, keyof PasskeyWords> = {
  PASSKEY_UNKNOWN: "unknown",
  PASSKEY_INVALID: "checkFailed",
  CHALLENGE_EXPIRED: "expired",
  EMAIL_NOT_VERIFIED: "unverified",
  PASSKEY_NOT_FOUND: "notFound",
  NAME_REQUIRED: "nameRequired",
  PASSKEY_EXISTS: "alreadyAdded",
};

function failure(answer: { json: Record<string, unknown> }, fallback: string, t: PasskeyWords): PasskeyResult {
  const code = typeof answer.json.code === "string" ? answer.json.code : undefined;
  const known = code ? REFUSALS[code] : undefined;
  const message = known ? t[known] : typeof answer.json.message === "string" ? answer.json.message : fallback;
  return { ok: false, message, code };
}

/** The browser's own refusal (the visitor closed the prompt, or no passkey matched): not an error to shout about. */
function fromBrowserError(error: unknown, t: PasskeyWords): PasskeyResult {
  const name = error instanceof Error ? ((error as Error & { cause?: Error }).cause?.name ?? error.name) : "";
  if (name === "NotAllowedError" || name === "AbortError") return { ok: false, message: t.cancelled, cancelled: true };
  if (name === "InvalidStateError") return { ok: false, message: t.alreadyAdded };
  return { ok: false, message: error instanceof Error ? error.message : t.cancelled };
}

export async function passkeysSupported(): Promise<boolean> {
  const { browserSupportsWebAuthn } = await import("@simplewebauthn/browser");
  return browserSupportsWebAuthn();
}

/** Adds a passkey to the signed-in account, named `name`. */
export async function addPasskey(name: string, words?: PasskeyWords): Promise<PasskeyResult> {
  const { startRegistration, browserSupportsWebAuthn } = await import("@simplewebauthn/browser");
  const t = await wordsOr(words);
  if (!browserSupportsWebAuthn()) return { ok: false, message: t.unsupported };
  const options = await post("/passkey/registration-options");
  if (!options.ok) return failure(options, t.startAddFailed, t);
  let response;
  try {
    response = await startRegistration({ optionsJSON: options.json as unknown as Parameters<typeof startRegistration>[0]["optionsJSON"] });
  } catch (error) {
    return fromBrowserError(error, t);
  }
  const saved = await post("/passkey/register", { response, name });
  return saved.ok ? { ok: true } : failure(saved, t.addFailed, t);
}

/**
 * Signs in with a passkey (or, signed in already, confirms it's you). With
 * `autofill`, the browser offers the passkeys in the email field's
 * suggestions and the promise waits until one is chosen (or `signal` aborts).
 */
export async function authenticateWithPasskey({
  autofill = false,
  signal,
  t: words,
}: { autofill?: boolean; signal?: AbortSignal; t?: PasskeyWords } = {}): Promise<PasskeyResult> {
  const { startAuthentication, browserSupportsWebAuthn, browserSupportsWebAuthnAutofill, WebAuthnAbortService } = await import("@simplewebauthn/browser");
  const t = await wordsOr(words);
  if (!browserSupportsWebAuthn()) return { ok: false, message: t.unsupported };
  if (autofill && !(await browserSupportsWebAuthnAutofill())) return { ok: false, message: t.unsupported, cancelled: true };
  const options = await post("/passkey/authentication-options");
  if (!options.ok) return failure(options, t.startSignInFailed, t);
  signal?.addEventListener("abort", () => WebAuthnAbortService.cancelCeremony(), { once: true });
  let response;
  try {
    response = await startAuthentication({
      optionsJSON: options.json as unknown as Parameters<typeof startAuthentication>[0]["optionsJSON"],
      useBrowserAutofill: autofill,
    });
  } catch (error) {
    return fromBrowserError(error, t);
  }
  const answer = await post("/passkey/authenticate", { response });
  if (!answer.ok) return failure(answer, t.checkFailed, t);
  return { ok: true, reauthenticated: answer.json.reauthenticated === true };
}
