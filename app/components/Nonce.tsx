/**
 * The request's CSP nonce for the scripts Remix renders. It travels by React context from
 * entry.server.tsx, not through loader data, so error pages (where the root loader may have failed)
 * still get it. In the browser it is "": browsers hide nonces from the DOM, and scripts added after
 * hydration are loaded by modules the nonce already trusted.
 */
import { createContext, useContext } from "react";

const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export const useNonce = () => useContext(NonceContext);
