import { timingSafeEqual } from "node:crypto";
import { instanceFigures, prometheusText } from "~/features/admin/instance-metrics.server";
import { appContext, requireOperator } from "~/request-context.server";
import type { Route } from "./+types/admin.prometheus";

function bearerMatches(header: string | null, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? "")?.[1] ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * GET /admin/metrics: this instance's figures in Prometheus' text format, for
 * a scraper with `Authorization: Bearer $METRICS_TOKEN`, or an operator's
 * session; 404 for anyone else, like the rest of the console.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = appContext(context);
  const s = await app.services();
  if (!(s.env.metricsToken && bearerMatches(request.headers.get("authorization"), s.env.metricsToken))) await requireOperator(context);
  return new Response(prometheusText(instanceFigures(s.sessionCache.stats())), {
    headers: { "Content-Type": "text/plain; version=0.0.4; charset=utf-8", "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" },
  });
}
