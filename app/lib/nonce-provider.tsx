import { createContext, useContext } from 'react'

const NonceContext = createContext<string>('')

export const NonceProvider = NonceContext.Provider

/** The CSP nonce of this request on the server; empty in the browser, which hides nonces from scripts. */
export const useNonce = () => useContext(NonceContext)
