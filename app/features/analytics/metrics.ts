/**
 * What the analytics collect, as data shared by the browser's reporter, the
 * ingest endpoint and the admin view (docs/decisions/0016-analytics.md).
 * Everything a beacon may say is one of these names: nothing free-form.
 */
import { HINDI_PATHS, PAGE_PATHS } from "~/config/pages";

/** The Core Web Vitals we report, in the order the admin view shows them. */
export const VITALS = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;
export type Vital = (typeof VITALS)[number];

export const PAGE_VIEW = "pageview";
export type MetricName = Vital | typeof PAGE_VIEW;

/**
 * Vitals dropped as implausible (above PLAUSIBLE_MAX) are counted under this
 * metric (count only, per route, device and connection), so the console can
 * say how many were left out.
 */
export const DROPPED = "dropped";

/**
 * Google's thresholds (web.dev/articles/vitals): up to `good` is good, above
 * `poor` is poor, between is "needs improvement". Milliseconds, except CLS
 * (unitless).
 */
export const THRESHOLDS: Record<Vital, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  FCP: { good: 1800, poor: 3000 },
  TTFB: { good: 800, poor: 1800 },
};

/** The largest value a beacon may report: anything above is a broken or forged measurement. */
export const MAX_VALUE: Record<Vital, number> = {
  LCP: 600_000,
  INP: 600_000,
  CLS: 100,
  FCP: 600_000,
  TTFB: 600_000,
};

/**
 * The largest value the analytics believe: above it a well-formed value is
 * dropped and counted (DROPPED), not stored in the histograms. One client
 * reporting "LCP 600 s" could otherwise push a quiet route's p75 to "poor".
 * 60 s for the timings is far beyond any real page load or interaction a
 * visitor waits through (Google's "poor" starts at 4 s for LCP, 0.5 s for
 * INP); a CLS of 5 means the page moved five viewports' worth, which real
 * pages do not reach (poor starts at 0.25).
 */
export const PLAUSIBLE_MAX: Record<Vital, number> = {
  LCP: 60_000,
  INP: 60_000,
  CLS: 5,
  FCP: 60_000,
  TTFB: 60_000,
};

export function isPlausible(vital: Vital, value: number): boolean {
  return value <= PLAUSIBLE_MAX[vital];
}

export type Rating = "good" | "needs-improvement" | "poor";

export function rate(vital: Vital, value: number): Rating {
  const { good, poor } = THRESHOLDS[vital];
  if (value <= good) return "good";
  if (value <= poor) return "needs-improvement";
  return "poor";
}

export const DEVICE_CLASSES = ["mobile", "tablet", "desktop"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** The Network Information API's effective types, and "unknown" where the browser has none. */
export const CONNECTION_TYPES = ["4g", "3g", "2g", "slow-2g", "unknown"] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

/** At most this many events travel in one beacon (its body stays far below the 8 KB cap). */
export const MAX_EVENTS = 6;

/**
 * The route patterns of the site's pages, as React Router matches them: every
 * page of the page table (config/pages.ts), "/*" (the not-found page) and the
 * Hindi twins, counted apart so operators see which language is read
 * (`tracked-routes.test.ts` checks this list against app/routes.ts). A beacon
 * names one of these, never a URL: no ids, slugs or query strings arrive. The
 * operators' own pages (/admin) are not tracked.
 */
export const TRACKED_ROUTES = [...PAGE_PATHS, "/*", ...HINDI_PATHS] as const;
export type TrackedRoute = (typeof TRACKED_ROUTES)[number];

const tracked: ReadonlySet<string> = new Set(TRACKED_ROUTES);

export function isTrackedRoute(route: string): route is TrackedRoute {
  return tracked.has(route);
}
