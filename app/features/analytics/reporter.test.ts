// @vitest-environment jsdom
/**
 * The browser's reporter: what it sends, when, and that it keeps nothing in
 * the browser. web-vitals is replaced by a stub whose callbacks the test
 * fires (jsdom measures nothing).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Beacon } from "./beacon-schema";

const vitals = vi.hoisted(() => ({ callbacks: new Map<string, (metric: { name: string; value: number }) => void>() }));
vi.mock("web-vitals", () => {
  const on = (name: string) => (callback: (metric: { name: string; value: number }) => void) => vitals.callbacks.set(name, callback);
  return { onLCP: on("LCP"), onINP: on("INP"), onCLS: on("CLS"), onFCP: on("FCP"), onTTFB: on("TTFB") };
});

const sent: Beacon[] = [];

beforeEach(() => {
  vi.resetModules();
  vitals.callbacks.clear();
  sent.length = 0;
  vi.useFakeTimers();
  Object.defineProperty(navigator, "sendBeacon", {
    configurable: true,
    value: vi.fn((url: string, body: string) => {
      expect(url).toBe("/api/vitals");
      sent.push(JSON.parse(body) as Beacon);
      return true;
    }),
  });
});

afterEach(() => {
  vi.useRealTimers();
});

/** The address the browser is at: a page view is one per path. */
const at = (path: string) => history.replaceState(null, "", path);

function setHidden(hidden: boolean) {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => (hidden ? "hidden" : "visible") });
  document.dispatchEvent(new Event("visibilitychange"));
}

describe("reporter", () => {
  it("sends the page view a second later, with the route pattern, device class and connection type", async () => {
    const { pageView, SEND_AFTER_MS } = await import("./reporter");
    at("/blog/hello");
    pageView("/blog/:slug");
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(SEND_AFTER_MS);
    expect(sent).toEqual([{ device: "desktop", connection: "unknown", events: [{ route: "/blog/:slug", metric: "pageview" }] }]);
  });

  it("a landing view the page script already sent (the visitor left and came back): its vitals only", async () => {
    const { pageView, SEND_AFTER_MS } = await import("./reporter");
    setHidden(false);
    at("/pricing");
    pageView("/pricing", "/pricing", { viewSent: true });
    vitals.callbacks.get("LCP")!({ name: "LCP", value: 900 });
    vi.advanceTimersByTime(SEND_AFTER_MS);
    expect(sent).toEqual([{ device: "desktop", connection: "unknown", events: [{ route: "/pricing", metric: "LCP", value: 900 }] }]);
  });

  it("reports the landing route's vitals; later page views are page views only", async () => {
    const { pageView, SEND_AFTER_MS } = await import("./reporter");
    setHidden(false);
    at("/");
    pageView("/");
    vitals.callbacks.get("TTFB")!({ name: "TTFB", value: 120 });
    at("/blog/hello");
    pageView("/blog/:slug");
    vitals.callbacks.get("LCP")!({ name: "LCP", value: 1800 });
    vi.advanceTimersByTime(SEND_AFTER_MS);
    // Two beacons: the server takes one page view per beacon.
    expect(sent).toHaveLength(2);
    expect(sent[0]!.events).toEqual([
      { route: "/", metric: "pageview" },
      { route: "/", metric: "TTFB", value: 120 },
      { route: "/", metric: "LCP", value: 1800 },
    ]);
    expect(sent[1]!.events).toEqual([{ route: "/blog/:slug", metric: "pageview" }]);
  });

  it("sends at once when the page is hidden", async () => {
    const { pageView } = await import("./reporter");
    setHidden(false);
    pageView("/");
    setHidden(true);
    expect(sent).toHaveLength(1);
    vitals.callbacks.get("CLS")!({ name: "CLS", value: 0.02 });
    expect(sent).toHaveLength(2);
    expect(sent[1]!.events).toEqual([{ route: "/", metric: "CLS", value: 0.02 }]);
    setHidden(false);
  });

  it("ignores routes that are not tracked (the operators' console) and unknown ids", async () => {
    const { pageView, SEND_AFTER_MS } = await import("./reporter");
    at("/admin");
    pageView("/admin");
    at("/nowhere");
    pageView("/nowhere");
    vi.advanceTimersByTime(SEND_AFTER_MS * 2);
    expect(sent).toEqual([]);
  });

  const views = () =>
    sent
      .flatMap((b) => b.events)
      .filter((e) => e.metric === "pageview")
      .map((e) => e.route);

  it("the page script's landing view and the hydrated page's report of it are one page view", async () => {
    const { pageView, SEND_AFTER_MS } = await import("./reporter");
    at("/");
    pageView("/", "/");
    pageView("/", "/");
    at("/blog/hello");
    pageView("/blog/:slug", "/blog/hello");
    at("/");
    pageView("/", "/");
    vi.advanceTimersByTime(SEND_AFTER_MS);
    expect(views()).toEqual(["/", "/blog/:slug", "/"]);
  });

  it("a page view honours Global Privacy Control", async () => {
    Object.defineProperty(navigator, "globalPrivacyControl", { configurable: true, value: true });
    const { pageView, SEND_AFTER_MS } = await import("./reporter");
    pageView("/", "/");
    vi.advanceTimersByTime(SEND_AFTER_MS);
    expect(sent).toEqual([]);
    Object.defineProperty(navigator, "globalPrivacyControl", { configurable: true, value: undefined });
  });

  it("keeps nothing in the browser: no cookie, no storage", async () => {
    const { pageView, SEND_AFTER_MS } = await import("./reporter");
    at("/");
    pageView("/");
    vitals.callbacks.get("FCP")!({ name: "FCP", value: 900 });
    vi.advanceTimersByTime(SEND_AFTER_MS);
    expect(sent).toHaveLength(1);
    expect(document.cookie).toBe("");
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });
});

describe("trackingRefused", () => {
  it("is true with Global Privacy Control or Do Not Track", async () => {
    const { trackingRefused } = await import("./tracking-refused");
    expect(trackingRefused({ globalPrivacyControl: true } as unknown as Navigator)).toBe(true);
    expect(trackingRefused({ doNotTrack: "1" } as unknown as Navigator)).toBe(true);
    expect(trackingRefused({ doNotTrack: "0", globalPrivacyControl: false } as unknown as Navigator)).toBe(false);
    expect(trackingRefused({} as Navigator)).toBe(false);
  });
});
