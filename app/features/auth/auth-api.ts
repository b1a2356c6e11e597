/**
 * The browser's calls to the auth API (/api/auth/*). Each resolves to a
 * result, never throws: `{ ok: true, data }` or `{ ok: false, status, code, message }`.
 */

export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; code?: string; message?: string };

/** The spec's network timeouts: 30 s on desktop, 60 s on mobile. */
export function networkTimeoutMs(): number {
  const mobile = typeof navigator !== "undefined" && /Mobi|Android|iPhone|iPad/i.test(navigator.userAgent);
  return mobile ? 60_000 : 30_000;
}

export async function postJson<T>(path: string, body: unknown): Promise<ApiResult<T>> {
  try {
    const res = await fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
      signal: AbortSignal.timeout(networkTimeoutMs()),
    });
    const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (res.ok) return { ok: true, data: data as T };
    return {
      ok: false,
      status: res.status,
      code: typeof data.code === "string" ? data.code : undefined,
      message: typeof data.message === "string" ? data.message : undefined,
    };
  } catch {
    return { ok: false, status: 0, code: "NETWORK_ERROR" };
  }
}

export interface AuthUser {
  id: string;
  name: string;
  email: string;
}

export const authApi = {
  signIn: (email: string, password: string, rememberMe: boolean) =>
    postJson<{ user: AuthUser }>("/api/auth/sign-in/email", { email, password, rememberMe }),
  signUp: (email: string, password: string) =>
    postJson<{ user: AuthUser }>("/api/auth/sign-up/email", {
      email,
      password,
      // The spec's form has no name field: start from the address's local part (editable on the profile).
      name: email.split("@")[0] ?? email,
      callbackURL: "/auth?verified=1",
    }),
  resendVerification: (email: string) => postJson<{ message: string }>("/api/auth/resend-verification", { email }),
  requestPasswordReset: (email: string) =>
    postJson<{ status: boolean }>("/api/auth/request-password-reset", { email, redirectTo: "/auth/reset-password" }),
  resetPassword: (token: string, newPassword: string) => postJson<{ status: boolean }>("/api/auth/reset-password", { token, newPassword }),
  socialStart: (provider: string, callbackURL: string) =>
    postJson<{ url: string }>("/api/auth/sign-in/social", {
      provider,
      callbackURL,
      errorCallbackURL: `${callbackURL}&error=1`,
      newUserCallbackURL: callbackURL,
      disableRedirect: true,
    }),
};
