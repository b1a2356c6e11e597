/**
 * Liveness and readiness (contract): what GET /api/health and GET /api/ready
 * answer. Load balancers and orchestrators ask these often, so the production
 * edge (server/http.ts) answers them directly from here, without React Router;
 * the route modules (routes/api/health.ts, ready.ts) answer the same way under
 * the development server.
 */
import { unavailableReason } from "~/infra/db/unavailable";
import { isDraining } from "~/infra/lifecycle";
import type { Services } from "./services.server";

export interface ProbeAnswer {
  status: number;
  body: Record<string, unknown>;
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The liveness probe's own limit: a balancer's probe must never hang with the database. */
export const HEALTH_TIMEOUT_MS = 1_000;
/** Readiness's limit per check (they run side by side). */
export const READY_CHECK_TIMEOUT_MS = 1_500;
/** A write probe's answer is reused this long (a balancer and an orchestrator may both ask every second). */
const WRITE_PROBE_REUSE_MS = 1_000;

/** 200 when the process and its database answer (within a second), else 503. */
export async function health(services: () => Promise<Services>): Promise<ProbeAnswer> {
  try {
    const { database } = await within(services(), HEALTH_TIMEOUT_MS);
    await within(database.ping(), HEALTH_TIMEOUT_MS);
    return { status: 200, body: { status: "ok" } };
  } catch {
    return { status: 503, body: { status: "unavailable" } };
  }
}

let lastWrite: { at: number; result: Promise<string> } | undefined;

/** "ok", or why the database does not take writes (disk full, read-only, …). */
function writable(database: Services["database"]): Promise<string> {
  const now = Date.now();
  if (lastWrite && now - lastWrite.at < WRITE_PROBE_REUSE_MS) return lastWrite.result;
  const result = within(database.probeWrite(), READY_CHECK_TIMEOUT_MS).then(
    () => "ok",
    (error: unknown) => {
      const reason = unavailableReason(error);
      return reason ? `unwritable (${reason})` : "unwritable";
    },
  );
  lastWrite = { at: now, result };
  return result;
}

/**
 * 200 when the database answers and takes a write (a tiny row per instance:
 * disk full or a read-only database turn readiness red, so the balancer stops
 * sending writes here) and the instance is not shutting down; else 503 with
 * what is wrong.
 *
 * Redis, when configured, is checked and reported, but it is an accelerator
 * (docs/decisions/0021-dependency-failures.md): while it is out the instance
 * still serves everything, with limits counted per instance and its session
 * cache off, so readiness stays 200 and says so under `degraded`. Taking every
 * instance out of the balancer because Redis is down would turn a slower site
 * into no site.
 */
export async function readiness(services: () => Promise<Services>): Promise<ProbeAnswer> {
  const checks: Record<string, string> = {};
  const degraded: string[] = [];
  if (isDraining()) checks.instance = "shutting down";
  try {
    const { database, limiter, sessionCache, env } = await within(services(), READY_CHECK_TIMEOUT_MS);
    const [read, write, redis] = await Promise.all([
      within(database.ping(), READY_CHECK_TIMEOUT_MS).then(
        () => "ok",
        () => "unavailable",
      ),
      writable(database),
      env.redisUrl
        ? within(limiter.ping(), READY_CHECK_TIMEOUT_MS).then(
            () => "ok",
            () => "unavailable",
          )
        : undefined,
    ]);
    checks.database = read;
    checks.writes = read === "ok" ? write : "unavailable";
    if (redis !== undefined) {
      for (const note of [limiter.degraded(), sessionCache.degraded()]) if (note) degraded.push(note);
      if (redis !== "ok" && degraded.length === 0) degraded.push("Redis unavailable");
    }
    const ready = read === "ok" && write === "ok" && !isDraining();
    const body: Record<string, unknown> = { status: ready ? "ready" : "unavailable", checks: redis === undefined ? checks : { ...checks, redis } };
    if (degraded.length > 0) body.degraded = degraded;
    return { status: ready ? 200 : 503, body };
  } catch {
    checks.services = "unavailable";
    return { status: 503, body: { status: "unavailable", checks } };
  }
}

export const PROBES = { "/api/health": health, "/api/ready": readiness } as const;
