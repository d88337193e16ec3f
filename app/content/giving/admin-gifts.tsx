import { ChevronLeft, ChevronRight, Download } from 'lucide-react'
import { data, Form, Link } from 'react-router'

import type { Route } from './+types/admin-gifts.ts'
import { requireArea } from '#app/auth/session.server.ts'
import { PageHeader } from '#app/components/admin/page-header.tsx'
import { PageLink } from '#app/components/admin/page-link.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { runtimeContext } from '#app/context.ts'
import { adminMeta } from '#app/lib/admin-meta.ts'
import { cn } from '#app/lib/cn.ts'
import { donorView, giftsScreen } from './gifts-screen.server.ts'
import { GIFT_STATUSES } from './schema.ts'

export const meta = () => adminMeta('Gifts')

/** Treasurers and administrators (issue 49): the gifts with filters, or one donor (`?donor=`: logged). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireArea(context, 'giving')
  const runtime = context.get(runtimeContext)
  const params = new URL(request.url).searchParams
  const donorId = params.get('donor')
  if (donorId) {
    const view = await donorView(runtime, session, donorId.slice(0, 100))
    if (!view) throw data('No such donor', { status: 404 })
    return { kind: 'donor' as const, ...view }
  }
  return { kind: 'list' as const, ...(await giftsScreen(runtime, params)) }
}

/** Nothing is posted to this screen; a post is refused like a read to those who may not see it. */
export function action({ context }: Route.ActionArgs) {
  requireArea(context, 'giving', { inAction: true })
  throw data('Nothing can be sent to the Gifts screen', { status: 405 })
}

const STATUS_COLOURS: Record<string, string> = {
  processing: 'bg-sky-100 text-sky-900',
  succeeded: 'bg-green-100 text-green-900',
  failed: 'bg-gray-100 text-gray-700',
  refunded: 'bg-amber-100 text-amber-900',
  disputed: 'bg-red-100 text-red-900',
}

const euro = (cents: number) =>
  new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' }).format(cents / 100)

type Row = Extract<Route.ComponentProps['loaderData'], { kind: 'list' }>['gifts'][number]

function GiftsTable({ gifts, zone, withDonor }: { gifts: Row[]; zone: string; withDonor: boolean }) {
  const day = (iso: string) =>
    new Intl.DateTimeFormat('en-IE', { dateStyle: 'medium', timeZone: zone }).format(new Date(iso))
  if (gifts.length === 0)
    return <p className="rounded-lg bg-white p-6 text-gray-600 shadow-xs">No gifts match.</p>
  return (
    <>
      {/* A phone: one card per gift, everything in view. */}
      <ul className="space-y-3 sm:hidden">
        {gifts.map((gift) => (
          <li key={gift.id} className="rounded-lg border border-gray-200 bg-white p-4 shadow-xs">
            <div className="flex items-baseline justify-between gap-3">
              <span className="text-lg font-semibold tabular-nums">{euro(gift.amount_cents)}</span>
              <StatusBadge status={gift.status} stopped={Boolean(gift.stopped_at)} />
            </div>
            <p className="mt-1 text-sm text-gray-700">
              {day(gift.given_at)} · {gift.fund} · {how(gift)}
            </p>
            {withDonor ? <p className="mt-1 text-sm">{donorCell(gift)}</p> : null}
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-lg border border-gray-200 bg-white shadow-xs sm:block">
        <table className="w-full text-left text-sm">
          <thead className="bg-gray-50 text-xs font-semibold tracking-wide text-gray-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">
                Date
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Amount
              </th>
              <th scope="col" className="px-4 py-3">
                Fund
              </th>
              {withDonor ? (
                <th scope="col" className="px-4 py-3">
                  Donor
                </th>
              ) : null}
              <th scope="col" className="px-4 py-3">
                How
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {gifts.map((gift) => (
              <tr key={gift.id}>
                <td className="px-4 py-3 whitespace-nowrap">{day(gift.given_at)}</td>
                <td className="px-4 py-3 text-right font-medium whitespace-nowrap tabular-nums">
                  {euro(gift.amount_cents)}
                </td>
                <td className="px-4 py-3">{gift.fund}</td>
                {withDonor ? <td className="px-4 py-3">{donorCell(gift)}</td> : null}
                <td className="px-4 py-3 whitespace-nowrap">{how(gift)}</td>
                <td className="px-4 py-3">
                  <StatusBadge status={gift.status} stopped={Boolean(gift.stopped_at)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}

const how = (gift: Row) =>
  `${gift.frequency === 'monthly' ? 'Monthly' : 'Once'}${
    gift.method ? `, ${gift.method === 'sepa_debit' ? 'SEPA' : gift.method}` : ''
  }${gift.benefit ? ', benefit' : ''}`

function donorCell(gift: Row) {
  return gift.donor_id ? (
    <Link className="text-primary underline" to={`?donor=${encodeURIComponent(gift.donor_id)}`}>
      {gift.donor ?? 'Donor'}
    </Link>
  ) : (
    <span className="text-gray-600">Not known yet</span>
  )
}

function StatusBadge({ status, stopped }: { status: string; stopped: boolean }) {
  return (
    <span className="whitespace-nowrap">
      <span
        className={cn(
          'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold capitalize',
          STATUS_COLOURS[status],
        )}
      >
        {status}
      </span>
      {stopped ? <span className="ml-2 text-xs text-gray-600">stopped</span> : null}
    </span>
  )
}

const selectClasses =
  'mt-1.5 block h-10 w-full rounded-md border border-gray-300 bg-white px-3 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-primary'

export default function GiftsScreen({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'donor') {
    const { donor, totals, gifts, zone } = loaderData
    return (
      <>
        <PageHeader
          title={donor.name || donor.email || 'Donor'}
          description={`${donor.email ?? 'No e-mail address'} · receipts in ${donor.language === 'ml' ? 'Malayalam' : 'English'}${
            donor.monthly ? ' · gives monthly' : ''
          }`}
        >
          <Link to="/admin/gifts" className={buttonClasses({ variant: 'outline' })}>
            <ChevronLeft aria-hidden="true" /> All gifts
          </Link>
        </PageHeader>
        {totals.length > 0 ? (
          <ul className="mb-6 flex flex-wrap gap-3" aria-label="Succeeded gifts by tax year">
            {totals.map((total) => (
              <li key={total.year} className="rounded-lg bg-white px-4 py-3 text-sm shadow-xs">
                <span className="block text-gray-600">{total.year}</span>
                <span className="text-lg font-semibold tabular-nums">{euro(total.cents)}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <GiftsTable gifts={gifts} zone={zone} withDonor={false} />
      </>
    )
  }
  const { filters, total, pages, gifts, funds, years, zone } = loaderData
  const query = new URLSearchParams()
  if (filters.status) query.set('status', filters.status)
  if (filters.fundId) query.set('fund', filters.fundId)
  if (filters.year) query.set('year', String(filters.year))
  const pageLink = (page: number) => {
    const next = new URLSearchParams(query)
    next.set('page', String(page))
    return `?${next}`
  }
  return (
    <>
      <PageHeader
        title="Gifts"
        description={`${total} ${total === 1 ? 'gift' : 'gifts'}: their status comes from Stripe. Only treasurers and administrators see this screen.`}
      >
        <a href={`/admin/gifts/export?${query}`} className={buttonClasses({ variant: 'outline' })} download>
          <Download aria-hidden="true" /> Export CSV
        </a>
      </PageHeader>
      <Form
        method="get"
        className="mb-6 grid gap-4 rounded-lg bg-white p-4 shadow-xs sm:grid-cols-4 sm:items-end"
      >
        <div>
          <label htmlFor="gifts-status" className="text-sm font-medium">
            Status
          </label>
          <select
            id="gifts-status"
            name="status"
            defaultValue={filters.status ?? ''}
            className={selectClasses}
          >
            <option value="">All</option>
            {GIFT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status.charAt(0).toUpperCase() + status.slice(1)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="gifts-fund" className="text-sm font-medium">
            Fund
          </label>
          <select id="gifts-fund" name="fund" defaultValue={filters.fundId ?? ''} className={selectClasses}>
            <option value="">All</option>
            {funds.map((fund) => (
              <option key={fund.id} value={fund.id}>
                {fund.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="gifts-year" className="text-sm font-medium">
            Tax year
          </label>
          <select id="gifts-year" name="year" defaultValue={filters.year ?? ''} className={selectClasses}>
            <option value="">All</option>
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClasses()}>
          Show
        </button>
      </Form>
      <GiftsTable gifts={gifts} zone={zone} withDonor />
      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-end gap-2 text-sm">
          <PageLink to={pageLink(filters.page - 1)} disabled={filters.page <= 1} label="Previous page">
            <ChevronLeft aria-hidden="true" />
          </PageLink>
          <span>
            Page {filters.page} of {pages}
          </span>
          <PageLink to={pageLink(filters.page + 1)} disabled={filters.page >= pages} label="Next page">
            <ChevronRight aria-hidden="true" />
          </PageLink>
        </nav>
      ) : null}
    </>
  )
}

// A role that may not use this page sees why, inside the admin.
export { AdminErrorBoundary as ErrorBoundary } from '#app/components/admin/admin-error-boundary.tsx'
