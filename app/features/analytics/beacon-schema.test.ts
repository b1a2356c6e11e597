import { describe, expect, it } from "vitest";
import { beaconSchema } from "./beacon-schema";
import { MAX_EVENTS } from "./metrics";

const valid = {
  device: "mobile",
  connection: "4g",
  events: [
    { route: "/blog/:slug", metric: "pageview" },
    { route: "/", metric: "LCP", value: 1834.2 },
    { route: "/", metric: "CLS", value: 0.04 },
    { route: "/", metric: "INP", value: 0 },
  ],
};

function withEvent(event: unknown) {
  return { ...valid, events: [event] };
}

describe("beaconSchema", () => {
  it("accepts a well-formed beacon", () => {
    expect(beaconSchema.safeParse(valid).success).toBe(true);
    expect(beaconSchema.safeParse(JSON.parse(JSON.stringify(valid))).success).toBe(true);
  });

  it("takes only known route patterns: never a URL, an id or a query", () => {
    for (const route of ["/blog/attention-explained", "/profile?tab=1", "https://example.com/", "/admin", "/admin/analytics", "", "/About"]) {
      expect(beaconSchema.safeParse(withEvent({ route, metric: "pageview" })).success, route).toBe(false);
    }
    expect(beaconSchema.safeParse(withEvent({ route: "/*", metric: "pageview" })).success).toBe(true);
  });

  it("takes only the allowed metric names, device classes and connection types", () => {
    expect(beaconSchema.safeParse(withEvent({ route: "/", metric: "FID", value: 10 })).success).toBe(false);
    expect(beaconSchema.safeParse(withEvent({ route: "/", metric: "lcp", value: 10 })).success).toBe(false);
    expect(beaconSchema.safeParse({ ...valid, device: "watch" }).success).toBe(false);
    expect(beaconSchema.safeParse({ ...valid, connection: "5g" }).success).toBe(false);
    expect(beaconSchema.safeParse({ ...valid, connection: "unknown", device: "tablet" }).success).toBe(true);
  });

  it("range-checks values: finite, not negative, not absurd", () => {
    for (const value of [-1, Number.NaN, Number.POSITIVE_INFINITY, 600_001, "1200", null]) {
      expect(beaconSchema.safeParse(withEvent({ route: "/", metric: "LCP", value })).success, String(value)).toBe(false);
    }
    expect(beaconSchema.safeParse(withEvent({ route: "/", metric: "CLS", value: 101 })).success).toBe(false);
    expect(beaconSchema.safeParse(withEvent({ route: "/", metric: "CLS", value: 100 })).success).toBe(true);
    expect(beaconSchema.safeParse(withEvent({ route: "/", metric: "LCP" })).success).toBe(false);
    // JSON's 1e999 parses to Infinity.
    expect(beaconSchema.safeParse(JSON.parse('{"device":"desktop","connection":"4g","events":[{"route":"/","metric":"TTFB","value":1e999}]}')).success).toBe(
      false,
    );
  });

  it("has no room for anything else: extra keys, a value on a page view, empty or oversized batches", () => {
    expect(beaconSchema.safeParse({ ...valid, userId: "u1" }).success).toBe(false);
    expect(beaconSchema.safeParse(withEvent({ route: "/", metric: "pageview", url: "/blog/x" })).success).toBe(false);
    expect(beaconSchema.safeParse(withEvent({ route: "/", metric: "pageview", value: 1 })).success).toBe(false);
    expect(beaconSchema.safeParse({ ...valid, events: [] }).success).toBe(false);
    const all = [
      { route: "/", metric: "pageview" },
      { route: "/", metric: "LCP", value: 1 },
      { route: "/", metric: "INP", value: 1 },
      { route: "/", metric: "CLS", value: 0 },
      { route: "/", metric: "FCP", value: 1 },
      { route: "/", metric: "TTFB", value: 1 },
    ];
    expect(all).toHaveLength(MAX_EVENTS);
    expect(beaconSchema.safeParse({ ...valid, events: all }).success).toBe(true);
    expect(beaconSchema.safeParse({ ...valid, events: [...all, { route: "/about", metric: "pageview" }] }).success).toBe(false);
    // One beacon is at most one page view (and one of each vital): it cannot be inflated.
    expect(
      beaconSchema.safeParse({
        ...valid,
        events: [
          { route: "/", metric: "pageview" },
          { route: "/about", metric: "pageview" },
        ],
      }).success,
    ).toBe(false);
    expect(
      beaconSchema.safeParse({
        ...valid,
        events: [
          { route: "/", metric: "LCP", value: 1 },
          { route: "/", metric: "LCP", value: 2 },
        ],
      }).success,
    ).toBe(false);
    expect(beaconSchema.safeParse([valid]).success).toBe(false);
  });
});

describe("the contract's single-event form", () => {
  it("is the same as a one-event batch", () => {
    expect(beaconSchema.parse({ name: "LCP", value: 1834.2, route: "/", device: "mobile", connection: "4g" })).toEqual({
      device: "mobile",
      connection: "4g",
      events: [{ route: "/", metric: "LCP", value: 1834.2 }],
    });
    expect(beaconSchema.parse({ name: "pageview", route: "/blog/:slug", device: "desktop" })).toEqual({
      device: "desktop",
      connection: "unknown",
      events: [{ route: "/blog/:slug", metric: "pageview" }],
    });
  });

  it("refuses what the batch refuses", () => {
    expect(beaconSchema.safeParse({ name: "LCP", route: "/", device: "mobile" }).success).toBe(false); // no value
    expect(beaconSchema.safeParse({ name: "LCP", value: -1, route: "/", device: "mobile" }).success).toBe(false);
    expect(beaconSchema.safeParse({ name: "LCP", value: 1, route: "/profile?id=1", device: "mobile" }).success).toBe(false);
    expect(beaconSchema.safeParse({ name: "LCP", value: 1, route: "/", device: "mobile", url: "https://x" }).success).toBe(false);
  });
});
