/**
 * A fixed histogram of 40 buckets per metric: what an analytics row keeps
 * instead of the values themselves. Histograms add up (a day's rows, a week,
 * all devices), so percentiles can be computed over any set of rows, which
 * p50s and p75s stored per row could not.
 *
 * The bounds are roughly log-spaced (finer where values usually fall) and
 * include every one of Google's thresholds, so a percentile's rating (good /
 * needs improvement / poor) is exact even though its value is interpolated:
 * an interpolated value always lies in its bucket's (lower, upper] range.
 *
 * Bucket i holds values v with bounds[i-1] < v <= bounds[i] (bucket 0 starts
 * at 0); the last bucket holds everything above the last bound.
 */
import type { AnalyticsBucket } from "~/infra/db/schema";
import type { Vital } from "./metrics";

export const BUCKET_COUNT = 40;

/** Upper bounds in milliseconds for LCP, INP, FCP and TTFB (39; the 40th bucket is open-ended). */
const MS_BOUNDS = [
  10, 25, 50, 75, 100, 150, 200, 250, 300, 400, 500, 600, 700, 800, 900, 1000, 1200, 1400, 1600, 1800, 2000, 2250, 2500, 2750, 3000, 3500, 4000, 4500, 5000,
  6000, 7000, 8000, 10_000, 12_000, 15_000, 20_000, 30_000, 60_000, 120_000,
] as const;

/** Upper bounds of the (unitless) layout-shift score. */
const CLS_BOUNDS = [
  0.001, 0.005, 0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.07, 0.08, 0.09, 0.1, 0.11, 0.125, 0.15, 0.175, 0.2, 0.225, 0.25, 0.275, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6,
  0.7, 0.8, 0.9, 1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4, 5, 10,
] as const;

export function boundsOf(vital: Vital): readonly number[] {
  return vital === "CLS" ? CLS_BOUNDS : MS_BOUNDS;
}

/** The column names b00 … b39, in bucket order. */
export const BUCKET_COLUMNS: readonly AnalyticsBucket[] = Array.from({ length: BUCKET_COUNT }, (_, i) => `b${String(i).padStart(2, "0")}` as AnalyticsBucket);

/** Which bucket a (finite, non-negative) value falls in. */
export function bucketIndex(vital: Vital, value: number): number {
  const bounds = boundsOf(vital);
  // 39 bounds: a binary search would not pay for itself.
  for (let i = 0; i < bounds.length; i++) if (value <= bounds[i]!) return i;
  return bounds.length;
}

export function emptyHistogram(): number[] {
  return new Array<number>(BUCKET_COUNT).fill(0);
}

/** Adds `other` into `into`, bucket by bucket. */
export function addInto(into: number[], other: readonly number[]): number[] {
  for (let i = 0; i < BUCKET_COUNT; i++) into[i] = (into[i] ?? 0) + (other[i] ?? 0);
  return into;
}

export interface Percentile {
  value: number;
  /** The value lies in the open-ended last bucket: it is at least `value`. */
  atLeast: boolean;
}

/**
 * The p-th percentile (0 < p ≤ 1) of the values counted in `counts`, or null
 * when nothing was counted. It is the value of rank ceil(p × total), linearly
 * interpolated within its bucket.
 */
export function percentile(vital: Vital, counts: readonly number[], p: number): Percentile | null {
  if (!(p > 0 && p <= 1)) throw new RangeError(`percentile must be in (0, 1]: ${p}`);
  const bounds = boundsOf(vital);
  let total = 0;
  for (const c of counts) total += c;
  if (total <= 0) return null;
  const rank = Math.max(1, Math.ceil(p * total - 1e-9));
  let before = 0;
  for (let i = 0; i < counts.length; i++) {
    const inBucket = counts[i] ?? 0;
    if (inBucket > 0 && before + inBucket >= rank) {
      const lower = i === 0 ? 0 : bounds[i - 1]!;
      if (i >= bounds.length) return { value: lower, atLeast: true };
      const upper = bounds[i]!;
      return { value: lower + ((upper - lower) * (rank - before)) / inBucket, atLeast: false };
    }
    before += inBucket;
  }
  // Unreachable with consistent counts.
  return null;
}
