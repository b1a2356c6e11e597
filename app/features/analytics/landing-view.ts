/**
 * The landing page view, counted even when the visitor leaves at once.
 *
 * The reporter (reporter.ts, with web-vitals) is loaded when the browser is
 * idle, so that the page's first paint and first presses never wait for it.
 * A visitor who leaves before that (a bounce in under a second, a tab closed,
 * a link pressed on a slow phone) used to take the view with them. Until the
 * reporter has it, the page is watched for being hidden or left; if it is,
 * the view goes out at once in one beacon from here, and the reporter, if it
 * still starts (the page came back from the back-forward cache, or was only
 * hidden), measures the vitals without counting the view twice.
 */
import { connectionType, deviceClass } from "./client-context";
import { isTrackedRoute } from "./metrics";
import type { reportPageView } from "./report-page-view";
import { visitSource } from "./sources";
import { trackingRefused } from "./tracking-refused";

export const VITALS_ENDPOINT = "/api/vitals";

export interface LandingViewDeps {
  /** When the reporter may load (when-idle.ts). */
  schedule: (task: () => void) => void;
  /** Hands the view to the reporter (report-page-view.ts). */
  report: typeof reportPageView;
}

export function reportLandingView(route: string, path: string, { schedule, report }: LandingViewDeps): void {
  if (trackingRefused(navigator) || !isTrackedRoute(route)) return;
  let handed = false;
  let sent = false;
  const sendNow = () => {
    if (handed || sent) return;
    sent = true;
    const source = visitSource(location, document.referrer);
    const beacon = {
      device: deviceClass(),
      connection: connectionType(),
      events: [source ? { route, metric: "pageview", source } : { route, metric: "pageview" }],
    };
    try {
      navigator.sendBeacon(VITALS_ENDPOINT, JSON.stringify(beacon));
    } catch {
      // No beacon support, or refused: this view is lost, nothing else.
    }
  };
  const onHidden = () => {
    if (document.visibilityState === "hidden") sendNow();
  };
  addEventListener("pagehide", sendNow);
  document.addEventListener("visibilitychange", onHidden);
  schedule(() => {
    handed = true;
    removeEventListener("pagehide", sendNow);
    document.removeEventListener("visibilitychange", onHidden);
    report(route, path, { viewSent: sent });
  });
}
