/**
 * The browser's analytics reporter: loaded on demand after the page is idle,
 * by page-view-reporter.tsx once the page is hydrated, or, on a page that
 * waits for the visitor before hydrating (ADR 0005, "Hydration on intent"),
 * by that page's bootstrap (`landed`), so a visit that never touches the page
 * is counted too.
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
import { connectionType, deviceClass, routePatternOf } from "./client-context";
import { isTrackedRoute, MAX_EVENTS } from "./metrics";
import { visitSource } from "./sources";
import { trackingRefused } from "./tracking-refused";

const ENDPOINT = "/api/vitals";
/** How long after the latest event the queue is sent (tests see rows "within seconds"). */
export const SEND_AFTER_MS = 1000;

let queue: BeaconEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
/** The route the page loaded on: its vitals are reported against it. */
let landing: string | undefined;
/**
 * The landing page view the bootstrap reported (`landed`), until the hydrated
 * page's own first report, which is of the same view and is not counted again.
 */
let landedPath: string | undefined;
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
      navigator.sendBeacon(ENDPOINT, JSON.stringify(beacon));
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

/** A page view of the matched route `routeId`; the first one also starts the Core Web Vitals. */
export function pageView(routeId: string, path: string = location.pathname): void {
  if (disabled) return;
  if (landedPath !== undefined) {
    const same = landedPath === path;
    landedPath = undefined;
    if (same) return;
  }
  const route = routePatternOf(routeId);
  if (route) view(route);
}

/** A page view of the route pattern `route` (as `/blog/:slug`). */
function view(route: string): void {
  if (!isTrackedRoute(route)) return;
  if (landing === undefined) {
    start(route);
    // Where the visit came from, on its landing page view only (later views are our own links):
    // the referrer's host and the UTM tags of the address (sources.ts). Nothing is kept in the browser.
    const source = visitSource(location, document.referrer);
    queue.push(source ? { route, metric: "pageview", source } : { route, metric: "pageview" });
  } else queue.push({ route, metric: "pageview" });
  sendSoon();
}

/**
 * The landing page view (the route pattern `route`, as the server matched it;
 * `path`, where the page loaded), reported by the bootstrap of a page not
 * hydrated yet when the browser is idle after load
 * (app/infra/html/hydrate-on-intent.server.ts): React Router's manifest, which
 * names a route id's pattern, is not on the page before it hydrates. The
 * bootstrap knows nothing of the visitor's wishes: honoured here, as
 * page-view-reporter.tsx does. If the page hydrated first and reported its
 * views itself, nothing is added.
 */
export function landed(route: string, path: string): void {
  if (disabled || trackingRefused(navigator) || landing !== undefined) return;
  landedPath = path;
  view(route);
}
