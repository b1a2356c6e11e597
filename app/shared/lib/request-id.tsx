import { createContext, useContext } from "react";

/**
 * The request's id (X-Request-Id, infra/http/request-id.server.ts), for the
 * error pages to show: a visitor who quotes it lets an operator find the
 * failure in the logs. Provided by entry.server.tsx; in the browser there is
 * none (an error shown after a client-side navigation has no server request
 * of its own to name).
 */
const RequestIdContext = createContext<string | undefined>(undefined);
export const RequestIdProvider = RequestIdContext.Provider;
export const useRequestId = () => useContext(RequestIdContext);
