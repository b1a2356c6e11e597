import { openApiDocument } from "~/openapi";
import { jsonError } from "~/infra/http/responses";
import { appContext } from "~/request-context.server";
import type { Route } from "./+types/openapi";

/** GET /api/openapi.json: the API's OpenAPI 3.1 description (app/openapi.ts). */
export async function loader({ context }: Route.LoaderArgs) {
  const { env } = await appContext(context).services();
  return Response.json(openApiDocument(env.appUrl, { apiKeyRequired: Boolean(env.apiKey) }), {
    headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" },
  });
}

/** Any other method: the API's JSON 405 (without an action, React Router would answer its own error shape). */
export function action() {
  return jsonError(405, "Use GET.", { Allow: "GET, HEAD" });
}
