/**
 * The two doors into the form service: the JSON API (contract) and the pages'
 * action (a plain form post without JavaScript, or the fetcher with it). Both
 * run receiveSubmission(); only the shape of the answer differs.
 */
import { data, type RouterContextProvider } from "react-router";
import { getSessionUser } from "~/features/auth/session.server";
import { jsonError } from "~/infra/http/json";
import { tooManyRequests } from "~/infra/rate-limit/rate-limiter.server";
import { clientIp, requestInfoContext } from "~/infra/request-context";
import { services } from "~/services.server";
import { type FormActionResult, type FormKind, isFormKind } from "./form-schema";
import { receiveSubmission, type SubmitOutcome } from "./form-service.server";

type Context = Readonly<RouterContextProvider>;

export const TOO_LARGE_MESSAGE = "The submission is too large: the limit is 32 KB.";
export const UNAVAILABLE_MESSAGE = "Your message could not be saved. Please try again in a moment.";

const NO_STORE = { "Cache-Control": "no-store" };

async function submit(kind: FormKind, request: Request, context: Context): Promise<SubmitOutcome> {
  const s = await services();
  const ip = clientIp(request, context.get(requestInfoContext), s.env.trustProxyHops);
  const user = await getSessionUser(request).catch(() => null);
  return receiveSubmission(s, { kind, request, ip, userId: user?.id ?? null });
}

/** `POST /api/forms/:kind`: the contract's answers. */
export async function handleFormApi(kind: string | undefined, request: Request, context: Context): Promise<Response> {
  if (!isFormKind(kind)) return jsonError(404, "Not found.", NO_STORE);
  if (request.method !== "POST") return jsonError(405, "Use POST.", { ...NO_STORE, Allow: "POST" });
  const outcome = await submit(kind, request, context);
  switch (outcome.kind) {
    case "accepted":
      return Response.json({ ok: true }, { headers: NO_STORE });
    case "invalid":
      return Response.json({ errors: outcome.errors }, { status: 422, headers: NO_STORE });
    case "too-large":
      return jsonError(413, TOO_LARGE_MESSAGE, NO_STORE);
    case "rate-limited":
      return tooManyRequests(outcome.limit);
    case "unavailable":
      return jsonError(503, UNAVAILABLE_MESSAGE, NO_STORE);
  }
}

/** GET (or anything but POST) on the API path. */
export function formApiNotAllowed(kind: string | undefined): Response {
  return isFormKind(kind) ? jsonError(405, "Use POST.", { ...NO_STORE, Allow: "POST" }) : jsonError(404, "Not found.", NO_STORE);
}

/** The /feedback and /contact pages' action: the same service, answered as action data. */
export async function handleFormPageAction(kind: FormKind, request: Request, context: Context) {
  const outcome = await submit(kind, request, context);
  switch (outcome.kind) {
    case "accepted":
      return data<FormActionResult>({ status: "sent" });
    case "invalid":
      return data<FormActionResult>({ status: "invalid", errors: outcome.errors, values: outcome.values }, { status: 422 });
    case "too-large":
      return data<FormActionResult>({ status: "failed", detail: TOO_LARGE_MESSAGE }, { status: 413 });
    case "rate-limited": {
      const refusal = tooManyRequests(outcome.limit);
      const { message } = (await refusal.json()) as { message: string };
      return data<FormActionResult>({ status: "failed", detail: message, values: outcome.values }, { status: 429, headers: { "Retry-After": refusal.headers.get("Retry-After") ?? "60" } });
    }
    case "unavailable":
      return data<FormActionResult>({ status: "failed", values: outcome.values }, { status: 503 });
  }
}
