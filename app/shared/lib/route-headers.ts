/**
 * The `headers` export of every route with an action: it carries the action's
 * (or loader's) Retry-After onto the page's answer.
 *
 * Why: React Router builds a page's (and a `.data` request's) headers from the
 * routes' `headers` exports; a route without one passes on only the
 * Set-Cookie of its action and loader answers. So a refused form post
 * (`data(..., { status: 429, headers: retryAfterHeaders(...) })`) reached the
 * browser as a 429 with no Retry-After, though RFC 6585 and our contract say
 * how long to wait there. Statuses pass through untouched either way.
 */
import type { HeadersFunction } from "react-router";

const CARRIED = ["Retry-After"] as const;

export const carryRetryAfter: HeadersFunction = ({ parentHeaders, loaderHeaders, actionHeaders, errorHeaders }) => {
  const headers = new Headers(parentHeaders);
  // The action's word last: it answers the request being made.
  for (const source of [loaderHeaders, errorHeaders, actionHeaders]) {
    for (const name of CARRIED) {
      const value = source?.get(name);
      if (value) headers.set(name, value);
    }
  }
  return headers;
};
