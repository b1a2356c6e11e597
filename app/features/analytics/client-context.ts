/**
 * What the browser's reporter says about the visit besides the numbers: the
 * route pattern, a device class and a connection type. Coarse on purpose:
 * three device classes and five connection types, nothing that tells one
 * visitor from another.
 */
import { CONNECTION_TYPES, type ConnectionType, type DeviceClass } from "./metrics";

/** A touch screen with a short side under 600 CSS pixels is a phone, a larger one a tablet, anything with a mouse a desktop. */
export function deviceClass(win: Pick<Window, "matchMedia" | "screen"> = window): DeviceClass {
  const coarse = typeof win.matchMedia === "function" && win.matchMedia("(pointer: coarse)").matches;
  if (!coarse) return "desktop";
  return Math.min(win.screen.width, win.screen.height) < 600 ? "mobile" : "tablet";
}

/** The Network Information API's effective type (Chromium only), else "unknown". */
export function connectionType(nav: Navigator = navigator): ConnectionType {
  const type = (nav as Navigator & { connection?: { effectiveType?: unknown } }).connection?.effectiveType;
  return typeof type === "string" && (CONNECTION_TYPES as readonly string[]).includes(type) ? (type as ConnectionType) : "unknown";
}

/**
 * The route pattern of a page ("/blog/a-post" with `{ slug: "a-post" }` →
 * "/blog/:slug"): each parameter's value, where it fills a whole segment of
 * the path, named by its parameter; a splat's rest of the path is `*`. From what a page knows of its own match
 * (React Router's `useMatches()`, or the server's), nothing of the framework's.
 */
export function routePattern(pathname: string, params: Readonly<Record<string, string | undefined>>): string {
  // A splat (`*`, the not-found route) is the rest of the path.
  const splat = params["*"];
  if (splat !== undefined) {
    let decoded = pathname;
    try {
      decoded = decodeURI(pathname);
    } catch {
      // not percent-encoded text: as it is
    }
    const base = [pathname, decoded].find((p) => p.endsWith(splat));
    // A path the router normalised on its way to the splat ("//%5C…"): where the splat starts is unknown,
    // and the visitor's text never becomes a pattern (it is shown in the page and counted in analytics).
    if (base === undefined) return "/*";
    const rest = base.slice(0, base.length - splat.length);
    return routePattern(rest.replace(/\/?$/, "/"), { ...params, "*": undefined }).replace(/\/?$/, "/*");
  }
  const names = new Map(
    Object.entries(params)
      .filter(([name, value]) => name !== "*" && value)
      .map(([name, value]) => [value!, name]),
  );
  const pattern = pathname
    .split("/")
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // not percent-encoded text: as it is
      }
      const name = names.get(decoded);
      return name ? `:${name}` : segment;
    })
    .join("/");
  return pattern.length > 1 ? pattern.replace(/\/$/, "") : pattern;
}
