import { ArrowLeft, Printer } from 'lucide-react'
import { data, Link } from 'react-router'
import { Temporal } from 'temporal-polyfill'

import type { Route } from './+types/tax-chy3.ts'
import { actorFromSession, requireArea } from '#app/auth/session.server.ts'
import { Button } from '#app/components/ui/button.tsx'
import { churchTimeZone, getChurchInfo } from '#app/content/church-info/model.server.ts'
import { runtimeContext } from '#app/context.ts'
import { adminMeta } from '#app/lib/admin-meta.ts'
import { recordActivity } from '#app/models/activity.server.ts'
import { getGivingSettings } from '#app/models/settings.server.ts'
import { getDonorName } from './certificates.server.ts'

export const meta = () => adminMeta('CHY3 certificate')

/** A CHY3 made out to a donor without one: their name, the church's name and charity number, ready to print. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const session = requireArea(context, 'giving')
  const runtime = context.get(runtimeContext)
  const { db } = runtime
  const donor = await getDonorName({ db, id: params.donorId })
  if (!donor) throw data('There is no such donor', { status: 404 })
  const [church, giving, zone] = await Promise.all([
    getChurchInfo({ db }),
    getGivingSettings({ db }),
    churchTimeZone({ db }),
  ])
  const thisYear = Temporal.Instant.fromEpochMilliseconds(runtime.clock.now().getTime()).toZonedDateTimeISO(
    zone,
  ).year
  const asked = Number(new URL(request.url).searchParams.get('year'))
  const firstYear = Number.isInteger(asked) && asked >= 2000 && asked <= 9999 ? asked : thisYear
  await recordActivity({
    db,
    actor: actorFromSession(session, runtime.clock),
    action: 'viewed',
    section: 'tax_reclaim',
    itemId: donor.id,
    itemTitle: `A CHY3 to send a donor, from ${firstYear}`,
  })
  return {
    donor: { name: donor.name ?? '', email: donor.email },
    church: {
      name: church?.name ?? '',
      address: church?.address ?? '',
      charityNumber: giving.charity_number,
    },
    firstYear,
  }
}

/** A line to write on, with its label under it. */
function Blank({ label, value, wide }: { label: string; value?: string | null; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <p className="min-h-8 border-b border-gray-500 pb-1 text-base font-medium text-gray-950">
        {value || ' '}
      </p>
      <p className="mt-1 text-xs text-gray-600">{label}</p>
    </div>
  )
}

export default function Chy3Page({ loaderData }: Route.ComponentProps) {
  const { donor, church, firstYear } = loaderData
  const lastYear = firstYear + 4
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link
          to={`/admin/funds/tax-year?year=${firstYear}`}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Tax year {firstYear}
        </Link>
        <Button type="button" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Print
        </Button>
      </div>
      {church.charityNumber ? null : (
        <p className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 print:hidden">
          The church’s charity number is not in Settings (Giving) yet: it belongs on this certificate.
        </p>
      )}
      <article className="mx-auto max-w-3xl rounded-lg border border-gray-200 bg-white p-6 text-gray-900 shadow-xs sm:p-10 print:max-w-none print:border-0 print:p-0 print:shadow-none">
        <p className="text-sm font-medium tracking-wide text-gray-600 uppercase">
          Charitable Donation Scheme
        </p>
        <h1 className="mt-1 text-2xl font-semibold text-gray-950">
          Enduring certificate (CHY3) for donations to an approved body
        </h1>
        <p className="mt-1 text-sm text-gray-600">Section 848A, Taxes Consolidation Act 1997</p>

        <h2 className="mt-8 text-lg font-semibold text-gray-950">The approved body</h2>
        <div className="mt-3 grid gap-5 sm:grid-cols-2">
          <Blank label="Name of the approved body" value={church.name} />
          <Blank label="Charity number (CHY)" value={church.charityNumber} />
          <Blank label="Address" value={church.address} wide />
        </div>

        <h2 className="mt-8 text-lg font-semibold text-gray-950">The donor</h2>
        <div className="mt-3 grid gap-5 sm:grid-cols-2">
          <Blank label="Full name" value={donor.name} />
          <Blank label="PPSN" />
          <Blank label="Address" wide />
        </div>

        <h2 className="mt-8 text-lg font-semibold text-gray-950">Declaration</h2>
        <div className="mt-3 space-y-3 text-sm leading-relaxed">
          <p>
            I, the donor named above, declare that I have made or will make one or more donations to{' '}
            <strong>{church.name || 'the approved body named above'}</strong> in each of the years of
            assessment <strong>{`${firstYear} to ${lastYear}`}</strong> that together come to at least €250 in
            a year.
          </p>
          <p>
            I have paid, or will pay, income tax or capital gains tax for each of those years of at least the
            tax the approved body reclaims on my donations, and I will tell the approved body if that changes.
          </p>
          <p>
            I understand that this certificate covers the five years named above, that the approved body will
            claim a refund of tax on my donations from the Revenue Commissioners, and that no benefit was or
            will be received by me or anyone connected with me for these donations.
          </p>
        </div>
        <div className="mt-8 grid gap-5 sm:grid-cols-2">
          <Blank label="Signature of the donor" />
          <Blank label="Date" />
          <Blank label="Telephone or e-mail (optional)" value={donor.email} wide />
        </div>
        <p className="mt-8 text-xs text-gray-600">
          Please sign and return this certificate to {church.name || 'the approved body'}. Your PPSN is kept
          sealed and is given only to the Revenue Commissioners with the claim.
        </p>
      </article>
    </>
  )
}

// A role that may not use this page sees why, inside the admin.
export { AdminErrorBoundary as ErrorBoundary } from '#app/components/admin/admin-error-boundary.tsx'
