import { openApiDocument } from "~/openapi";
import { appContext } from "~/request-context.server";
import type { Route } from "./+types/openapi";

/** GET /api/openapi.json: the API's OpenAPI 3.1 description (app/openapi.ts). */
export async function loader({ context }: Route.LoaderArgs) {
  const { env } = await appContext(context).services();
  return Response.json(openApiDocument(env.appUrl), { headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" } });
}
