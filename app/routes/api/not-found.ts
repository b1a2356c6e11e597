import { jsonError } from "~/infra/http/responses";

/** Unknown API paths answer JSON, never the HTML not-found page. */
export function loader() {
  return jsonError(404, "Not found.");
}

export function action() {
  return jsonError(404, "Not found.");
}
