import { createContext, useContext } from "react";

/**
 * The per-request CSP nonce. Provided by entry.server.tsx; on the client it is
 * the empty string, which is what the browser reports for a nonce attribute
 * anyway (it hides nonces from the DOM), so hydration matches.
 */
export const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
