import { handleVitalsBeacon } from "~/features/analytics/index.server";
import { jsonError } from "~/infra/http/responses";
import { appContext } from "~/request-context.server";
import type { Route } from "./+types/vitals";

/** POST /api/vitals: the analytics beacon (features/analytics/ingest.server.ts); 204 whatever was kept. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = appContext(context);
  const s = await app.services();
  return handleVitalsBeacon(request, { db: s.database.db, limiter: s.limiter, ip: app.clientIp(), secret: s.env.authSecret, attribution: s.analytics });
}

export function loader() {
  return jsonError(405, "Use POST.", { Allow: "POST" });
}
