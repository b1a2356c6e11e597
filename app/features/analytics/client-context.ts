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

interface ManifestRoute {
  path?: string;
  parentId?: string;
}

/**
 * The route pattern of a matched route id ("routes/blog.post" → "/blog/:slug"),
 * joined from its own and its parents' paths in React Router's route manifest
 * (the one the page hydrated with; routes discovered later are added to it).
 * This is how React Router itself names a match's pattern; unknown → null.
 */
export function routePatternOf(routeId: string, routes: Record<string, ManifestRoute | undefined> | undefined = manifestRoutes()): string | null {
  if (!routes) return null;
  const parts: string[] = [];
  let route = routes[routeId];
  if (!route) return null;
  for (let depth = 0; route && depth < 32; depth++) {
    if (route.path) parts.unshift(route.path);
    route = route.parentId ? routes[route.parentId] : undefined;
  }
  const joined = `/${parts.join("/")}`.replace(/\/{2,}/g, "/");
  return joined.length > 1 ? joined.replace(/\/$/, "") : joined;
}

function manifestRoutes(): Record<string, ManifestRoute | undefined> | undefined {
  if (typeof window === "undefined") return undefined;
  return (window as Window & { __reactRouterManifest?: { routes?: Record<string, ManifestRoute> } }).__reactRouterManifest?.routes;
}
