import { instanceFigures } from "~/features/admin/instance-metrics.server";
import { appContext, requireOperator } from "~/request-context.server";
import type { Route } from "./+types/admin.metrics";

/**
 * GET /admin/metrics.json: this instance's figures for operators and for
 * `npm run bench` (which prints the cache hit counts beside its figures);
 * GET /admin/metrics has them for Prometheus (admin.prometheus.ts).
 */
export async function loader({ context }: Route.LoaderArgs) {
  await requireOperator(context);
  const s = await appContext(context).services();
  return Response.json(instanceFigures(s.sessionCache.stats()), { headers: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } });
}
