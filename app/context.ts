import { createContext } from 'react-router'

import type { AppRuntime } from './runtime.server.ts'

/** The server's runtime (database, auth, storage, clock, logger), set once per request by host/app.ts. */
export const runtimeContext = createContext<AppRuntime>()

/**
 * Per-request values: the CSP nonce for inline scripts, the client's address (for rate limits) and the site's
 * origin for absolute addresses (PUBLIC_URL's, or the request's own: host/site-origin.ts).
 */
export const requestContext = createContext<{ nonce: string; clientIp: string; origin: string }>()
