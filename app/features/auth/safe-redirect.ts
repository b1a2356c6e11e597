/**
 * Where to go after signing in: the page the visitor came from when it is a
 * path on this site, else the fallback. Anything that could leave the site
 * (`//evil.example`, `/\evil.example`, `https://…`, control characters) is
 * not a path on this site.
 */
/**
 * The path and query of `url` to write out bare on `origin`, or null: for another origin's URL, and
 * for one whose dot segments resolved its path to "//host" ("/..//evil.example" is the path
 * "//evil.example"), which a browser reads as another site. What is returned is checked, not only
 * what came in.
 */
export function barePath(url: URL, origin: string): string | null {
  return url.origin === origin && !url.pathname.startsWith("//") ? `${url.pathname}${url.search}` : null;
}

export function safeRedirect(to: unknown, fallback = "/home"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  for (const char of to) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || char === "\\") return fallback;
  }
  try {
    const url = new URL(to, "http://site.invalid");
    const path = barePath(url, "http://site.invalid");
    // Straight back to the sign-in page helps nobody.
    if (!path || url.pathname === "/auth" || url.pathname.startsWith("/auth/")) return fallback;
    return `${path}${url.hash}`;
  } catch {
    return fallback;
  }
}
