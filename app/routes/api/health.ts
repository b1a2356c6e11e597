import { services } from "~/services.server";

/** GET /api/health: 200 when the database answers, else 503 (contract). */
export async function loader() {
  try {
    const { database } = await services();
    await database.ping();
    return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json({ status: "unavailable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
