/**
 * What the HTTP layer knows about a request that the Fetch `Request` does not:
 * the client's address, and the path and query exactly as the client asked
 * for them. The production server (server/http.ts) fills it in; under
 * `npm run dev` it falls back to the default.
 *
 * Who the client is (TRUST_PROXY, X-Forwarded-For) is decided in one place:
 * infra/http/client-address.server.ts.
 */
import { createContext } from "react-router";

export interface RequestInfo {
  /** The socket's remote address, before any proxy header is considered. */
  socketAddress: string;
  /**
   * The request's path and query as the edge saw them, before React Router
   * rewrites a data request (`/profile.data?…`) into its page's URL: what
   * replayed answers are keyed by (replay-cache.server.ts). Unset: no replays.
   */
  edge?: { pathname: string; search: string };
}

export const requestInfoContext = createContext<RequestInfo>({ socketAddress: "127.0.0.1" });
