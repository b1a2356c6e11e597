/**
 * The Content-Security-Policy of every HTML page.
 *
 * Scripts run only from our origin plus, for inline scripts, either a per-request
 * nonce (server-rendered pages) or the SHA-256 of each inline script
 * (prerendered pages, whose HTML is fixed at build time). Never 'unsafe-inline'
 * for scripts. Styles allow inline because React's `style` attributes and the
 * toast library's injected styles need it; they cannot run code.
 */
import { createHash } from "node:crypto";

export function contentSecurityPolicy(scriptSources: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptSources.join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** For HTML that has no inline script at all (JSON, plain files). */
export const LOCKED_DOWN_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The CSP hash sources of every inline script in a prerendered page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const body = match[1] ?? "";
    if (body.length === 0) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}
