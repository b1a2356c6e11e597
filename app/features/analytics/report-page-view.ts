/**
 * The only analytics code a page carries before the browser is idle: a few
 * hundred bytes that load the reporter (reporter.ts, with web-vitals) and
 * hand it a page view. With Global Privacy Control or Do Not Track on,
 * nothing is loaded and nothing is sent.
 */
import type * as ReporterModule from "./reporter";
import { trackingRefused } from "./tracking-refused";

let reporter: Promise<typeof ReporterModule> | undefined;

export function reportPageView(route: string, path: string, options: { viewSent?: boolean } = {}): void {
  if (trackingRefused(navigator)) return;
  reporter ??= import("./reporter");
  reporter.then(
    (module) => module.pageView(route, path, options),
    () => {
      // The chunk did not load (offline, a new deploy): try again at the next page view.
      reporter = undefined;
    },
  );
}
