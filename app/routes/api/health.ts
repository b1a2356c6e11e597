import { health } from "~/probes.server";
import { jsonError } from "~/infra/http/responses";
import { appContext } from "~/request-context.server";
import type { Route } from "./+types/health";

/** GET /api/health: liveness (contract); see probes.server.ts. */
export async function loader({ context }: Route.LoaderArgs) {
  const answer = await health(appContext(context).services);
  return Response.json(answer.body, { status: answer.status, headers: { "Cache-Control": "no-store" } });
}

/** Any other method: the API's JSON 405 (without an action, React Router would answer its own error shape). */
export function action() {
  return jsonError(405, "Use GET.", { Allow: "GET, HEAD" });
}
