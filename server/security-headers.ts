/**
 * Headers every response carries. HTML responses bring their own
 * Content-Security-Policy (nonce or hashes); everything else gets a policy that
 * allows nothing, so a JSON or text response can never run as a page.
 */
import type { ServerResponse } from "node:http";
import { LOCKED_DOWN_CSP } from "../app/infra/security/csp";

export function applySecurityHeaders(res: ServerResponse, { https }: { https: boolean }): void {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
  res.setHeader("Content-Security-Policy", LOCKED_DOWN_CSP);
  if (https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}
