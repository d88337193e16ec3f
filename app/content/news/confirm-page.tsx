import type { Route } from './+types/confirm-page.ts'
import { SiteError } from '#app/components/site/site-error.tsx'
import { LinkPage, linkPageMeta } from './link-page.tsx'
import { loadLinkPage, postLinkPage } from './link-page.server.ts'

/**
 * The confirm link of the confirmation e-mail. Opening it changes nothing (mail scanners open every link); the
 * Confirm button posts. A subscription already confirmed shows the same success.
 */
export const loader = (args: Route.LoaderArgs) => loadLinkPage('confirm', args)

export const action = (args: Route.ActionArgs) => postLinkPage('confirm', args)

export const meta = linkPageMeta

export default function ConfirmSubscription({ loaderData, actionData }: Route.ComponentProps) {
  return <LinkPage link="confirm" page={actionData ?? loaderData} />
}

export function ErrorBoundary() {
  return <SiteError />
}
