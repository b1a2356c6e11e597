import { getUserRecord } from "~/features/profile/user-record.server";
import { createProfile } from "~/infra/db/profile-rows.server";
import { jsonError } from "~/infra/http/responses";
import { requireApiKey } from "~/infra/security/api-key.server";
import { appContext, requireViewer } from "~/request-context.server";
import type { Route } from "./+types/save-user";

/**
 * POST /api/saveUser: creates or refreshes the caller's own record (contract).
 * The body is not read: identity, counters and verification state are the
 * server's; profile fields change through /api/saveUser/:uid.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST.", { Allow: "POST" });
  const s = await appContext(context).services();
  requireApiKey(request, s.env.apiKey);
  const viewer = await requireViewer(context);
  await createProfile(s.database.db, viewer.id, { verificationSent: false });
  const record = await getUserRecord(s.database.db, viewer.id);
  return Response.json({ success: true, message: "User data saved successfully", data: record });
}

export function loader() {
  return jsonError(405, "Use POST.", { Allow: "POST" });
}
