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

/**
 * `formTargets`: origins a form may lead to besides our own. Chromium checks
 * `form-action` on the redirects that follow a post too, so Google and GitHub
 * sign-in without JavaScript (a post whose answer is a redirect to the
 * provider) and connecting them from the security page need the providers'
 * origins here.
 */
export function contentSecurityPolicy(scriptSources: string[], formTargets: readonly string[] = []): string {
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
    `form-action 'self' ${formTargets.join(" ")}`.trim(),
    "frame-ancestors 'none'",
  ].join("; ");
}

/** For HTML that has no inline script at all (JSON, plain files). */
export const LOCKED_DOWN_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * The CSP hash sources of the inline scripts of a page. Prerendered pages
 * (our build's HTML, nothing from users) list every one. A server-rendered
 * page being kept for replay passes the nonce it was rendered with: only the
 * scripts that carry it are ours (React Router's and our own), so a script
 * that found its way into the page any other way stays blocked on replay,
 * exactly as the nonce blocked it the first time.
 */
export function inlineScriptHashes(html: string, nonce?: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const body = match[2] ?? "";
    if (body.length === 0) continue;
    if (nonce !== undefined && !(match[1] ?? "").includes(`nonce="${nonce}"`)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** The origins besides our own that a policy's `form-action` allows (kept when a replay rewrites the policy). */
export function formTargetsOf(policy: string | null): string[] {
  const directive = policy
    ?.split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith("form-action "));
  return directive
    ? directive
        .split(/\s+/)
        .slice(1)
        .filter((source) => source !== "'self'")
    : [];
}

/** The nonce a Content-Security-Policy allows scripts by, if any. */
export function cspNonce(policy: string | null): string | undefined {
  return policy ? /'nonce-([A-Za-z0-9+/=_-]+)'/.exec(policy)?.[1] : undefined;
}
