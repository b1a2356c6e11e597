import { appContext } from "~/request-context.server";
import type { Route } from "./+types/health";

/** GET /api/health: 200 when the database answers, else 503 (contract). */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    const { database } = await appContext(context).services();
    await database.ping();
    return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json({ status: "unavailable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
