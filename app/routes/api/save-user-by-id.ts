import { PROFILE_MESSAGES, updateOwnProfile } from "~/features/profile/profile-service.server";
import type { ProfileErrors } from "~/features/profile/profile-update.server";
import type { RecordAnswer } from "~/features/profile/record-schema.server";
import { readRequestBody } from "~/infra/http/body.server";
import { jsonError } from "~/infra/http/responses";
import { requireApiKey } from "~/infra/security/api-key.server";
import { appContext, requireOwner } from "~/request-context.server";
import type { Route } from "./+types/save-user-by-id";

/** POST /api/saveUser/:uid: updates name, gender, dob and about only (contract); anything else in the body is ignored. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST.", { Allow: "POST" });
  const s = await appContext(context).services();
  requireApiKey(request, s.env.apiKey);
  const viewer = await requireOwner(context, params.uid);
  const body = await readRequestBody(request, { accept: ["json", "urlencoded", "multipart"] });
  if (!body.ok) return jsonError(body.status, body.message);
  const outcome = await updateOwnProfile(s, viewer, body.fields);
  if (!outcome.ok) return Response.json({ success: false, message: outcome.message, errors: outcome.fieldErrors } satisfies ProfileErrors, { status: 400 });
  return Response.json({ success: true, message: PROFILE_MESSAGES.updated, data: outcome.record } satisfies RecordAnswer);
}

export function loader() {
  return jsonError(405, "Use POST.", { Allow: "POST" });
}
