import { createContext, useContext } from "react";

/** The per-request CSP nonce; scripts Remix renders carry it (empty in the browser). */
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
