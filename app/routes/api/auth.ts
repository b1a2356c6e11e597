import { readRequestBody } from "~/infra/http/body.server";
import { jsonError } from "~/infra/http/responses";
import { allowedMethods, publicAuthAccess } from "~/features/auth/public-endpoints";
import { appContext } from "~/request-context.server";
import type { Route } from "./+types/auth";

/**
 * Better Auth at /api/auth/* (contract), with our plugin's rules inside it
 * (features/auth/account-rules.server.ts). In front of it: the reviewed list
 * of endpoints the outside may reach (features/auth/public-endpoints.ts;
 * anything else is a 404), and what every route gets: a body read through the
 * one body reader (capped, UTF-8, no NUL, an object; passed on as JSON) and
 * the client's IP in our header.
 */
async function handle({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const path = new URL(request.url).pathname.slice("/api/auth".length);
  const access = publicAuthAccess(request.method, path);
  if (access === "closed") return jsonError(404, "Not found.");
  if (access === "wrong-method") return jsonError(405, "Method not allowed.", { Allow: allowedMethods(path).join(", ") });
  const url = new URL(request.url);
  if (!URL_PARAMS.every((name) => url.searchParams.getAll(name).every((value) => isSafeUrlParam(value, url.origin)))) {
    return jsonError(400, "That link is not valid.");
  }
  const app = appContext(context);
  const { authHandler } = await app.services();
  const headers = app.authHeaders();
  let body: string | undefined;
  if (request.method !== "GET" && request.method !== "HEAD") {
    const read = await readRequestBody(request, { accept: ["json", "urlencoded"] });
    if (!read.ok) return jsonError(read.status, read.message);
    if (!URL_PARAMS.every((name) => isSafeUrlParam(read.fields[name], url.origin))) return jsonError(400, "A callback or redirect URL is not valid.");
    headers.delete("content-length");
    if (read.type === "empty") headers.delete("content-type");
    else {
      headers.set("content-type", "application/json");
      body = JSON.stringify(read.fields);
    }
  }
  // HEAD is GET without its body (Better Auth defines GET routes only); the edge sends no body for HEAD.
  const method = request.method === "HEAD" ? "GET" : request.method;
  return authHandler(new Request(request.url, { method, headers, body }));
}

const URL_PARAMS = ["callbackURL", "errorCallbackURL", "newUserCallbackURL", "redirectTo"];

/**
 * Whether a URL Better Auth is given (a callback, a redirect) is one it handles safely. One that is no
 * URL ("http://[") fails in Better Auth with a 500. A path whose dot segments resolve to "//host"
 * ("/..//evil.example") Better Auth trusts as relative, then writes out resolved and bare (its
 * appendQueryParams), and a browser reads that as another site: a bogus verification link with such a
 * callback was an open redirect. A value that is no string is left to Better Auth's own check (a 400).
 */
function isSafeUrlParam(value: unknown, origin: string): boolean {
  if (typeof value !== "string") return true;
  try {
    return !new URL(value, origin).pathname.startsWith("//");
  } catch {
    return false;
  }
}

export const loader = handle;
export const action = handle;
