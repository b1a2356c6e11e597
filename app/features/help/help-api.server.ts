/**
 * The two JSON operations' shared front (POST /api/help/ask and
 * /api/help/feedback): the per-client budget, the body (JSON or urlencoded),
 * the zod contract. A refusal comes back as the Response to send.
 */
import type { z } from "zod";
import { readRequestBody } from "~/infra/http/body.server";
import { jsonError, tooManyRequests } from "~/infra/http/responses";
import type { RateLimiter } from "~/infra/rate-limit/rate-limiter.server";
import { checksFor, RULES } from "~/infra/rate-limit/rules";

export async function readHelpApiRequest<S extends z.ZodType>(
  request: Request,
  { limiter, ip }: { limiter: RateLimiter; ip: string },
  schema: S,
  invalid: (issues: z.core.$ZodIssue[]) => string,
): Promise<{ ok: true; data: z.output<S> } | { ok: false; response: Response }> {
  // React Router hands an action every method but GET and HEAD: a PUT is not a question.
  if (request.method !== "POST") return { ok: false, response: jsonError(405, "Use POST.", { Allow: "POST" }) };
  const decision = await limiter.consume(checksFor(RULES.help, ip));
  if (!decision.allowed) return { ok: false, response: tooManyRequests(decision) };
  const body = await readRequestBody(request, { accept: ["json", "urlencoded"] });
  if (!body.ok) return { ok: false, response: jsonError(body.status, body.message) };
  const parsed = schema.safeParse(body.fields);
  if (!parsed.success) return { ok: false, response: jsonError(422, invalid(parsed.error.issues)) };
  return { ok: true, data: parsed.data };
}
