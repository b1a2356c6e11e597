/** The shape of /admin/analytics' data: shared by the server (summary.server.ts) and the view. */
import type { Rating, Vital } from "./metrics";
import type { Goal } from "./sources";

export type SummaryDays = 7 | 30;

export interface VitalStats {
  /** How many values were reported. */
  count: number;
  p50: number;
  p75: number;
  p95: number;
  /** The p75 lies above the histogram's last bound: it is at least `p75`. */
  p75AtLeast: boolean;
  /** Google's rating of the p75 (the value Core Web Vitals are judged by). */
  rating: Rating;
}

export type VitalsOf = Partial<Record<Vital, VitalStats>>;

export interface AnalyticsSummary {
  days: SummaryDays;
  /** First and last day included, `YYYY-MM-DD` (UTC). */
  from: string;
  to: string;
  totalPageViews: number;
  /** Vitals left out as implausible (metrics.ts PLAUSIBLE_MAX) in the window. */
  dropped: number;
  /** Page views per route, most viewed first. */
  pageViews: { route: string; count: number }[];
  /** Per route (most viewed first, then routes with vitals only), each vital's figures. */
  vitals: { route: string; metrics: VitalsOf }[];
  /** Every route together. */
  overall: VitalsOf;
  /** Page views per device class and per connection type. */
  devices: { device: string; count: number }[];
  connections: { connection: string; count: number }[];
  /** Visitors per source (UTM source, else the referring host, else "direct"), most first, with their goals. */
  sources: SourceRow[];
  /** Every goal's count in the window, whatever the source. */
  goals: Record<Goal, number>;
  /** One entry per day from `from` to `to`, for the charts. */
  daily: {
    days: string[];
    pageViews: number[];
    p75: Record<Vital, (number | null)[]>;
    /** How many values each day's p75 is of. */ samples: Record<Vital, number[]>;
  };
}

export interface SourceRow {
  source: string;
  medium: string;
  campaign: string;
  visitors: number;
  pageviews: number;
  goals: Record<Goal, number>;
  /** Sign-ups per visitor of this source (null without visitors). */
  conversion: number | null;
}
