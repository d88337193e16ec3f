import type { Route } from './+types/tax-api.year.route.ts'
import { actorFromSession, requireApiAccess } from '#app/auth/session.server.ts'
import { MethodNotAllowedError } from '#app/lib/errors.ts'
import { apiHandler, json } from '#app/server/api.server.ts'
import { parseTaxYear, viewTaxYear } from './tax-runtime.server.ts'

/**
 * Treasurers and administrators: a tax year's reclaim (issue 49). `donors` are those whose counted gifts total at
 * least `threshold_cents`, each with `total_cents`, `reclaim_cents` and whether a `certificate` covers the year
 * (and `claimed`); `reclaim_cents` the year's; `adjustments` the donor-years claimed whose gifts went down since;
 * `claim` whether its CSV may be downloaded yet. Editors get 403.
 */
export const loader = apiHandler<Route.LoaderArgs>(async ({ request, params, runtime }) => {
  const session = await requireApiAccess(request, runtime, 'giving')
  const year = parseTaxYear(params.year)
  const actor = actorFromSession(session, runtime.clock)
  const { report, claim } = await viewTaxYear({ runtime, year, actor })
  return json(
    {
      year: report.year,
      threshold_cents: report.threshold_cents,
      donors: report.donors.map((donor) => ({
        donor_id: donor.donor_id,
        total_cents: donor.total_cents,
        reclaim_cents: donor.reclaim_cents,
        certificate: donor.certificate !== null,
        claimed: donor.claimed,
      })),
      reclaim_cents: report.reclaim_cents,
      adjustments: report.adjustments.map(({ name: _name, ...adjustment }) => adjustment),
      claim: { available: claim.open, message: claim.message, claims: report.claims },
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
})

export const action = apiHandler<Route.ActionArgs>(async ({ request, runtime }) => {
  await requireApiAccess(request, runtime, 'giving')
  throw new MethodNotAllowedError(['GET'])
})
