/**
 * The two doors into the form service: the JSON API (contract) and the pages'
 * action (a plain form post without JavaScript, or the fetcher with it). Both
 * run receiveSubmission(); only the shape of the answer differs.
 */
import { data } from "react-router";
import { RETRY_AFTER_S } from "~/infra/db/unavailable";
import { jsonError, NO_STORE, retryAfterHeaders, tooManyRequests, waitMessage } from "~/infra/http/responses";
import { type FormActionResult, type FormKind, isFormKind } from "./form-schema";
import { type FormDeps, receiveSubmission } from "./form-service.server";

export const TOO_LARGE_MESSAGE = "The submission is too large: the limit is 32 KB.";
export const UNAVAILABLE_MESSAGE = "Your message could not be saved. Please try again in a moment.";
/** Every 503 tells the client when to try again. */
export const UNAVAILABLE_HEADERS = { "Retry-After": String(RETRY_AFTER_S) };

/** Who is sending: the client's IP (only its hash is stored) and the signed-in user, if any. */
export interface Sender {
  ip: string;
  userId: string | null;
}

/** `POST /api/forms/:kind`: the contract's answers. */
export async function handleFormApi(deps: FormDeps, kind: string | undefined, request: Request, sender: Sender): Promise<Response> {
  if (!isFormKind(kind)) return jsonError(404, "Not found.", NO_STORE);
  if (request.method !== "POST") return jsonError(405, "Use POST.", { ...NO_STORE, Allow: "POST" });
  const outcome = await receiveSubmission(deps, { kind, request, ...sender });
  switch (outcome.kind) {
    case "accepted":
      return Response.json({ ok: true }, { headers: NO_STORE });
    case "invalid":
      return Response.json({ errors: outcome.errors }, { status: 422, headers: NO_STORE });
    case "too-large":
      return jsonError(413, TOO_LARGE_MESSAGE);
    case "unreadable":
      return jsonError(outcome.status, outcome.message);
    case "rate-limited":
      return outcome.message ? jsonError(429, outcome.message, retryAfterHeaders(outcome.limit)) : tooManyRequests(outcome.limit);
    case "bad-key":
      return jsonError(400, outcome.message);
    case "unavailable":
      return jsonError(503, UNAVAILABLE_MESSAGE, { ...NO_STORE, ...UNAVAILABLE_HEADERS });
  }
}

/** GET (or anything but POST) on the API path. */
export function formApiNotAllowed(kind: string | undefined): Response {
  return isFormKind(kind) ? jsonError(405, "Use POST.", { ...NO_STORE, Allow: "POST" }) : jsonError(404, "Not found.", NO_STORE);
}

/** The /feedback and /contact pages' action: the same service, answered as action data. */
export async function handleFormPageAction(deps: FormDeps, kind: FormKind, request: Request, sender: Sender) {
  const outcome = await receiveSubmission(deps, { kind, request, ...sender, keyByContent: true });
  switch (outcome.kind) {
    case "accepted":
      return data<FormActionResult>({ status: "sent" });
    case "invalid":
      return data<FormActionResult>({ status: "invalid", errors: outcome.errors, values: outcome.values }, { status: 422 });
    case "too-large":
      return data<FormActionResult>({ status: "failed", detail: TOO_LARGE_MESSAGE }, { status: 413 });
    case "unreadable":
      return data<FormActionResult>({ status: "failed", detail: outcome.message }, { status: outcome.status });
    case "rate-limited":
      return data<FormActionResult>(
        { status: "failed", detail: outcome.message ?? waitMessage(outcome.limit.retryAfterS), values: outcome.values },
        { status: 429, headers: retryAfterHeaders(outcome.limit) },
      );
    case "bad-key":
      return data<FormActionResult>({ status: "failed", detail: outcome.message }, { status: 400 });
    case "unavailable":
      return data<FormActionResult>({ status: "failed", values: outcome.values }, { status: 503, headers: UNAVAILABLE_HEADERS });
  }
}
