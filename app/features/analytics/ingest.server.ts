/**
 * `POST /api/vitals`: the analytics beacon (docs/decisions/0016-analytics.md).
 *
 * In order, each step cheaper than the next:
 *   1. Global Privacy Control (`Sec-GPC: 1`) or Do Not Track (`DNT: 1`):
 *      204, nothing read, nothing stored (the browser's reporter does not
 *      even load then; this covers old pages and other clients)
 *   2. bots (no user agent, or one `isbot` knows): 204, dropped
 *   3. the per-client rate limit (rules.ts `vitals`, 30 per 10 minutes):
 *      429; the address is a key of the limiter's short window, never
 *      written anywhere
 *   4. the body: `text/plain` (what `navigator.sendBeacon` sends for a
 *      string) or `application/json`, at most 8 KB (body-limits.ts):
 *      otherwise 415 / 413 / 400
 *   5. the beacon's shape (beacon-schema.ts): 400 when it is not exactly
 *      one of the allowed names and ranges
 *   6. what one client cannot be allowed to do to the figures
 *      (docs/decisions/0022-…, finding 5): a vital above its plausible
 *      maximum (metrics.ts PLAUSIBLE_MAX) is dropped and counted as
 *      `dropped`; a page view counts at most once per client, route and
 *      minute (a limiter key holding a keyed hash of the client's address,
 *      expiring after the minute: memory, or Redis; never the database)
 *   7. added to the day's aggregates: 204
 *
 * Cookies that come along (a beacon is a same-origin request) are never
 * read: no session is resolved, no user id is known here.
 */
import { createHmac } from "node:crypto";
import { isbot } from "isbot";
import type { Kysely } from "kysely";
import type { Database } from "~/infra/db/schema";
import { readRequestBody } from "~/infra/http/body.server";
import { jsonError, NO_STORE, tooManyRequests } from "~/infra/http/responses";
import type { RateLimiter } from "~/infra/rate-limit/rate-limiter.server";
import { limiterKey } from "~/infra/http/client-address.server";
import { checksFor, RULES } from "~/infra/rate-limit/rules";
import type { Attribution } from "./attribution.server";
import { type Beacon, beaconSchema, type BeaconEvent } from "./beacon-schema";
import { isPlausible, PAGE_VIEW, type TrackedRoute } from "./metrics";
import { dayOf, pruneAnalytics, recordBeacon } from "./record.server";

export interface IngestDeps {
  db: Kysely<Database>;
  limiter: RateLimiter;
  /** The client's IP, for the rate limit and the page-view key only (never stored). */
  ip: string;
  /** Keys the hash of the client's address in the page-view key (AUTH_SECRET). */
  secret: string;
  /** Where visits come from (attribution.server.ts); absent: page views and vitals only. */
  attribution?: Attribution;
  now?: () => Date;
}

export const VITALS_ENDPOINT = "/api/vitals";

/** The visitor asked not to be tracked: Global Privacy Control or Do Not Track. */
export function optedOut(headers: Headers): boolean {
  return headers.get("sec-gpc")?.trim() === "1" || headers.get("dnt")?.trim() === "1";
}

function noContent(): Response {
  return new Response(null, { status: 204, headers: NO_STORE });
}

/**
 * `navigator.sendBeacon(url, string)` sends `text/plain;charset=UTF-8`: read
 * it as the JSON it is, through the app's one body reader (size cap, UTF-8,
 * NUL and depth checks).
 */
function asJson(request: Request): Request | null {
  const mime = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (mime === "application/json") return request;
  if (mime !== "text/plain") return null;
  const headers = new Headers(request.headers);
  headers.set("content-type", "application/json");
  return new Request(request.url, { method: request.method, headers, body: request.body, duplex: "half" } as RequestInit);
}

/** Once a day per process, after a beacon: forget days past the retention period. */
let prunedOn: string | undefined;

function pruneNow(db: Kysely<Database>, now: Date): void {
  const today = dayOf(now);
  if (prunedOn === today) return;
  prunedOn = today;
  void pruneAnalytics(db, now).catch(() => {
    prunedOn = undefined;
  });
}

/** One page view per client, route and minute. */
const PAGE_VIEW_WINDOW = { max: 1, windowMs: 60_000 };

/** A keyed hash of the client (its limiter key: an IPv6 client's /64): nothing in the key can be read back as an address. */
function clientTag(deps: IngestDeps): string {
  return createHmac("sha256", deps.secret)
    .update(`tuesday:analytics-client:${limiterKey(deps.ip)}`)
    .digest("base64url")
    .slice(0, 22);
}

/** The beacon as it is counted: repeated page views left out, implausible vitals set aside (their routes returned). */
async function believable(beacon: Beacon, deps: IngestDeps): Promise<{ beacon: Beacon; dropped: TrackedRoute[] }> {
  const events: BeaconEvent[] = [];
  const dropped: TrackedRoute[] = [];
  for (const event of beacon.events) {
    if (event.metric === PAGE_VIEW) {
      const first = await deps.limiter.consume([{ key: `analytics-pageview:${clientTag(deps)}:${event.route}`, limit: PAGE_VIEW_WINDOW }]);
      if (first.allowed) events.push(event);
    } else if (isPlausible(event.metric, event.value)) events.push(event);
    else dropped.push(event.route);
  }
  return { beacon: { ...beacon, events }, dropped };
}

export async function handleVitalsBeacon(request: Request, deps: IngestDeps): Promise<Response> {
  if (request.method.toUpperCase() !== "POST") return jsonError(405, "Use POST.", { Allow: "POST" });
  if (optedOut(request.headers)) return noContent();
  const userAgent = request.headers.get("user-agent");
  if (!userAgent || isbot(userAgent)) return noContent();

  const decision = await deps.limiter.consume(checksFor(RULES.vitals, deps.ip));
  if (!decision.allowed) return tooManyRequests(decision);

  const json = asJson(request);
  if (!json) return jsonError(415, "Send the beacon as text/plain or application/json.");
  const body = await readRequestBody(json, { accept: ["json"] });
  if (!body.ok) return jsonError(body.status, body.message);

  const parsed = beaconSchema.safeParse(body.fields);
  if (!parsed.success) return jsonError(400, "The beacon is not valid.");

  const now = deps.now?.() ?? new Date();
  const counted = await believable(parsed.data, deps);
  await recordBeacon(deps.db, counted.beacon, now, counted.dropped);
  if (deps.attribution) {
    for (const event of counted.beacon.events) {
      if (event.metric === PAGE_VIEW) await deps.attribution.pageView({ ip: deps.ip, userAgent }, event.source, now);
    }
  }
  pruneNow(deps.db, now);
  return noContent();
}
