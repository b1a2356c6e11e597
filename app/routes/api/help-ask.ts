import { askHelp, helpQuestionSchema } from "~/features/help/index.server";
import { readRequestBody } from "~/infra/http/body.server";
import { jsonError, NO_STORE, tooManyRequests } from "~/infra/http/responses";
import { checksFor, RULES } from "~/infra/rate-limit/rules";
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
  const decision = await services.limiter.consume(checksFor(RULES.help, app.clientIp()));
  if (!decision.allowed) return tooManyRequests(decision);
  const body = await readRequestBody(request, { accept: ["json", "urlencoded"] });
  if (!body.ok) return jsonError(body.status, body.message);
  const parsed = helpQuestionSchema.safeParse(body.fields);
  if (!parsed.success) {
    const tooLong = parsed.error.issues.some((issue) => issue.path[0] === "q" && issue.code === "too_big");
    const badLang = parsed.error.issues.some((issue) => issue.path[0] === "lang");
    return jsonError(422, badLang ? 'lang must be "en" or "hi".' : tooLong ? "The question is too long: at most 500 characters." : "Type a question.");
  }
  const reply = await askHelp(
    { database: services.database, secret: services.env.authSecret, logUnanswered: services.env.helpLogUnanswered, log: services.log },
    parsed.data.q,
    parsed.data.lang,
  );
  return Response.json(reply, { headers: NO_STORE });
}

export function loader() {
  return jsonError(405, "Use POST.", { Allow: "POST" });
}
