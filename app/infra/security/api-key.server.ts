/**
 * The spec's client sent a static API key (x-api-key). A key shipped to every
 * browser protects nothing, so authorization comes from the session; when
 * API_KEY is set the key is required as well: it identifies a client, it does
 * not grant access to anyone's record.
 */
import { timingSafeEqual } from "node:crypto";
import { data } from "react-router";

function matches(given: string | null, expected: string): boolean {
  if (given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Throws the contract's 401 unless the request carries the configured key (or none is configured). */
export function requireApiKey(request: Request, expected: string | undefined): void {
  if (expected && !matches(request.headers.get("x-api-key"), expected)) {
    throw data({ success: false, message: "Missing or invalid API key (header x-api-key)." }, { status: 401, headers: { "Cache-Control": "no-store" } });
  }
}
