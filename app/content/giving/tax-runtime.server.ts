import { churchTimeZone } from '#app/content/church-info/model.server.ts'
import { HttpError, ValidationError } from '#app/lib/errors.ts'
import { type Actor, recordActivity } from '#app/models/activity.server.ts'
import type { AppRuntime } from '#app/runtime.server.ts'

import { ppsnSealer } from './certificates.server.ts'
import { claimIsOpen, claimWaitMessage, makeClaim, taxYearReport } from './tax.server.ts'

/** A tax year from an address (`/api/giving/tax-years/2026`), or a 400 saying what one looks like. */
export function parseTaxYear(text: string | undefined | null) {
  const year = /^\d{4}$/.test(text ?? '') ? Number(text) : NaN
  if (!(year >= 2000 && year <= 9999)) {
    throw new ValidationError({ year: 'The tax year must be a year such as 2026' }, 'Invalid tax year')
  }
  return year
}

/** The tax year's report for a treasurer or administrator, their view of its donors logged. */
export async function viewTaxYear({
  runtime,
  year,
  actor,
}: {
  runtime: AppRuntime
  year: number
  actor: Actor
}) {
  const report = await taxYearReport({ db: runtime.db, year })
  await recordActivity({
    db: runtime.db,
    actor,
    action: 'viewed',
    section: 'tax_reclaim',
    itemTitle: `The tax year ${year}`,
  })
  const zone = await churchTimeZone({ db: runtime.db })
  const open = claimIsOpen({ year, now: runtime.clock.now(), zone })
  return { report, claim: { open, message: open ? null : claimWaitMessage(year) } }
}

/** The claim's CSV for `year`, once its 1 March has come (a 409 saying why it waits before). */
export async function downloadClaim({
  runtime,
  year,
  actor,
}: {
  runtime: AppRuntime
  year: number
  actor: Actor
}) {
  const zone = await churchTimeZone({ db: runtime.db })
  if (!claimIsOpen({ year, now: runtime.clock.now(), zone })) throw new HttpError(409, claimWaitMessage(year))
  return makeClaim({ db: runtime.db, sealer: ppsnSealer(runtime.secret), year, actor })
}

/** The claim's file name: `tax-claim-2026-made-2027-03-02.csv`. */
export function claimFileName(year: number, now: Date) {
  return `tax-claim-${year}-made-${now.toISOString().slice(0, 10)}.csv`
}
