import { helpDepsOf, helpFeedbackSchema, readHelpApiRequest, recordHelpFeedback } from "~/features/help/index.server";
import { jsonError, NO_STORE } from "~/infra/http/responses";
import { appContext } from "~/request-context.server";
import type { Route } from "./+types/help-feedback";

/** POST /api/help/feedback: `{"answerId", "helpful": true|false}` → 200 `{"ok": true}`; 422 for an id we did not give. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = appContext(context);
  const services = await app.services();
  const read = await readHelpApiRequest(
    request,
    { limiter: services.limiter, ip: app.clientIp() },
    helpFeedbackSchema,
    () => "Send the answerId of an answer and helpful: true or false.",
  );
  if (!read.ok) return read.response;
  if (!(await recordHelpFeedback(helpDepsOf(services), read.data.answerId, read.data.helpful, app.clientIp())))
    return jsonError(422, "This answerId is not one we gave, or it is older than yesterday.");
  return Response.json({ ok: true }, { headers: NO_STORE });
}

export function loader() {
  return jsonError(405, "Use POST.", { Allow: "POST" });
}
