/**
 * The browser's analytics reporter: loaded on demand when the page is idle,
 * by the page script on every page (its landing view: app/client/page-script.ts)
 * and by page-view-reporter.tsx for a hydrated page's client-side navigations.
 *
 * It queues a page view per navigation and the Core Web Vitals of the page
 * the visit landed on (web-vitals: LCP, INP, CLS, FCP, TTFB; client-side
 * navigations are not new page loads, so their vitals belong to the landing
 * route), and sends the queue with `navigator.sendBeacon`: a second after
 * the latest event, and at once when the page is hidden or left. Nothing is
 * kept in cookies or storage; the queue lives in memory only.
 */
import { isbot } from "isbot";
import { type MetricType, onCLS, onFCP, onINP, onLCP, onTTFB } from "web-vitals";
import type { Beacon, BeaconEvent } from "./beacon-schema";
import { connectionType, deviceClass } from "./client-context";
import { VITALS_ENDPOINT } from "./landing-view";
import { isTrackedRoute, MAX_EVENTS } from "./metrics";
import { visitSource } from "./sources";
import { trackingRefused } from "./tracking-refused";

/** How long after the latest event the queue is sent (tests see rows "within seconds"). */
export const SEND_AFTER_MS = 1000;

let queue: BeaconEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
/** The route the page loaded on: its vitals are reported against it. */
let landing: string | undefined;
/** The path of the latest view reported: the page script and a hydrated page both report the landing view, once. */
let reportedPath: string | undefined;
const disabled = typeof navigator === "undefined" || isbot(navigator.userAgent);

/** The server takes each metric at most once per beacon (one page view, one LCP…): split the queue so. */
export function beaconChunks(events: BeaconEvent[]): BeaconEvent[][] {
  const chunks: BeaconEvent[][] = [];
  for (const event of events) {
    const open = chunks.find((chunk) => chunk.length < MAX_EVENTS && !chunk.some((e) => e.metric === event.metric));
    if (open) open.push(event);
    else chunks.push([event]);
  }
  return chunks;
}

export function flush(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  if (queue.length === 0) return;
  const events = queue;
  queue = [];
  const context = { device: deviceClass(), connection: connectionType() };
  for (const chunk of beaconChunks(events)) {
    const beacon: Beacon = { ...context, events: chunk };
    try {
      navigator.sendBeacon(VITALS_ENDPOINT, JSON.stringify(beacon));
    } catch {
      // No beacon support, or refused (too much queued by the browser): the numbers are lost, nothing else.
    }
  }
}

function sendSoon(): void {
  if (document.visibilityState === "hidden") flush();
  else timer ??= setTimeout(flush, SEND_AFTER_MS);
}

function onVital(metric: MetricType): void {
  if (!landing) return;
  queue.push({ route: landing, metric: metric.name, value: metric.value } as BeaconEvent);
  sendSoon();
}

function start(route: string): void {
  landing = route;
  onTTFB(onVital);
  onFCP(onVital);
  onLCP(onVital);
  onCLS(onVital);
  onINP(onVital);
  // After web-vitals' own listeners (window, capture), which report the final LCP/CLS/INP.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });
  addEventListener("pagehide", flush);
}

/**
 * A page view of the route pattern `route` (as `/blog/:slug`) at `path`; the
 * first one also starts the Core Web Vitals. The same path twice in a row is
 * one view (the page script and the hydrated page both report the landing).
 * With Global Privacy Control or Do Not Track on, nothing.
 */
export function pageView(route: string, path: string = location.pathname, { viewSent = false }: { viewSent?: boolean } = {}): void {
  if (disabled || trackingRefused(navigator) || path === reportedPath) return;
  reportedPath = path;
  view(route, viewSent);
}

/**
 * A page view of the route pattern `route` (as `/blog/:slug`). `viewSent`: the
 * landing view already went out (landing-view.ts, the visitor left before the
 * reporter loaded, then came back): only its vitals are measured.
 */
function view(route: string, viewSent: boolean): void {
  if (!isTrackedRoute(route)) return;
  if (landing === undefined) {
    start(route);
    if (viewSent) return;
    // Where the visit came from, on its landing page view only (later views are our own links):
    // the referrer's host and the UTM tags of the address (sources.ts). Nothing is kept in the browser.
    const source = visitSource(location, document.referrer);
    queue.push(source ? { route, metric: "pageview", source } : { route, metric: "pageview" });
  } else queue.push({ route, metric: "pageview" });
  sendSoon();
}
