import { ArrowLeft, Download, FileSignature, Printer, Receipt, Trash2 } from 'lucide-react'
import { Form, Link, useFetcher } from 'react-router'

import type { Route } from './+types/tax-admin.ts'
import { ConfirmActionDialog } from '#app/components/admin/confirm-action-dialog.tsx'
import { PageHeader } from '#app/components/admin/page-header.tsx'
import { CardHeading, cardClasses, guardedForm } from '#app/components/admin/settings-card.tsx'
import { useResultToast } from '#app/components/admin/use-result-toast.ts'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Select } from '#app/components/ui/select.tsx'
import type { AdminActionResult } from '#app/lib/admin-action-result.ts'
import { adminMeta } from '#app/lib/admin-meta.ts'
import { cn } from '#app/lib/cn.ts'
import { taxAdminAction, taxAdminLoader } from './tax-admin.server.ts'

export const meta = ({ data }: Route.MetaArgs) => adminMeta(`Tax year ${data?.year ?? ''}`.trim())

export const loader = taxAdminLoader
export const action = taxAdminAction

const euro = (cents: number) =>
  new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' }).format(cents / 100)

type Report = Route.ComponentProps['loaderData']['report']
type Donor = Report['donors'][number]

export default function TaxYearScreen({ loaderData }: Route.ComponentProps) {
  const { year, years, report, claim } = loaderData
  const certified = report.donors.filter((donor) => donor.certificate)
  const claimable = certified.filter((donor) => !donor.claimed)
  return (
    <>
      <Link
        to="/admin/funds"
        className="mb-3 inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Funds
      </Link>
      <PageHeader
        title={`Tax year ${year}`}
        description={`Ireland’s Charitable Donation Scheme: donors whose gifts in ${year} total ${euro(report.threshold_cents)} or more, and the tax the church reclaims on them (31/69 of the gifts).`}
      >
        <Form method="get" className="flex items-end gap-2">
          <div>
            <Label htmlFor="tax-year">Year</Label>
            <Select id="tax-year" name="year" defaultValue={String(year)} className="mt-1.5 w-28">
              {years.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </Select>
          </div>
          <Button type="submit" variant="outline">
            Show
          </Button>
        </Form>
      </PageHeader>

      <dl className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="Donors over the threshold" value={String(report.donors.length)} />
        <Figure label="To reclaim" value={euro(report.reclaim_cents)} />
        <Figure label="With a certificate" value={String(certified.length)} />
        <Figure label="Without one" value={String(report.donors.length - certified.length)} />
      </dl>

      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="tax-donors" className={cn(cardClasses, 'min-w-0 self-start')}>
          <h2 id="tax-donors" className="mb-4 text-lg font-semibold text-gray-950">
            Donors in {year}
          </h2>
          {report.donors.length === 0 ? (
            <p className="py-8 text-center text-sm text-gray-600">
              No donor’s gifts in {year} reach {euro(report.threshold_cents)} yet.
            </p>
          ) : (
            <ul className="-mx-5 divide-y divide-gray-100 border-t border-gray-100 sm:-mx-6">
              {report.donors.map((donor) => (
                <DonorRow key={donor.donor_id} donor={donor} year={year} />
              ))}
            </ul>
          )}
        </section>

        <div className="space-y-6">
          <section aria-labelledby="tax-claim" className={cardClasses}>
            <CardHeading id="tax-claim" icon={Receipt} title="The claim" />
            {claim.open ? (
              <>
                <p className="mb-3 text-sm text-gray-700">
                  {claimable.length === 0
                    ? 'No donor with a certificate waits to be claimed.'
                    : `${claimable.length} donor${claimable.length === 1 ? '' : 's'} with a certificate, ${euro(claimable.reduce((sum, donor) => sum + donor.reclaim_cents, 0))} to reclaim. Each donor-year goes in one claim only.`}
                </p>
                <a
                  href={`/api/giving/tax-years/${year}/claim.csv`}
                  className={buttonClasses({ variant: claimable.length ? 'default' : 'outline' })}
                  download
                >
                  <Download aria-hidden="true" />
                  Download the claim (CSV)
                </a>
              </>
            ) : (
              <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
                {claim.message}
              </p>
            )}
            {report.claims.length > 0 ? (
              <ul className="mt-4 space-y-1 text-sm text-gray-700">
                {report.claims.map((made) => (
                  <li key={made.id}>
                    Claimed on {made.made_at.slice(0, 10)}: {made.donors} donor{made.donors === 1 ? '' : 's'},{' '}
                    {euro(made.reclaim_cents)}
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
          {report.adjustments.length > 0 ? <Adjustments adjustments={report.adjustments} /> : null}
        </div>
      </div>
    </>
  )
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white px-4 py-3 shadow-xs">
      <dt className="text-xs font-medium text-gray-600">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-gray-950 tabular-nums">{value}</dd>
    </div>
  )
}

function DonorRow({ donor, year }: { donor: Donor; year: number }) {
  const name = donor.name ?? donor.email ?? 'A donor'
  const certificate = donor.certificate
  // The saved certificate's toast is shown from here: its form is gone once the donor has a certificate.
  const saving = useFetcher<AdminActionResult>({ key: `certificate-${donor.donor_id}` })
  useResultToast(saving.data, saving.state === 'idle')
  const deleting = useFetcher<AdminActionResult>({ key: `delete-certificate-${donor.donor_id}` })
  useResultToast(deleting.data, deleting.state === 'idle')
  return (
    <li className="px-5 py-3 text-sm sm:px-6">
      <div className="flex flex-wrap items-start gap-x-6 gap-y-2">
        <div className="min-w-0 flex-1 basis-48">
          <p className="font-medium text-gray-950">{name}</p>
          {donor.email && donor.name ? <p className="break-all text-gray-600">{donor.email}</p> : null}
        </div>
        <p className="w-28 text-gray-700 tabular-nums">
          <span className="block text-xs text-gray-500">Given</span>
          {euro(donor.total_cents)}
        </p>
        <p className="w-28 text-gray-700 tabular-nums">
          <span className="block text-xs text-gray-500">Reclaim</span>
          {euro(donor.reclaim_cents)}
        </p>
        <div className="basis-44">
          {certificate ? (
            <p className="text-gray-700">
              <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-900">
                {certificate.type}{' '}
                {certificate.first_year === certificate.last_year
                  ? certificate.first_year
                  : `${certificate.first_year}–${certificate.last_year}`}
              </span>{' '}
              <span className="font-mono" aria-label={`PPSN ending ${certificate.ppsn.slice(-3)}`}>
                {certificate.ppsn}
              </span>
              {donor.claimed ? (
                <span className="block text-xs text-gray-500">Claimed</span>
              ) : (
                // One entered wrongly: deleted with its sealed PPSN (one a claim was made with is kept: 409).
                <ConfirmActionDialog
                  title="Delete this certificate?"
                  description={`${name}’s ${certificate.type} certificate and its PPSN are deleted. Enter the right one afterwards; the donor is not told.`}
                  confirm="Delete certificate"
                  onConfirm={() =>
                    deleting.submit({ intent: 'delete-certificate', id: certificate.id }, { method: 'post' })
                  }
                >
                  <Button
                    variant="outline"
                    size="sm"
                    className="mt-2 flex"
                    disabled={deleting.state !== 'idle'}
                    aria-label={`Delete ${name}’s certificate`}
                  >
                    <Trash2 aria-hidden="true" />
                    Delete
                  </Button>
                </ConfirmActionDialog>
              )}
            </p>
          ) : (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
              No certificate
            </span>
          )}
        </div>
      </div>
      {certificate ? null : <CertificateForm donorId={donor.donor_id} name={name} year={year} />}
    </li>
  )
}

function CertificateForm({ donorId, name, year }: { donorId: string; name: string; year: number }) {
  const fetcher = useFetcher<AdminActionResult>({ key: `certificate-${donorId}` })
  const busy = fetcher.state !== 'idle'
  const failure = fetcher.data && !fetcher.data.ok ? fetcher.data : null
  const id = (field: string) => `certificate-${donorId}-${field}`
  return (
    <div className="mt-2 flex flex-wrap items-center gap-3">
      <Link
        to={`/admin/funds/tax-year/chy3/${donorId}?year=${year}`}
        className="inline-flex items-center gap-1.5 font-medium text-primary hover:underline"
      >
        <Printer aria-hidden="true" className="size-4" />
        CHY3 for {name} to sign
      </Link>
      <details className="w-full">
        <summary className="inline-flex cursor-pointer items-center gap-1.5 font-medium text-primary">
          <FileSignature aria-hidden="true" className="size-4" />
          Enter {name}’s certificate
        </summary>
        <fetcher.Form
          method="post"
          autoComplete="off"
          className="mt-3 grid gap-3 rounded-md border border-gray-200 bg-gray-50 p-3 sm:grid-cols-2"
          {...guardedForm(busy)}
        >
          <input type="hidden" name="donor_id" value={donorId} />
          {failure ? (
            <p role="alert" className="text-sm text-red-700 sm:col-span-2">
              {failure.error}
            </p>
          ) : null}
          <div>
            <Label htmlFor={id('type')}>Certificate</Label>
            <Select id={id('type')} name="type" defaultValue="CHY3" className="mt-1.5">
              <option value="CHY3">CHY3 (five years)</option>
              <option value="CHY4">CHY4 (one year)</option>
            </Select>
          </div>
          <div>
            <Label htmlFor={id('first_year')}>First year</Label>
            <Input
              id={id('first_year')}
              name="first_year"
              type="number"
              min={2000}
              max={9999}
              defaultValue={year}
              required
              className="mt-1.5"
            />
          </div>
          <div>
            <Label htmlFor={id('ppsn')}>PPSN</Label>
            <Input
              id={id('ppsn')}
              name="ppsn"
              required
              maxLength={12}
              spellCheck={false}
              autoCapitalize="characters"
              placeholder="1234567T"
              aria-invalid={failure?.fields?.ppsn ? true : undefined}
              aria-describedby={id('ppsn-note')}
              className="mt-1.5 font-mono"
            />
            <p id={id('ppsn-note')} className="mt-1 text-xs text-gray-600">
              Kept sealed; shown afterwards as its last three characters only.
            </p>
          </div>
          <label className="flex items-center gap-2 self-center text-sm text-gray-800">
            <input type="checkbox" name="associated" value="true" className="size-4" />
            Associated with the church (a member of staff, trustee or their family)
          </label>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving…' : 'Save certificate'}
            </Button>
          </div>
        </fetcher.Form>
      </details>
    </div>
  )
}

function Adjustments({ adjustments }: { adjustments: Report['adjustments'] }) {
  return (
    <section aria-labelledby="tax-adjustments" className={cardClasses}>
      <CardHeading id="tax-adjustments" icon={Receipt} title="Adjustments" />
      <p className="mb-3 text-sm text-gray-700">
        Gifts refunded or disputed after they were claimed: the claim stands, and the difference is to be
        settled with Revenue.
      </p>
      <ul className="space-y-2 text-sm text-gray-800">
        {adjustments.map((adjustment) => (
          <li key={adjustment.donor_id}>
            <span className="font-medium">{adjustment.name ?? 'A donor'}</span>: claimed{' '}
            {euro(adjustment.claimed_total_cents)}, now {euro(adjustment.total_cents)};{' '}
            <span className="font-medium text-red-800">{euro(adjustment.adjustment_cents)}</span> of the
            reclaim
          </li>
        ))}
      </ul>
    </section>
  )
}

// A role that may not use this page sees why, inside the admin.
export { AdminErrorBoundary as ErrorBoundary } from '#app/components/admin/admin-error-boundary.tsx'
