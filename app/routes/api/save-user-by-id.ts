import { authorize, readSmallBody } from "~/features/profile/api.server";
import { PROFILE_MESSAGES, updateOwnProfile } from "~/features/profile/profile-service.server";
import { jsonError } from "~/infra/http/json";
import { services } from "~/services.server";
import type { Route } from "./+types/save-user-by-id";

/** POST /api/saveUser/:uid: updates name, gender, dob and about only (contract); anything else in the body is ignored. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST.");
  const s = await services();
  const caller = await authorize(s, request, params.uid);
  if (caller instanceof Response) return caller;
  const body = await readSmallBody(request);
  if (body instanceof Response) return body;
  const outcome = await updateOwnProfile(s, caller, body);
  if (!outcome.ok) return Response.json({ success: false, message: outcome.message, errors: outcome.fieldErrors }, { status: 400 });
  return Response.json({ success: true, message: PROFILE_MESSAGES.updated, data: outcome.record });
}

export function loader() {
  return jsonError(405, "Use POST.");
}
