import { health } from "~/probes.server";
import { appContext } from "~/request-context.server";
import type { Route } from "./+types/health";

/** GET /api/health: liveness (contract); see probes.server.ts. */
export async function loader({ context }: Route.LoaderArgs) {
  const answer = await health(appContext(context).services);
  return Response.json(answer.body, { status: answer.status, headers: { "Cache-Control": "no-store" } });
}
