/** The analytics feature's browser-safe side (docs/decisions/0016-analytics.md). */
export { PageViewReporter } from "./page-view-reporter";
export { THRESHOLDS, TRACKED_ROUTES, VITALS, rate, type Rating, type Vital } from "./metrics";
