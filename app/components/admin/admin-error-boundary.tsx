import { ShieldAlert } from 'lucide-react'
import { isRouteErrorResponse, Link, useRouteError } from 'react-router'

import { PageHeader } from './page-header.tsx'
import { describeRouteError } from '#app/lib/route-error.ts'

/**
 * An admin page's error inside the admin bar: a page the person's role may not use (403) says so in the
 * server's words and leads back to the dashboard; any other error shows its status and text.
 */
export function AdminErrorBoundary() {
  const error = useRouteError()
  const described = describeRouteError(error)
  const { status } = described
  // The server's own words when it gave some (a refusal's reason), before the status's generic text.
  const text = isRouteErrorResponse(error) && typeof error.data === 'string' ? error.data : described.text
  const refused = status === 403
  return (
    <>
      <title>{refused ? 'Not available to you · Admin' : `${status} · Admin`}</title>
      <PageHeader title={refused ? 'Not available to you' : `Something went wrong (${status})`} />
      <div
        role="alert"
        className="flex max-w-2xl items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 px-5 py-4 text-amber-950"
      >
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div>
          <p>{text || 'This page could not be shown.'}</p>
          <Link
            to="/admin/dashboard"
            className="mt-2 inline-block font-semibold underline underline-offset-2 hover:no-underline"
          >
            Go to the dashboard
          </Link>
        </div>
      </div>
    </>
  )
}
