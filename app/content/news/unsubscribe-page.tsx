import type { Route } from './+types/unsubscribe-page.ts'
import { SiteError } from '#app/components/site/site-error.tsx'
import { LinkPage, linkPageMeta } from './link-page.tsx'
import { loadLinkPage, postLinkPage } from './link-page.server.ts'

/**
 * The unsubscribe link of the e-mails. Opening it changes nothing; its button posts. A mail program's one-click
 * unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` to the same address from its own server, with no
 * cookie and no token but the address's (host/app.ts lets it by): it unsubscribes at once, and answers 200.
 */
export const loader = (args: Route.LoaderArgs) => loadLinkPage('unsubscribe', args)

export const action = (args: Route.ActionArgs) => postLinkPage('unsubscribe', args)

export const meta = linkPageMeta

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return <LinkPage link="unsubscribe" page={actionData ?? loaderData} />
}

export function ErrorBoundary() {
  return <SiteError />
}
