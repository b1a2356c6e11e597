/**
 * A hydrated page's views after its first (client-side navigations): the
 * route pattern of each path, to the reporter (reporter.ts), loaded when the
 * browser is idle. The landing view is the page script's on every page
 * (app/client/page-script.ts); reported here too, the reporter counts it once.
 */
import { useEffect } from "react";
import { useLocation, useMatches } from "react-router";
import { whenIdle } from "~/shared/lib/when-idle";
import { routePattern } from "./client-context";
import { reportPageView } from "./report-page-view";

/** Mounted once in root.tsx: a page view per path (a change of query or hash alone is not one). */
export function PageViewReporter() {
  const { pathname } = useLocation();
  const matches = useMatches();
  const last = matches[matches.length - 1];
  useEffect(() => {
    if (!import.meta.env.PROD || !last) return;
    // Not cancelled on the next navigation: a page left before the browser was idle still counts.
    const route = routePattern(last.pathname, last.params);
    whenIdle(() => reportPageView(route, pathname));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per path; the match follows the path
  }, [pathname]);
  return null;
}
