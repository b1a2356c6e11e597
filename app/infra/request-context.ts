/**
 * What the HTTP layer knows about a request that the Fetch `Request` does not:
 * the client's address, and the path and query exactly as the client asked
 * for them. The production server (server/http.ts) fills it in; under
 * `npm run dev` it falls back to the default.
 */
import { createContext } from "react-router";

export interface RequestInfo {
  /** The socket's remote address, before any proxy header is considered. */
  socketAddress: string;
  /**
   * The request's path and query as the edge saw them, before React Router
   * rewrites a data request (`/profile.data?…`) into its page's URL: what
   * replayed answers are keyed by (response-cache.server.ts). Unset: no replays.
   */
  edge?: { pathname: string; search: string };
}

export const requestInfoContext = createContext<RequestInfo>({ socketAddress: "127.0.0.1" });

/**
 * The client's IP, for rate limits.
 *
 * Each proxy appends the address it received the request from to
 * X-Forwarded-For; everything to the left of what our own proxies wrote is
 * the client's to invent. So with `hops` trusted proxies the client is the
 * `hops`-th entry from the right end (TRUST_PROXY=1: the last one, appended by
 * our one proxy). Without trusted proxies, or without the header, it is the
 * socket's peer.
 */
export function clientIp(request: Request, info: RequestInfo, hops: number): string {
  if (hops > 0) {
    const header = request.headers.get("x-forwarded-for");
    if (header) {
      const entries = header.split(",").map((entry) => entry.trim()).filter(Boolean);
      // Fewer entries than proxies: the left-most is the furthest we can see.
      const picked = entries[Math.max(0, entries.length - hops)];
      if (picked && isAddress(picked)) return picked;
    }
  }
  return info.socketAddress;
}

/** An IPv4 or IPv6 address (what a proxy writes), not free text from a client. */
function isAddress(value: string): boolean {
  return value.length <= 45 && /^[0-9a-fA-F:.]+$/.test(value) && /[.:]/.test(value);
}
