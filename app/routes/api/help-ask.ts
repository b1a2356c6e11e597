import { askHelp, helpDepsOf, helpQuestionSchema, readHelpApiRequest } from "~/features/help/index.server";
import { jsonError, NO_STORE } from "~/infra/http/responses";
import { appContext } from "~/request-context.server";
import type { Route } from "./+types/help-ask";

/**
 * POST /api/help/ask (contract): `{"q", "lang"?}` as JSON or urlencoded →
 * `200 {"kind", "text", "sources", "answerId", …}`; 422 for an empty or
 * over-long question, 429 past the per-client budget. Answered from memory;
 * the question is neither stored nor logged (features/help).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = appContext(context);
  const services = await app.services();
  const read = await readHelpApiRequest(request, { limiter: services.limiter, ip: app.clientIp() }, helpQuestionSchema, (issues) => {
    if (issues.some((issue) => issue.path[0] === "lang")) return 'lang must be "en" or "hi".';
    if (issues.some((issue) => issue.path[0] === "q" && issue.code === "too_big")) return "The question is too long: at most 500 characters.";
    return "Type a question.";
  });
  if (!read.ok) return read.response;
  const reply = await askHelp(helpDepsOf(services), read.data.q, read.data.lang);
  return Response.json(reply, { headers: NO_STORE });
}

export function loader() {
  return jsonError(405, "Use POST.", { Allow: "POST" });
}
