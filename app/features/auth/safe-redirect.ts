/**
 * Where to go after signing in: the page the visitor came from when it is a
 * path on this site, else the fallback. Anything that could leave the site
 * (`//evil.example`, `/\evil.example`, `https://…`, control characters) is
 * not a path on this site.
 */
export function safeRedirect(to: unknown, fallback = "/home"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  for (const char of to) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || char === "\\") return fallback;
  }
  try {
    const url = new URL(to, "http://site.invalid");
    if (url.origin !== "http://site.invalid") return fallback;
    // Straight back to the sign-in page helps nobody.
    if (url.pathname === "/auth" || url.pathname.startsWith("/auth/")) return fallback;
    // Dot segments resolve away: "/.//evil.example" is the path "//evil.example", which a browser
    // takes for another site. What is returned is checked, not only what came in.
    if (url.pathname.startsWith("//")) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
