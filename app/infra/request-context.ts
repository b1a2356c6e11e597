/**
 * What the HTTP layer knows about a request that the Fetch `Request` does not:
 * the client's address. The production server (server/http.ts) fills it in;
 * under `npm run dev` it falls back to the default.
 *
 * Who the client is (TRUST_PROXY, X-Forwarded-For) is decided in one place:
 * infra/http/client-address.server.ts.
 */
import { createContext } from "react-router";

export interface RequestInfo {
  /** The socket's remote address, before any proxy header is considered. */
  socketAddress: string;
  /** The request's id (X-Request-Id), shown on the error pages; absent under `npm run dev` and when prerendering. */
  requestId?: string;
}

export const requestInfoContext = createContext<RequestInfo>({ socketAddress: "127.0.0.1" });
