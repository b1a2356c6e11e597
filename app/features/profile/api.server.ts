/**
 * The contract's user-record API (`/api/user/:id`, `/api/saveUser[/:uid]`),
 * on top of profile-service.server.ts. The spec's client sent a static API
 * key; a key shipped to every browser protects nothing, so authorization
 * comes from the session. When API_KEY is set, the key is required as well:
 * it identifies a client, it does not grant access to anyone's record.
 */
import { timingSafeEqual } from "node:crypto";
import { readBody } from "~/features/auth/request-body.server";
import { jsonError } from "~/infra/http/json";
import type { Services } from "~/services.server";
import { type Caller, currentCaller } from "./profile-service.server";

const MAX_BODY_BYTES = 64 * 1024;

function keyMatches(given: string | null, expected: string): boolean {
  if (given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Checks the API key (if configured) and the session; the caller, or the error response. */
export async function authorize(s: Services, request: Request, targetId?: string): Promise<Caller | Response> {
  if (s.env.apiKey && !keyMatches(request.headers.get("x-api-key"), s.env.apiKey)) {
    return jsonError(401, "Missing or invalid API key (header x-api-key).");
  }
  const caller = await currentCaller(s, request);
  if (!caller) return jsonError(401, "Sign in to use this API.");
  if (targetId !== undefined && targetId !== caller.id) return jsonError(403, "You can only access your own record.");
  return caller;
}

/** The JSON (or form) body, refusing one that is too large to be a profile. */
export async function readSmallBody(request: Request): Promise<Record<string, unknown> | Response> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_BODY_BYTES) return jsonError(413, "The request body is too large.");
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    const text = await request.clone().text();
    if (Buffer.byteLength(text) > MAX_BODY_BYTES) return jsonError(413, "The request body is too large.");
    if (text.trim() === "") return {};
    try {
      const value: unknown = JSON.parse(text);
      if (!value || typeof value !== "object" || Array.isArray(value)) return jsonError(400, "The body must be a JSON object.");
      return value as Record<string, unknown>;
    } catch {
      return jsonError(400, "The body is not valid JSON.");
    }
  }
  return readBody(request);
}
