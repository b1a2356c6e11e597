/**
 * How Better Auth's endpoints learn the client's IP (for our rate limits):
 * every call we make into Better Auth (the /api/auth/* route and the route
 * actions' `auth.api.*` calls) carries this header, always set by us from the
 * request context, overwriting anything a client sent under the same name.
 */
export const CLIENT_IP_HEADER = "x-client-ip-from-edge";

export function withClientIp(headers: Headers, ip: string): Headers {
  const copy = new Headers(headers);
  copy.set(CLIENT_IP_HEADER, ip);
  return copy;
}

export function clientIpOf(headers: Headers | undefined): string {
  return headers?.get(CLIENT_IP_HEADER) ?? "unknown";
}

/** The request's visitor as analytics attributes a goal to it (features/analytics attribution): never stored. */
export function visitorOf(headers: Headers | undefined): { ip: string; userAgent: string } {
  return { ip: clientIpOf(headers), userAgent: headers?.get("user-agent") ?? "" };
}
