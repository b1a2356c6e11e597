import { helpFeedbackSchema, recordHelpFeedback } from "~/features/help/index.server";
import { readRequestBody } from "~/infra/http/body.server";
import { jsonError, NO_STORE, tooManyRequests } from "~/infra/http/responses";
import { checksFor, RULES } from "~/infra/rate-limit/rules";
import { appContext } from "~/request-context.server";
import type { Route } from "./+types/help-feedback";

/** POST /api/help/feedback: `{"answerId", "helpful": true|false}` → 200 `{"ok": true}`; 422 for an id we did not give. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = appContext(context);
  const services = await app.services();
  const decision = await services.limiter.consume(checksFor(RULES.help, app.clientIp()));
  if (!decision.allowed) return tooManyRequests(decision);
  const body = await readRequestBody(request, { accept: ["json", "urlencoded"] });
  if (!body.ok) return jsonError(body.status, body.message);
  const parsed = helpFeedbackSchema.safeParse(body.fields);
  if (!parsed.success) return jsonError(422, "Send the answerId of an answer and helpful: true or false.");
  const deps = { database: services.database, secret: services.env.authSecret, logUnanswered: services.env.helpLogUnanswered, log: services.log };
  if (!(await recordHelpFeedback(deps, parsed.data.answerId, parsed.data.helpful))) return jsonError(422, "This answerId is not one we gave.");
  return Response.json({ ok: true }, { headers: NO_STORE });
}

export function loader() {
  return jsonError(405, "Use POST.", { Allow: "POST" });
}
