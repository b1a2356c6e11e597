import { monitorEventLoopDelay } from "node:perf_hooks";
import { appContext, requireOperator } from "~/request-context.server";
import type { Route } from "./+types/admin.metrics";

// Started on the first read: an instance nobody asks costs nothing.
let loopDelay: ReturnType<typeof monitorEventLoopDelay> | undefined;

/**
 * GET /admin/metrics.json: this instance's figures for operators and for
 * `npm run bench` (which prints the cache hit counts beside its figures):
 * the caches' hits and misses since start, memory, event-loop delay since the
 * last read. Per instance: behind a balancer each answer is one instance's.
 */
export async function loader({ context }: Route.LoaderArgs) {
  await requireOperator(context);
  const s = await appContext(context).services();
  if (!loopDelay) {
    loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
  }
  const memory = process.memoryUsage();
  const mb = (n: number) => Math.round((n / 1048576) * 10) / 10;
  const body = {
    pid: process.pid,
    uptimeS: Math.round(process.uptime()),
    memoryMb: { rss: mb(memory.rss), heapUsed: mb(memory.heapUsed), external: mb(memory.external) },
    eventLoopDelayMs: { p50: loopDelay.percentile(50) / 1e6, p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
    sessionCache: s.sessionCache.stats(),
  };
  loopDelay.reset();
  return Response.json(body, { headers: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } });
}
