import { deleteOwnAccount, PROFILE_MESSAGES } from "~/features/profile/profile-service.server";
import { getUserRecord } from "~/features/profile/user-record.server";
import { readRequestBody } from "~/infra/http/body.server";
import { jsonError, tooManyRequests } from "~/infra/http/responses";
import { requireApiKey } from "~/infra/security/api-key.server";
import { appContext, requireOwner } from "~/request-context.server";
import type { Route } from "./+types/user";

/** GET /api/user/:id: the signed-in owner's record (contract). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = appContext(context);
  const s = await app.services();
  requireApiKey(request, s.env.apiKey);
  const viewer = await requireOwner(context, params.id);
  const record = await getUserRecord(s.database.db, viewer.id);
  if (!record) return jsonError(404, "No record for this user.");
  return Response.json({ success: true, data: record });
}

/** DELETE /api/user/:id with {"name","password"}: deletes the account, its sessions and its record. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "DELETE") return jsonError(405, "Use GET to read or DELETE to delete.", { Allow: "GET, DELETE" });
  const app = appContext(context);
  const s = await app.services();
  requireApiKey(request, s.env.apiKey);
  const viewer = await requireOwner(context, params.id);
  const body = await readRequestBody(request, { accept: ["json", "urlencoded"] });
  if (!body.ok) return jsonError(body.status, body.message);

  const outcome = await deleteOwnAccount(s, app.authHeaders(), viewer, body.fields, app.clientIp());
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
      return tooManyRequests(outcome.decision);
    case "failed":
      return jsonError(403, PROFILE_MESSAGES.deleteFailed);
  }
}
