import { describe, expect, it } from "vitest";
import { addInto, BUCKET_COLUMNS, BUCKET_COUNT, boundsOf, bucketIndex, emptyHistogram, percentile } from "./histogram";
import { rate, THRESHOLDS, type Vital, VITALS } from "./metrics";

/** A small deterministic PRNG, so failures replay. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function histogramOf(vital: Vital, values: number[]): number[] {
  const h = emptyHistogram();
  for (const v of values) h[bucketIndex(vital, v)]! += 1;
  return h;
}

/** The exact percentile by the same definition: the value of rank ceil(p × n). */
function exact(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil(p * sorted.length - 1e-9)) - 1]!;
}

describe("buckets", () => {
  it("has 40 buckets (b00 … b39) and 39 strictly increasing bounds per metric", () => {
    expect(BUCKET_COUNT).toBe(40);
    expect(BUCKET_COLUMNS).toHaveLength(40);
    expect(BUCKET_COLUMNS[0]).toBe("b00");
    expect(BUCKET_COLUMNS[39]).toBe("b39");
    for (const vital of VITALS) {
      const bounds = boundsOf(vital);
      expect(bounds).toHaveLength(39);
      for (let i = 1; i < bounds.length; i++) expect(bounds[i]!).toBeGreaterThan(bounds[i - 1]!);
    }
  });

  it("has every one of Google's thresholds as a bound (so ratings of percentiles are exact)", () => {
    for (const vital of VITALS) {
      expect(boundsOf(vital)).toContain(THRESHOLDS[vital].good);
      expect(boundsOf(vital)).toContain(THRESHOLDS[vital].poor);
    }
  });

  it("puts a value on a bound in the bucket it closes, and above the last bound in the last bucket", () => {
    expect(bucketIndex("LCP", 0)).toBe(0);
    expect(bucketIndex("LCP", 10)).toBe(0);
    expect(bucketIndex("LCP", 10.0001)).toBe(1);
    expect(bucketIndex("LCP", 2500)).toBe(boundsOf("LCP").indexOf(2500));
    expect(bucketIndex("LCP", 2500.5)).toBe(boundsOf("LCP").indexOf(2500) + 1);
    expect(bucketIndex("LCP", 120_000)).toBe(38);
    expect(bucketIndex("LCP", 500_000)).toBe(39);
    expect(bucketIndex("CLS", 0)).toBe(0);
    expect(bucketIndex("CLS", 0.1)).toBe(boundsOf("CLS").indexOf(0.1));
    expect(bucketIndex("CLS", 50)).toBe(39);
  });
});

describe("percentile", () => {
  it("is null for an empty histogram and refuses p outside (0, 1]", () => {
    expect(percentile("LCP", emptyHistogram(), 0.75)).toBeNull();
    expect(() => percentile("LCP", emptyHistogram(), 0)).toThrow(RangeError);
    expect(() => percentile("LCP", emptyHistogram(), 1.5)).toThrow(RangeError);
  });

  it("interpolates within the bucket of the rank", () => {
    // Four values in (2000, 2250]: p50 is rank 2 of 4 → halfway through the bucket.
    const h = histogramOf("LCP", [2100, 2100, 2200, 2200]);
    expect(percentile("LCP", h, 0.5)).toEqual({ value: 2125, atLeast: false });
    expect(percentile("LCP", h, 1)).toEqual({ value: 2250, atLeast: false });
  });

  it("says 'at least' for a rank in the open-ended last bucket", () => {
    const h = histogramOf("TTFB", [100, 200_000, 300_000, 400_000]);
    expect(percentile("TTFB", h, 0.75)).toEqual({ value: 120_000, atLeast: true });
  });

  it("adds histograms bucket by bucket", () => {
    const a = histogramOf("INP", [40, 180]);
    const b = histogramOf("INP", [40, 700]);
    expect(addInto(emptyHistogram(), a).reduce((x, y) => x + y)).toBe(2);
    expect(addInto(a, b)).toEqual(histogramOf("INP", [40, 40, 180, 700]));
  });

  it("stays within its bucket of the exact percentile, with the exact rating, on random data", () => {
    const random = prng(13);
    for (const vital of VITALS) {
      const scale = vital === "CLS" ? 0.4 : THRESHOLDS[vital].poor * 1.3;
      for (let round = 0; round < 200; round++) {
        const n = 1 + Math.floor(random() * 300);
        // Skewed like real measurements: many small values, a long tail.
        const values = Array.from({ length: n }, () => Math.round(scale * random() ** 2 * 1000) / 1000);
        const h = histogramOf(vital, values);
        for (const p of [0.5, 0.75, 0.95]) {
          const truth = exact(values, p);
          const estimate = percentile(vital, h, p)!;
          const i = bucketIndex(vital, truth);
          const bounds = boundsOf(vital);
          const lower = i === 0 ? 0 : bounds[i - 1]!;
          expect(estimate.value).toBeGreaterThanOrEqual(lower);
          expect(estimate.value).toBeLessThanOrEqual(bounds[i]!);
          expect(rate(vital, estimate.value)).toBe(rate(vital, truth));
        }
      }
    }
  });
});

describe("rate", () => {
  it("follows Google's thresholds: good up to and including `good`, poor above `poor`", () => {
    expect(rate("LCP", 2500)).toBe("good");
    expect(rate("LCP", 2501)).toBe("needs-improvement");
    expect(rate("LCP", 4000)).toBe("needs-improvement");
    expect(rate("LCP", 4001)).toBe("poor");
    expect(rate("INP", 200)).toBe("good");
    expect(rate("INP", 501)).toBe("poor");
    expect(rate("CLS", 0.1)).toBe("good");
    expect(rate("CLS", 0.25)).toBe("needs-improvement");
    expect(rate("CLS", 0.26)).toBe("poor");
    expect(rate("FCP", 1800)).toBe("good");
    expect(rate("FCP", 3001)).toBe("poor");
    expect(rate("TTFB", 800)).toBe("good");
    expect(rate("TTFB", 1800)).toBe("needs-improvement");
  });
});
