/**
 * The only analytics code in a page's initial JavaScript: a few hundred
 * bytes that, in a production build, when the visitor has not asked not to
 * be tracked, load the reporter (reporter.ts, with web-vitals) once the
 * browser is idle and tell it about each page view. With Global Privacy
 * Control or Do Not Track on, nothing is loaded and nothing is sent.
 */
import { useEffect } from "react";
import { useLocation, useMatches } from "react-router";
import { whenIdle } from "~/shared/lib/when-idle";
import type * as ReporterModule from "./reporter";
import { trackingRefused } from "./tracking-refused";

type Reporter = typeof ReporterModule;

let reporter: Promise<Reporter> | undefined;

function report(routeId: string, path: string): void {
  reporter ??= import("./reporter");
  reporter.then(
    (module) => module.pageView(routeId, path),
    () => {
      // The chunk did not load (offline, a new deploy): try again at the next page view.
      reporter = undefined;
    },
  );
}

/** Mounted once in root.tsx: a page view per path (a change of query or hash alone is not one). */
export function PageViewReporter() {
  const { pathname } = useLocation();
  const matches = useMatches();
  const routeId = matches[matches.length - 1]?.id;
  useEffect(() => {
    if (!import.meta.env.PROD || !routeId || trackingRefused(navigator)) return;
    // Not cancelled on the next navigation: a page left before the browser was idle still counts.
    // The path as it is now: by the time the browser is idle the visitor may be on the next page.
    whenIdle(() => report(routeId, pathname));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per path; the route id follows the path
  }, [pathname]);
  return null;
}
