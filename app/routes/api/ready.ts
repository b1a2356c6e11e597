import { isDraining } from "~/infra/lifecycle";
import { appContext } from "~/request-context.server";
import type { Route } from "./+types/ready";

const NO_STORE = { "Cache-Control": "no-store" };

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * GET /api/ready: readiness (contract), for load balancers and orchestrators:
 * 200 when the database and, when configured, Redis answer and the instance
 * is not shutting down; else 503 with what is wrong. /api/health stays the
 * liveness answer (the process and its database).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const checks: Record<string, "ok" | string> = {};
  if (isDraining()) checks.instance = "shutting down";
  try {
    const { database, limiter, env } = await appContext(context).services();
    await within(database.ping(), 2000).then(
      () => (checks.database = "ok"),
      () => (checks.database = "unavailable"),
    );
    if (env.redisUrl) {
      await within(limiter.ping(), 2000).then(
        () => (checks.redis = "ok"),
        () => (checks.redis = "unavailable"),
      );
    }
  } catch {
    checks.services = "unavailable";
  }
  const ready = Object.entries(checks).every(([, value]) => value === "ok") && !isDraining();
  return Response.json({ status: ready ? "ready" : "unavailable", checks }, { status: ready ? 200 : 503, headers: NO_STORE });
}
