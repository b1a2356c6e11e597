/**
 * Sign-ups are idempotent (issue 23): a client that timed out and signs up
 * again with the same `Idempotency-Key` (the API) or the same hidden token
 * (the /auth page's form) gets the first answer again, and no second mail
 * goes out (Better Auth would otherwise answer the retry as a sign-up for a
 * taken address and mail the owner about it). infra/http/idempotency.server.ts
 * keeps the keys.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/infra/db/schema";
import {
  CLIENT_KEY_TTL_MS,
  IDEMPOTENCY_HEADER,
  IN_PROGRESS_MESSAGE,
  INVALID_KEY_MESSAGE,
  readIdempotencyKey,
  REUSED_KEY_MESSAGE,
  runOnce,
  sha256,
} from "~/infra/http/idempotency.server";
import { jsonError } from "~/infra/http/responses";
import type { AuthHandler } from "./auth-handler.server";
import { clientText } from "~/shared/lib/client-text";

const SIGN_UP_PATH = "/api/auth/sign-up/email";

/** The scope of sign-up keys (the page's action uses it too). */
export function signUpScope(key: string, email: string, password: string) {
  return { scope: "sign-up", key, fingerprint: sha256(email.trim().toLowerCase(), password), ttlMs: CLIENT_KEY_TTL_MS };
}

/** `handler` with idempotent `POST /api/auth/sign-up/email`. */
export function idempotentSignUp(db: Kysely<Database>, handler: AuthHandler): AuthHandler {
  return async (request) => {
    if (request.method !== "POST" || !request.headers.has(IDEMPOTENCY_HEADER) || new URL(request.url).pathname !== SIGN_UP_PATH) return handler(request);
    const key = readIdempotencyKey(request);
    if (key.kind !== "key") return jsonError(400, INVALID_KEY_MESSAGE);
    // The fingerprint is what the request asked for: the address and the password (never stored, only hashed).
    let body: unknown;
    try {
      body = await request.clone().json();
    } catch {
      return handler(request); // Better Auth answers a body it cannot read
    }
    // JSON that is not an object (`null`, `[]`, `7`) reads as no fields; Better Auth refuses it with a 4xx.
    const fields = (body !== null && typeof body === "object" ? body : {}) as { email?: unknown; password?: unknown };
    const scope = signUpScope(key.value, clientText(fields.email), clientText(fields.password));
    const outcome = await runOnce(db, scope, () => handler(request));
    if (outcome.kind === "mismatch") return jsonError(400, REUSED_KEY_MESSAGE);
    if (outcome.kind === "in-progress") return jsonError(409, IN_PROGRESS_MESSAGE, { "Retry-After": "1" });
    return outcome.response;
  };
}
