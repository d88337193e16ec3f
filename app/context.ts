import { createContext } from 'react-router'

import type { AppRuntime } from './runtime.server.ts'

/** The server's runtime (database, auth, storage, clock, logger), set once per request by server/app.ts. */
export const runtimeContext = createContext<AppRuntime>()

/** Per-request values: the CSP nonce for inline scripts and the client's address (for rate limits). */
export const requestContext = createContext<{ nonce: string; clientIp: string }>()
