/**
 * `POST /f/:key`: the form service spoken in Formspree's protocol, so a site
 * written for `@formspree/core` / `@formspree/react` switches by pointing the
 * client's `endpoint` at us.
 *
 *   success   200 {"ok": true, "next": URL}
 *   errors    {"errors": [{"field"?, "code"?, "message"}]}: 422 field errors
 *             (REQUIRED_FIELD_MISSING, REQUIRED_FIELD_EMPTY, TYPE_EMAIL, …),
 *             404 FORM_NOT_FOUND, 403 INACTIVE, 403 BLOCKED (another site
 *             that the form does not allow), 413, 429, 503
 *
 * Browsers on another site may post when the form lists their origin
 * (CORS, `preflight()` answers the OPTIONS); our own pages always may. A
 * request with no Origin (a server, curl) is not a browser and passes, as on
 * the JSON API. The message itself goes through receiveSubmission(): the same
 * limits, honeypot (also Formspree's `_gotcha`), validation and storage.
 */
import { jsonError, NO_STORE, retryAfterHeaders, waitMessage } from "~/infra/http/responses";
import { findForm, type FormDefinition } from "./form-registry.server";
import type { Sender } from "./form-handlers.server";
import { TOO_LARGE_MESSAGE, UNAVAILABLE_HEADERS, UNAVAILABLE_MESSAGE } from "./form-handlers.server";
import { type FormDeps, receiveSubmission } from "./form-service.server";
import type { FormErrorEntry } from "./form-api.server";

/** One entry of `{"errors": […]}`; its shape (and the codes' one list, form-schema.ts) is form-api.server.ts's `formErrorsSchema`. */
type FormspreeError = FormErrorEntry;

function errors(status: number, list: FormspreeError[], headers: HeadersInit = {}): Response {
  const all = new Headers(headers);
  for (const [name, value] of Object.entries(NO_STORE)) all.set(name, value);
  return Response.json({ errors: list }, { status, headers: all });
}

/** Headers that let the form's allowed other sites read the answer. */
function corsHeaders(origin: string | null, form: FormDefinition | undefined): Record<string, string> {
  if (!origin || !form?.allowedOrigins.includes(origin)) return {};
  return { "Access-Control-Allow-Origin": origin, Vary: "Origin" };
}

type OriginVerdict = "same-site" | "allowed-site" | "no-browser" | "refused";

function judgeOrigin(request: Request, ownOrigins: ReadonlySet<string>, form: FormDefinition | undefined): OriginVerdict {
  const origin = request.headers.get("origin");
  if (origin && origin !== "null") {
    if (ownOrigins.has(origin)) return "same-site";
    return form?.allowedOrigins.includes(origin) ? "allowed-site" : "refused";
  }
  if (origin === "null") return "refused";
  const site = request.headers.get("sec-fetch-site");
  return site === "cross-site" || site === "same-site" ? "refused" : "no-browser";
}

export interface FormspreeContext {
  appUrl: string;
  ownOrigins: ReadonlySet<string>;
}

/** Where a sender goes after a success: our thanks page for this form. */
export function thanksUrl(appUrl: string, key: string): string {
  return `${appUrl}/f/${encodeURIComponent(key)}/thanks`;
}

export async function handleFormspree(deps: FormDeps, key: string | undefined, request: Request, sender: Sender, context: FormspreeContext): Promise<Response> {
  const form = key ? await findForm(deps.database.db, key) : undefined;
  const cors = corsHeaders(request.headers.get("origin"), form);
  if (request.method !== "POST") return jsonError(405, "Use POST.", { ...NO_STORE, ...cors, Allow: "POST, OPTIONS" });
  if (!form) return errors(404, [{ code: "FORM_NOT_FOUND", message: "Form not found" }], cors);
  const verdict = judgeOrigin(request, context.ownOrigins, form);
  if (verdict === "refused") return errors(403, [{ code: "BLOCKED", message: "This form does not accept submissions from this site." }]);
  if (!form.enabled) return errors(403, [{ code: "INACTIVE", message: "This form is not accepting submissions." }], cors);

  // A cookie rides along only from our own pages; a signed-in sender's record then lists the message.
  const userId = verdict === "same-site" ? sender.userId : null;
  const outcome = await receiveSubmission(deps, {
    kind: form.key,
    request,
    ip: sender.ip,
    userId,
    // The built-in forms keep their pages' three fields; every other form takes any, by its rules.
    custom: form.builtIn ? undefined : { rules: form.rules, autoreply: form.autoreply },
  });
  switch (outcome.kind) {
    case "accepted":
      return Response.json({ ok: true, next: thanksUrl(context.appUrl, form.key) }, { headers: { ...NO_STORE, ...cors } });
    case "invalid":
      return errors(422, outcome.errors, cors);
    case "too-large":
      return errors(413, [{ message: TOO_LARGE_MESSAGE }], cors);
    case "unreadable":
      return errors(outcome.status, [{ code: "EMPTY", message: outcome.message }], cors);
    case "rate-limited":
      return errors(429, [{ message: outcome.message ?? waitMessage(outcome.limit.retryAfterS) }], { ...retryAfterHeaders(outcome.limit), ...cors });
    case "bad-key":
      return errors(400, [{ code: "IDEMPOTENCY_KEY", message: outcome.message }], cors);
    case "unavailable":
      return errors(503, [{ message: UNAVAILABLE_MESSAGE }], { ...UNAVAILABLE_HEADERS, ...cors });
  }
}

/** Headers a browser's preflight asks for; Formspree's client sends the last two. */
const ALLOWED_REQUEST_HEADERS = "Accept, Content-Type, Formspree-Client, Formspree-Session-Data";

/**
 * The answer to a CORS preflight (OPTIONS) for `/f/:key`: permission for the
 * origins the form allows, and nothing for anyone else (the browser then
 * does not send the POST).
 */
export async function preflight(
  deps: Pick<FormDeps, "database">,
  key: string,
  origin: string | null,
): Promise<{ status: number; headers: Record<string, string> }> {
  const form = await findForm(deps.database.db, key);
  const cors = corsHeaders(origin, form);
  if (!cors["Access-Control-Allow-Origin"]) return { status: 204, headers: { Allow: "POST, OPTIONS", Vary: "Origin" } };
  return {
    status: 204,
    headers: {
      ...cors,
      Allow: "POST, OPTIONS",
      "Access-Control-Allow-Methods": "POST",
      "Access-Control-Allow-Headers": ALLOWED_REQUEST_HEADERS,
      "Access-Control-Max-Age": "600",
    },
  };
}
