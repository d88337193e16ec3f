import type { Route } from './+types/not-found.ts'
import { SiteError } from '#app/components/site/site-error.tsx'

/** Any address no other route claims: a real 404 status, rendered inside the site's layout. */
export function loader(_args: Route.LoaderArgs): never {
  throw new Response('Not Found', { status: 404, statusText: 'Not Found' })
}

export default function NotFound() {
  return null
}

export function ErrorBoundary() {
  return <SiteError />
}
