import type { Route } from './+types/tax-api.claim.route.ts'
import { actorFromSession, requireApiAccess } from '#app/auth/session.server.ts'
import { MethodNotAllowedError } from '#app/lib/errors.ts'
import { apiHandler } from '#app/server/api.server.ts'
import { claimFileName, downloadClaim, parseTaxYear } from './tax-runtime.server.ts'

/**
 * Treasurers and administrators: the year's claim as Revenue's CSV (name, PPSN, total, associated), from 1 March
 * of the year after; each donor-year in one claim only. The one place a PPSN leaves the server.
 */
export const loader = apiHandler<Route.LoaderArgs>(async ({ request, params, runtime }) => {
  const session = await requireApiAccess(request, runtime, 'giving')
  const year = parseTaxYear(params.year)
  const actor = actorFromSession(session, runtime.clock)
  const { csv, rows } = await downloadClaim({ runtime, year, actor })
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${claimFileName(year, actor.at)}"`,
      'Cache-Control': 'private, no-store',
      'X-Claim-Rows': String(rows),
    },
  })
})

export const action = apiHandler<Route.ActionArgs>(async ({ request, runtime }) => {
  await requireApiAccess(request, runtime, 'giving')
  throw new MethodNotAllowedError(['GET'])
})
