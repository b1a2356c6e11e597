import { readiness } from "~/probes.server";
import { appContext } from "~/request-context.server";
import type { Route } from "./+types/ready";

/** GET /api/ready: readiness (contract); see probes.server.ts. */
export async function loader({ context }: Route.LoaderArgs) {
  const answer = await readiness(appContext(context).services);
  return Response.json(answer.body, { status: answer.status, headers: { "Cache-Control": "no-store" } });
}
