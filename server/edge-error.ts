/**
 * What the edge writes when it answers a request itself (http.ts: a target
 * the guard refuses, a body over its limit, a header Fetch cannot take, a
 * crash, draining), in the shape the path's callers read, as
 * dependency-guard.ts does for its 503s: the API's one error shape
 * (app/infra/http/api-error.ts) on /api/*, Formspree's `{"errors": […]}` on
 * /f/*, plain text elsewhere. React Router matches paths without regard to
 * case, so /API/… is the API too.
 */
const API_PATH = /^\/api(?:\/|$)/i;
const FORM_PATH = /^\/f\//i;

export interface EdgeError {
  contentType: string;
  body: string;
}

export function edgeError(pathname: string, message: string): EdgeError {
  const json = (value: unknown): EdgeError => ({ contentType: "application/json; charset=utf-8", body: JSON.stringify(value) });
  if (FORM_PATH.test(pathname)) return json({ errors: [{ message }] });
  if (API_PATH.test(pathname)) return json({ success: false, message });
  return { contentType: "text/plain; charset=utf-8", body: `${message}\n` };
}
