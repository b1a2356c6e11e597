/**
 * This instance's figures (GET /admin/metrics.json for people and the bench,
 * GET /admin/metrics for Prometheus' scrapers): memory, event-loop delay since
 * the last read, the session cache's counts. Per instance: behind a balancer
 * each answer is one instance's (a scraper names each instance as a target).
 */
import { monitorEventLoopDelay } from "node:perf_hooks";

// Started on the first read: an instance nobody asks costs nothing.
let loopDelay: ReturnType<typeof monitorEventLoopDelay> | undefined;

export interface InstanceFigures {
  pid: number;
  uptimeS: number;
  memoryMb: { rss: number; heapUsed: number; external: number };
  eventLoopDelayMs: { p50: number; p99: number; max: number };
  sessionCache: { hits: number; misses: number; entries: number };
}

/** The figures now; the event-loop delay is measured from the previous read. */
export function instanceFigures(sessionCache: InstanceFigures["sessionCache"]): InstanceFigures {
  if (!loopDelay) {
    loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
  }
  const memory = process.memoryUsage();
  const mb = (n: number) => Math.round((n / 1048576) * 10) / 10;
  const figures = {
    pid: process.pid,
    uptimeS: Math.round(process.uptime()),
    memoryMb: { rss: mb(memory.rss), heapUsed: mb(memory.heapUsed), external: mb(memory.external) },
    eventLoopDelayMs: { p50: loopDelay.percentile(50) / 1e6, p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
    sessionCache,
  };
  loopDelay.reset();
  return figures;
}

function metric(name: string, type: "gauge" | "counter", help: string, samples: [labels: string, value: number][]): string {
  return [
    `# HELP ${name} ${help}`,
    `# TYPE ${name} ${type}`,
    ...samples.map(([labels, value]) => `${name}${labels} ${Number.isFinite(value) ? value : 0}`),
  ].join("\n");
}

/** The figures in Prometheus' text exposition format (version 0.0.4), in base units (bytes, seconds). */
export function prometheusText(f: InstanceFigures, startedAtS = Date.now() / 1000 - process.uptime()): string {
  const bytes = (mb: number) => Math.round(mb * 1048576);
  return `${[
    metric("process_resident_memory_bytes", "gauge", "Resident memory size in bytes.", [["", bytes(f.memoryMb.rss)]]),
    metric("process_start_time_seconds", "gauge", "Start time of the process since the Unix epoch in seconds.", [["", Math.round(startedAtS)]]),
    metric("nodejs_heap_used_bytes", "gauge", "V8 heap in use, in bytes.", [["", bytes(f.memoryMb.heapUsed)]]),
    metric("nodejs_external_memory_bytes", "gauge", "Memory outside V8's heap held by JavaScript objects, in bytes.", [["", bytes(f.memoryMb.external)]]),
    metric("nodejs_eventloop_delay_seconds", "gauge", "Event-loop delay since the previous read, by quantile.", [
      ['{quantile="0.5"}', f.eventLoopDelayMs.p50 / 1000],
      ['{quantile="0.99"}', f.eventLoopDelayMs.p99 / 1000],
      ['{quantile="1"}', f.eventLoopDelayMs.max / 1000],
    ]),
    metric("session_cache_hits_total", "counter", "Session reads answered by this instance's cache.", [["", f.sessionCache.hits]]),
    metric("session_cache_misses_total", "counter", "Session reads that went to the database.", [["", f.sessionCache.misses]]),
    metric("session_cache_entries", "gauge", "Sessions held in this instance's cache.", [["", f.sessionCache.entries]]),
  ].join("\n")}\n`;
}
