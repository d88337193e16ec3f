import { createContext } from 'react-router'

import type { AppServices } from './services.server.ts'

/** The server's services (database, auth, storage), set once per request by server/app.ts. */
export const servicesContext = createContext<AppServices>()

/** Per-request values: the CSP nonce for inline scripts and the client's address (for rate limits). */
export const requestContext = createContext<{ nonce: string; clientIp: string }>()
