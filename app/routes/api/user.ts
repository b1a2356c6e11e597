import { authorize, readSmallBody } from "~/features/profile/api.server";
import { deleteOwnAccount, PROFILE_MESSAGES } from "~/features/profile/profile-service.server";
import { getUserRecord } from "~/features/profile/user-record.server";
import { jsonError } from "~/infra/http/json";
import { clientIp, requestInfoContext } from "~/infra/request-context";
import { services } from "~/services.server";
import type { Route } from "./+types/user";

/** GET /api/user/:id: the signed-in owner's record (contract). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const s = await services();
  const caller = await authorize(s, request, params.id);
  if (caller instanceof Response) return caller;
  const record = await getUserRecord(s.database.db, caller.id);
  if (!record) return jsonError(404, "No record for this user.");
  return Response.json({ success: true, data: record }, { headers: { "Cache-Control": "no-store" } });
}

/** DELETE /api/user/:id with {"name","password"}: deletes the account, its sessions and its record. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "DELETE") return jsonError(405, "Use GET to read or DELETE to delete.");
  const s = await services();
  const caller = await authorize(s, request, params.id);
  if (caller instanceof Response) return caller;
  const body = await readSmallBody(request);
  if (body instanceof Response) return body;

  const ip = clientIp(request, context.get(requestInfoContext), s.env.trustProxyHops);
  const outcome = await deleteOwnAccount(s, request, caller, body, ip);
  switch (outcome.kind) {
    case "deleted": {
      const headers = new Headers();
      for (const cookie of outcome.clearCookies) headers.append("Set-Cookie", cookie);
      return Response.json({ success: true, message: PROFILE_MESSAGES.deleted }, { headers });
    }
    case "mail-sent":
      return Response.json({ success: true, message: PROFILE_MESSAGES.deleteMailSent }, { status: 202 });
    case "name-mismatch":
      return jsonError(400, PROFILE_MESSAGES.nameMismatch);
    case "password-required":
      return jsonError(400, PROFILE_MESSAGES.passwordRequired);
    case "rate-limited":
      return outcome.response;
    case "failed":
      return jsonError(403, PROFILE_MESSAGES.deleteFailed);
  }
}
