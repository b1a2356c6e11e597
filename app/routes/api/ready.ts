import { readiness } from "~/probes.server";
import { jsonError } from "~/infra/http/responses";
import { appContext } from "~/request-context.server";
import type { Route } from "./+types/ready";

/** GET /api/ready: readiness (contract); see probes.server.ts. */
export async function loader({ context }: Route.LoaderArgs) {
  const answer = await readiness(appContext(context).services);
  return Response.json(answer.body, { status: answer.status, headers: { "Cache-Control": "no-store" } });
}

/** Any other method: the API's JSON 405 (without an action, React Router would answer its own error shape). */
export function action() {
  return jsonError(405, "Use GET.", { Allow: "GET, HEAD" });
}
