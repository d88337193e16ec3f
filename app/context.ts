import { createContext } from 'react-router'

import type { AppRuntime } from './runtime.server.ts'

/** The server's runtime (database, auth, storage, clock, logger), set once per request by host/app.ts. */
export const runtimeContext = createContext<AppRuntime>()

/**
 * Per-request values: the CSP nonce for inline scripts, the client's address (for rate limits) and the site's
 * origin for absolute addresses (PUBLIC_URL's, or the request's own: host/site-origin.ts).
 */
export const requestContext = createContext<{ nonce: string; clientIp: string; origin: string }>()

/**
 * The language a public page is made in (issue 28), worked out from its address by the public layout's
 * middleware: `/ml/events` is the events page in Malayalam on a site whose languages are `["en", "ml"]`.
 */
export interface PageLanguage {
  /** The page's language: the main one, or the other one its address's prefix names. */
  language: string
  /** The site's languages, the main one first. */
  languages: readonly string[]
  /** The page's address in the main language (`/events`), for the other languages' addresses. */
  path: string
  /** Its query string as the page was asked for (`?category=worship`, or ''). */
  search: string
  /**
   * False when the address's first part sits where a language's prefix would and names none of the site's
   * (`/wp-login.php`): the page is the site's 404.
   */
  known: boolean
}
export const languageContext = createContext<PageLanguage>()
