/**
 * Full garbage collections at two moments V8 would not choose: once the
 * server has started, and when traffic has stopped.
 *
 * V8 collects when a program allocates; an idle server does not, so what the
 * last busy moment left behind stays resident until traffic comes back.
 * Measured (issue 18's target is 120 MB idle): starting leaves ~20 MB of
 * garbage (the build compiled, the prerendered pages read, rewritten for
 * APP_URL and compressed, the database migrated): 132 MB resident, 110 MB
 * after one collection; a burst of page loads leaves more. Under load V8's
 * own heuristics decide, as before: nothing here runs while requests come.
 * One such collection pauses the server ~25 ms (`--trace-gc` after a burst:
 * 35.5 → 31.5 MB used, 48.3 → 38.5 MB committed), at most once per quiet
 * spell; a request that arrives during it waits that long.
 *
 * `gc` is exposed for these calls only and hidden again, so no other code
 * comes to rely on it.
 */
import type { Server } from "node:http";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

type Collect = () => void;

let collector: Collect | null | undefined;

function exposedGc(): Collect | null {
  const own = (globalThis as { gc?: Collect }).gc;
  if (typeof own === "function") return own;
  try {
    setFlagsFromString("--expose-gc");
    // A new context is created with the flag on, so it has `gc`; the function collects the whole isolate.
    return runInNewContext("gc") as Collect;
  } catch {
    return null;
  } finally {
    setFlagsFromString("--no-expose-gc");
  }
}

/** One full collection of the whole heap, now. */
export function collectGarbage(): void {
  if (collector === undefined) collector = exposedGc();
  collector?.();
}

/**
 * Collects once after `quietMs` without a request, when requests came since
 * the last collection (so an idle server collects once, not every interval).
 * Returns a stopper.
 */
export function collectWhenQuiet(server: Server, { quietMs = 10_000, collect = collectGarbage }: { quietMs?: number; collect?: () => void } = {}): () => void {
  let last = 0;
  let since = false;
  const onRequest = () => {
    last = Date.now();
    since = true;
  };
  server.on("request", onRequest);
  const timer = setInterval(() => {
    if (since && Date.now() - last >= quietMs) {
      since = false;
      collect();
    }
  }, Math.max(50, quietMs / 4));
  timer.unref();
  return () => {
    clearInterval(timer);
    server.off("request", onRequest);
  };
}
