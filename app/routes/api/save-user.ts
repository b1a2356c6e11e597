import { authorize } from "~/features/profile/api.server";
import { createProfile, getUserRecord } from "~/features/profile/user-record.server";
import { jsonError } from "~/infra/http/json";
import { services } from "~/services.server";
import type { Route } from "./+types/save-user";

/**
 * POST /api/saveUser: creates or refreshes the caller's own record (contract).
 * The body is not read: identity, counters and verification state are the
 * server's; profile fields change through /api/saveUser/:uid.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST.");
  const s = await services();
  const caller = await authorize(s, request);
  if (caller instanceof Response) return caller;
  await createProfile(s.database.db, caller.id, { verificationSent: false });
  const record = await getUserRecord(s.database.db, caller.id);
  return Response.json({ success: true, message: "User data saved successfully", data: record });
}

export function loader() {
  return jsonError(405, "Use POST.");
}
