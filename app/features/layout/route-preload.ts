import { matchRoutes, type RouteObject } from "react-router";

interface RouterGlobals {
  __reactRouterManifest?: { routes: Record<string, { module: string; imports?: string[] } | undefined> };
  __reactRouterDataRouter?: { routes: RouteObject[] };
}

const requested = new Set<string>();

/**
 * Fetches, all at once, every module the page at `pathname` needs: React
 * Router imports a route's module when a navigation starts and discovers its
 * imports (the shared `marketing` chunk, say) only once that has arrived, a
 * second round trip: 0.6 s on slow 4G (docs/decisions/0019-slow-phone.md).
 * The route's imports are in React Router's manifest; preloaded beside the
 * module, they come in the same round trip. Anything unknown is skipped: the
 * navigation itself loads what it needs regardless.
 */
export function preloadRouteModules(pathname: string): void {
  const globals = window as unknown as RouterGlobals;
  const manifest = globals.__reactRouterManifest;
  const routes = globals.__reactRouterDataRouter?.routes;
  if (!manifest || !routes) return;
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const route = match.route.id ? manifest.routes[match.route.id] : undefined;
    for (const href of route ? [route.module, ...(route.imports ?? [])] : []) {
      if (requested.has(href) || document.querySelector(`link[rel="modulepreload"][href="${CSS.escape(href)}"]`)) continue;
      requested.add(href);
      document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));
    }
  }
}
