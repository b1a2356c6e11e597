/**
 * What `POST /api/vitals` accepts. Every field is a name from an allow-list
 * or a range-checked number: there is no place in a beacon for a URL, an id,
 * a user agent or any other free text.
 *
 *   { "device": "mobile", "connection": "4g",
 *     "events": [ { "route": "/blog/:slug", "metric": "pageview" },
 *                 { "route": "/", "metric": "LCP", "value": 1834.2 } ] }
 *
 * The browser's reporter (reporter.ts) imports only the types: zod stays on
 * the server.
 */
import { z } from "zod";
import { CONNECTION_TYPES, DEVICE_CLASSES, MAX_EVENTS, MAX_VALUE, PAGE_VIEW, TRACKED_ROUTES, VITALS } from "./metrics";

const route = z.enum(TRACKED_ROUTES);

const pageView = z.strictObject({ route, metric: z.literal(PAGE_VIEW) });

const vitalEvents = VITALS.map((vital) =>
  z.strictObject({
    route,
    metric: z.literal(vital),
    // z.number() refuses NaN and ±Infinity.
    value: z.number().min(0).max(MAX_VALUE[vital]),
  }),
);

export const beaconEvent = z.discriminatedUnion("metric", [pageView, ...vitalEvents]);

export const beaconSchema = z.strictObject({
  device: z.enum(DEVICE_CLASSES),
  connection: z.enum(CONNECTION_TYPES),
  events: z.array(beaconEvent).min(1).max(MAX_EVENTS),
});

export type Beacon = z.infer<typeof beaconSchema>;
export type BeaconEvent = z.infer<typeof beaconEvent>;
