/**
 * Liveness and readiness (contract): what GET /api/health and GET /api/ready
 * answer. Load balancers and orchestrators ask these often, so the production
 * edge (server/http.ts) answers them directly from here, without React Router;
 * the route modules (routes/api/health.ts, ready.ts) answer the same way under
 * the development server.
 */
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

/** 200 when the process and its database answer, else 503. */
export async function health(services: () => Promise<Services>): Promise<ProbeAnswer> {
  try {
    const { database } = await services();
    await database.ping();
    return { status: 200, body: { status: "ok" } };
  } catch {
    return { status: 503, body: { status: "unavailable" } };
  }
}

/**
 * 200 when the database and, when configured, Redis answer and the instance
 * is not shutting down; else 503 with what is wrong.
 */
export async function readiness(services: () => Promise<Services>): Promise<ProbeAnswer> {
  const checks: Record<string, string> = {};
  if (isDraining()) checks.instance = "shutting down";
  try {
    const { database, limiter, env } = await services();
    checks.database = await within(database.ping(), 2000).then(
      () => "ok",
      () => "unavailable",
    );
    if (env.redisUrl) {
      checks.redis = await within(limiter.ping(), 2000).then(
        () => "ok",
        () => "unavailable",
      );
    }
  } catch {
    checks.services = "unavailable";
  }
  const ready = Object.values(checks).every((value) => value === "ok") && !isDraining();
  return { status: ready ? 200 : 503, body: { status: ready ? "ready" : "unavailable", checks } };
}

export const PROBES = { "/api/health": health, "/api/ready": readiness } as const;
