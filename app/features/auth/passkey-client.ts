/**
 * Passkeys in the browser: WebAuthn through @simplewebauthn/browser, loaded
 * only when a passkey is used (it is not part of any page's initial
 * JavaScript), against our Better Auth plugin's endpoints
 * (passkeys.server.ts). WebAuthn needs JavaScript: without it the pages say
 * so and offer the other ways.
 */

export type PasskeyResult = { ok: true; reauthenticated?: boolean } | { ok: false; message: string; code?: string; cancelled?: boolean };

const CANCELLED = "The passkey prompt was closed. Nothing changed.";
const UNSUPPORTED = "This browser cannot use passkeys. Use your password instead, or another browser.";

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

function failure(answer: { json: Record<string, unknown> }, fallback: string): PasskeyResult {
  return { ok: false, message: typeof answer.json.message === "string" ? answer.json.message : fallback, code: typeof answer.json.code === "string" ? answer.json.code : undefined };
}

/** The browser's own refusal (the visitor closed the prompt, or no passkey matched): not an error to shout about. */
function fromBrowserError(error: unknown): PasskeyResult {
  const name = error instanceof Error ? ((error as Error & { cause?: Error }).cause?.name ?? error.name) : "";
  if (name === "NotAllowedError" || name === "AbortError") return { ok: false, message: CANCELLED, cancelled: true };
  if (name === "InvalidStateError") return { ok: false, message: "This passkey is already added to your account." };
  return { ok: false, message: error instanceof Error ? error.message : CANCELLED };
}

export async function passkeysSupported(): Promise<boolean> {
  const { browserSupportsWebAuthn } = await import("@simplewebauthn/browser");
  return browserSupportsWebAuthn();
}

/** Adds a passkey to the signed-in account, named `name`. */
export async function addPasskey(name: string): Promise<PasskeyResult> {
  const { startRegistration, browserSupportsWebAuthn } = await import("@simplewebauthn/browser");
  if (!browserSupportsWebAuthn()) return { ok: false, message: UNSUPPORTED };
  const options = await post("/passkey/registration-options");
  if (!options.ok) return failure(options, "Could not start adding a passkey. Please try again.");
  let response;
  try {
    response = await startRegistration({ optionsJSON: options.json as unknown as Parameters<typeof startRegistration>[0]["optionsJSON"] });
  } catch (error) {
    return fromBrowserError(error);
  }
  const saved = await post("/passkey/register", { response, name });
  return saved.ok ? { ok: true } : failure(saved, "The passkey could not be added. Please try again.");
}

/**
 * Signs in with a passkey (or, signed in already, confirms it's you). With
 * `autofill`, the browser offers the passkeys in the email field's
 * suggestions and the promise waits until one is chosen (or `signal` aborts).
 */
export async function authenticateWithPasskey({ autofill = false, signal }: { autofill?: boolean; signal?: AbortSignal } = {}): Promise<PasskeyResult> {
  const { startAuthentication, browserSupportsWebAuthn, browserSupportsWebAuthnAutofill, WebAuthnAbortService } = await import("@simplewebauthn/browser");
  if (!browserSupportsWebAuthn()) return { ok: false, message: UNSUPPORTED };
  if (autofill && !(await browserSupportsWebAuthnAutofill())) return { ok: false, message: UNSUPPORTED, cancelled: true };
  const options = await post("/passkey/authentication-options");
  if (!options.ok) return failure(options, "Could not start signing in with a passkey. Please try again.");
  signal?.addEventListener("abort", () => WebAuthnAbortService.cancelCeremony(), { once: true });
  let response;
  try {
    response = await startAuthentication({
      optionsJSON: options.json as unknown as Parameters<typeof startAuthentication>[0]["optionsJSON"],
      useBrowserAutofill: autofill,
    });
  } catch (error) {
    return fromBrowserError(error);
  }
  const answer = await post("/passkey/authenticate", { response });
  if (!answer.ok) return failure(answer, "The passkey could not be checked. Please try again.");
  return { ok: true, reauthenticated: answer.json.reauthenticated === true };
}
