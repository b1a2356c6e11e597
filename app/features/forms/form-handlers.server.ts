/**
 * The two doors into the form service: the JSON API (contract) and the pages'
 * action (a plain form post without JavaScript, or the fetcher with it). Both
 * run receiveSubmission(); only the shape of the answer differs.
 */
import { data } from "react-router";
import { RETRY_AFTER_S } from "~/infra/db/unavailable";
import { jsonError, NO_STORE, retryAfterHeaders, tooManyRequests } from "~/infra/http/responses";
import { forms } from "~/shared/i18n/catalog/forms";
import type { Locale } from "~/shared/i18n/locale";
import { messagesFor } from "~/shared/i18n/messages.server";
import { waitText } from "./form-copy";
import { type FormActionResult, type FormKind, isFormKind } from "./form-schema";
import { type FormDeps, receiveSubmission } from "./form-service.server";

export const TOO_LARGE_MESSAGE = forms.tooLarge;
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

/**
 * The /feedback and /contact pages' action: the same service, answered as
 * action data in the page's language (`locale`: its path's, /hi/… is Hindi).
 * English pages read exactly the API's words.
 */
export async function handleFormPageAction(deps: FormDeps, kind: FormKind, request: Request, sender: Sender, locale: Locale = "en") {
  const t = messagesFor(locale).forms;
  const english = locale === "en";
  const outcome = await receiveSubmission(deps, { kind, request, ...sender, keyByContent: true, locale });
  switch (outcome.kind) {
    case "accepted":
      return data<FormActionResult>({ status: "sent" });
    case "invalid":
      return data<FormActionResult>({ status: "invalid", errors: outcome.errors, values: outcome.values }, { status: 422 });
    case "too-large":
      return data<FormActionResult>({ status: "failed", detail: t.tooLarge }, { status: 413 });
    case "unreadable":
      return data<FormActionResult>({ status: "failed", detail: english ? outcome.message : t.unreadable }, { status: outcome.status });
    case "rate-limited":
      return data<FormActionResult>(
        // The service's own reason (the form's day is full) is already in the page's language.
        { status: "failed", detail: outcome.message ?? waitText(t, outcome.limit.retryAfterS), values: outcome.values },
        { status: 429, headers: retryAfterHeaders(outcome.limit) },
      );
    case "bad-key":
      return data<FormActionResult>({ status: "failed", detail: english ? outcome.message : t.badKey }, { status: 400 });
    case "unavailable":
      return data<FormActionResult>({ status: "failed", values: outcome.values }, { status: 503, headers: UNAVAILABLE_HEADERS });
  }
}
