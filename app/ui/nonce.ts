import { createContext, useContext } from 'react'

/**
 * The Content-Security-Policy nonce of this document, given by app/entry.server.tsx to the scripts
 * the root renders. In the browser it is '' (browsers hide nonces from the page), which is fine:
 * scripts are only ever rendered by the server.
 */
export const NonceContext = createContext('')
export const NonceProvider = NonceContext.Provider
export const useNonce = () => useContext(NonceContext)
