/**
 * Headers every response carries. HTML responses bring their own
 * Content-Security-Policy (nonce or hashes); everything else gets a policy that
 * allows nothing, so a JSON or text response can never run as a page.
 */
import type { ServerResponse } from "node:http";
import { LOCKED_DOWN_CSP } from "../app/infra/security/csp";

const EVERY_RESPONSE: ReadonlyArray<readonly [string, string]> = [
  ["x-content-type-options", "nosniff"],
  ["referrer-policy", "strict-origin-when-cross-origin"],
  ["x-frame-options", "DENY"],
  ["cross-origin-resource-policy", "same-origin"],
  ["permissions-policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()"],
  ["content-security-policy", LOCKED_DOWN_CSP],
];
// Both lists made once: they are applied to every response.
const OVER_HTTPS: ReadonlyArray<readonly [string, string]> = [...EVERY_RESPONSE, ["strict-transport-security", "max-age=31536000; includeSubDomains"]];

/** The headers `applySecurityHeaders` sets, by lower-case name (what `res.getHeaders()` reports). */
export function securityHeaders({ https }: { https: boolean }): ReadonlyArray<readonly [string, string]> {
  return https ? OVER_HTTPS : EVERY_RESPONSE;
}

export function applySecurityHeaders(res: ServerResponse, options: { https: boolean }): void {
  for (const [name, value] of securityHeaders(options)) res.setHeader(name, value);
}
