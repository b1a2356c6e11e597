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
import { HOST_NAME, UTM_VALUE } from "./sources";
import { CONNECTION_TYPES, DEVICE_CLASSES, MAX_EVENTS, MAX_VALUE, PAGE_VIEW, TRACKED_ROUTES, VITALS } from "./metrics";

const route = z.enum(TRACKED_ROUTES);

/** Where the visit came from, on the landing page view only (sources.ts): names and hosts, checked, never a URL. */
const source = z.strictObject({
  ref: z.string().regex(HOST_NAME).optional(),
  utm_source: z.string().regex(UTM_VALUE).optional(),
  utm_medium: z.string().regex(UTM_VALUE).optional(),
  utm_campaign: z.string().regex(UTM_VALUE).optional(),
});

const pageView = z.strictObject({ route, metric: z.literal(PAGE_VIEW), source: source.optional() });

const vitalEvents = VITALS.map((vital) =>
  z.strictObject({
    route,
    metric: z.literal(vital),
    // z.number() refuses NaN and ±Infinity.
    value: z.number().min(0).max(MAX_VALUE[vital]),
  }),
);

export const beaconEvent = z.discriminatedUnion("metric", [pageView, ...vitalEvents]);

const batch = z.strictObject({
  device: z.enum(DEVICE_CLASSES),
  connection: z.enum(CONNECTION_TYPES),
  // Each metric at most once: one beacon cannot count as thirty page views.
  events: z
    .array(beaconEvent)
    .min(1)
    .max(MAX_EVENTS)
    .refine((events) => new Set(events.map((e) => e.metric)).size === events.length, "each metric at most once per beacon"),
});

/**
 * One event on its own, as the contract writes it: `{ "name": "LCP", "value":
 * 1834.2, "route": "/", "device": "mobile", "connection": "4g" }` (`name`:
 * "pageview" for a page view, whose value, if any, is ignored; `connection` may
 * be left out). Each vital's value is range-checked here as in a batch, so the
 * document generated from this schema (app/openapi.ts) says so too.
 */
const singleFields = { route, device: z.enum(DEVICE_CLASSES), connection: z.enum(CONNECTION_TYPES).default("unknown") };
const singlePageView = z.strictObject({ name: z.literal(PAGE_VIEW), value: z.number().optional(), ...singleFields });
const singleVitals = VITALS.map((vital) => z.strictObject({ name: z.literal(vital), value: z.number().min(0).max(MAX_VALUE[vital]), ...singleFields }));

const single = z
  .discriminatedUnion("name", [singlePageView, ...singleVitals])
  .transform(({ name, value, route: pattern, device, connection }) => ({
    device,
    connection,
    events: [name === PAGE_VIEW ? { route: pattern, metric: name } : { route: pattern, metric: name, value }],
  }))
  .pipe(batch);

/** The one source of `POST /api/vitals`'s body: the route validates with it and the OpenAPI document's `Beacon` is generated from it. */
export const beaconSchema = z.union([batch, single]);

export type Beacon = z.infer<typeof batch>;
export type BeaconEvent = z.infer<typeof beaconEvent>;
