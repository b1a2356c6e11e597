/**
 * What the HTTP layer knows about a request that the Fetch `Request` does not:
 * the client's address. The production server (server/http.ts) fills it in;
 * under `npm run dev` it falls back to the default.
 */
import { createContext } from "react-router";

export interface RequestInfo {
  /** The socket's remote address, before any proxy header is considered. */
  socketAddress: string;
}

export const requestInfoContext = createContext<RequestInfo>({ socketAddress: "127.0.0.1" });

/**
 * The client's IP for rate limits: the first X-Forwarded-For hop when
 * TRUST_PROXY is set (the proxy wrote it), else the socket address.
 */
export function clientIp(request: Request, info: RequestInfo, trustProxy: boolean): string {
  if (trustProxy) {
    const first = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (first) return first;
  }
  return info.socketAddress;
}
