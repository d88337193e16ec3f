import { Temporal } from 'temporal-polyfill'

import { type Db, inTransaction } from '#app/db/database.server.ts'
import { csvRow } from '#app/lib/csv.ts'
import { HttpError } from '#app/lib/errors.ts'
import { newId } from '#app/lib/ids.server.ts'
import type { Sealer } from '#app/lib/seal.server.ts'
import { type Actor, recordActivity } from '#app/models/activity.server.ts'

import { type Certificate, certificatesForYear, sealedPpsns } from './certificates.server.ts'
import { reclaimCents, TAX_THRESHOLD_CENTS } from './tax-schema.ts'

/** A donor of the year whose gifts reach the threshold: what the church may reclaim, and on what certificate. */
export interface TaxYearDonor {
  donor_id: string
  name: string | null
  email: string | null
  total_cents: number
  reclaim_cents: number
  certificate: Certificate | null
  /** In a claim already (never in another). */
  claimed: boolean
}

/**
 * A donor-year claimed whose gifts went down since (a refund or a dispute after the claim): the claim stands, and
 * the difference is for the treasurer to settle with Revenue (decision 0038).
 */
export interface TaxAdjustment {
  donor_id: string
  name: string | null
  claimed_total_cents: number
  total_cents: number
  claimed_reclaim_cents: number
  /** What the donor-year would reclaim now (0 under the threshold). */
  reclaim_cents: number
  /** Now less claimed: what is owed back, as a negative number. */
  adjustment_cents: number
}

export interface TaxYear {
  year: number
  threshold_cents: number
  donors: TaxYearDonor[]
  reclaim_cents: number
  adjustments: TaxAdjustment[]
  claims: Array<{ id: string; made_at: string; donors: number; reclaim_cents: number }>
}

/**
 * Each donor's gifts that count in `year`: succeeded ones only (a refunded, disputed, failed or processing gift
 * does not), less what was refunded of them in part, never one marked as buying a benefit.
 */
async function donorTotals(db: Db, year: number) {
  const rows = await db.kysely
    .selectFrom('gifts')
    .innerJoin('donors', 'donors.id', 'gifts.donor_id')
    .select(['donors.id as donor_id', 'donors.name', 'donors.email'])
    .select((eb) =>
      eb.fn.sum<number | string>(eb('gifts.amount_cents', '-', eb.ref('gifts.refunded_cents'))).as('total'),
    )
    .where('gifts.tax_year', '=', year)
    .where('gifts.status', '=', 'succeeded')
    .where('gifts.benefit', '=', 0)
    .groupBy(['donors.id', 'donors.name', 'donors.email'])
    .execute()
  return new Map(rows.map((row) => [row.donor_id, { ...row, total: Number(row.total) }]))
}

async function claimedDonors(db: Db, year: number) {
  const rows = await db.kysely
    .selectFrom('tax_claim_donors')
    .innerJoin('donors', 'donors.id', 'tax_claim_donors.donor_id')
    .select(['tax_claim_donors.donor_id', 'donors.name', 'tax_claim_donors.total_cents'])
    .select('tax_claim_donors.reclaim_cents')
    .where('tax_claim_donors.tax_year', '=', year)
    .execute()
  return new Map(rows.map((row) => [row.donor_id, row]))
}

async function claimsOfYear(db: Db, year: number) {
  const rows = await db.kysely
    .selectFrom('tax_claims')
    .leftJoin('tax_claim_donors', 'tax_claim_donors.claim_id', 'tax_claims.id')
    .select(['tax_claims.id', 'tax_claims.made_at', 'tax_claims.reclaim_cents'])
    .select((eb) => eb.fn.count<number | string>('tax_claim_donors.donor_id').as('donors'))
    .where('tax_claims.tax_year', '=', year)
    .groupBy(['tax_claims.id', 'tax_claims.made_at', 'tax_claims.reclaim_cents'])
    .orderBy('tax_claims.made_at')
    .execute()
  return rows.map((row) => ({ ...row, donors: Number(row.donors), reclaim_cents: Number(row.reclaim_cents) }))
}

/**
 * The tax year's reclaim: the donors whose counted gifts total at least €250, largest first, with what each
 * reclaims (31/69) and whether a certificate covers the year; the year's total; the donor-years claimed whose gifts
 * went down since; the claims made.
 */
export async function taxYearReport({ db, year }: { db: Db; year: number }): Promise<TaxYear> {
  const [totals, certificates, claimed, claims] = await Promise.all([
    donorTotals(db, year),
    certificatesForYear({ db, year }),
    claimedDonors(db, year),
    claimsOfYear(db, year),
  ])
  const donors: TaxYearDonor[] = [...totals.values()]
    .filter((row) => row.total >= TAX_THRESHOLD_CENTS)
    .map((row) => ({
      donor_id: row.donor_id,
      name: row.name,
      email: row.email,
      total_cents: row.total,
      reclaim_cents: reclaimCents(row.total),
      certificate: certificates.get(row.donor_id) ?? null,
      claimed: claimed.has(row.donor_id),
    }))
    .sort((a, b) => b.total_cents - a.total_cents || (a.name ?? '').localeCompare(b.name ?? ''))
  const adjustments: TaxAdjustment[] = []
  for (const claim of claimed.values()) {
    const total = totals.get(claim.donor_id)?.total ?? 0
    const claimedTotal = Number(claim.total_cents)
    if (total >= claimedTotal) continue
    const now = total >= TAX_THRESHOLD_CENTS ? reclaimCents(total) : 0
    adjustments.push({
      donor_id: claim.donor_id,
      name: claim.name,
      claimed_total_cents: claimedTotal,
      total_cents: total,
      claimed_reclaim_cents: Number(claim.reclaim_cents),
      reclaim_cents: now,
      adjustment_cents: now - Number(claim.reclaim_cents),
    })
  }
  return {
    year,
    threshold_cents: TAX_THRESHOLD_CENTS,
    donors,
    reclaim_cents: donors.reduce((sum, donor) => sum + donor.reclaim_cents, 0),
    adjustments,
    claims,
  }
}

/** The first day a year's claim may be made: 1 March of the year after, past SEPA's 8-week chargeback window. */
export function claimOpensOn(year: number) {
  return Temporal.PlainDate.from({ year: year + 1, month: 3, day: 1 })
}

/** Whether `year`'s claim may be made at `now`, by the church's calendar. */
export function claimIsOpen({ year, now, zone }: { year: number; now: Date; zone: string }) {
  const today = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(zone).toPlainDate()
  return Temporal.PlainDate.compare(today, claimOpensOn(year)) >= 0
}

export const CLAIM_COLUMNS = ['name', 'ppsn', 'total', 'associated'] as const

/** Why a claim waits, in words for the treasurer (the API's 409 and the screen's note). */
export function claimWaitMessage(year: number) {
  const opens = claimOpensOn(year)
  return `The claim for ${year} can be made from 1 March ${opens.year}: until then a SEPA Direct Debit given in ${year} may still be charged back (8 weeks), and a gift taken back after a claim cannot be taken out of it`
}

function isUniqueViolation(error: unknown) {
  const { code, message } = error as { code?: unknown; message?: unknown }
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || /unique/i.test(String(message))
}

/**
 * Makes `year`'s claim: the donors of the year over the threshold with a certificate for it, not in an earlier
 * claim, each a row (name, PPSN opened from its seal, total in euro, associated yes/no). The claim and its
 * donor-years are recorded (never claimed again) and logged, in one transaction; the CSV itself is kept nowhere.
 * With nothing new to claim the CSV has its header only and nothing is recorded.
 */
export async function makeClaim({
  db,
  sealer,
  year,
  actor,
}: {
  db: Db
  sealer: Sealer
  year: number
  actor: Actor
}): Promise<{ csv: string; rows: number }> {
  try {
    return await inTransaction(db, async (trx) => {
      const report = await taxYearReport({ db: trx, year })
      const due = report.donors.filter((donor) => donor.certificate && !donor.claimed)
      const header = `\uFEFF${csvRow(CLAIM_COLUMNS)}`
      if (due.length === 0) return { csv: header, rows: 0 }
      const sealed = await sealedPpsns({ db: trx, ids: due.map((donor) => donor.certificate!.id) })
      const lines = due.map((donor) => {
        let ppsn: string
        try {
          ppsn = sealer.open(sealed.get(donor.certificate!.id) ?? '')
        } catch {
          // Sealed under another secret (AUTH_SECRET changed): the message names the donor, never a PPSN.
          throw new HttpError(
            409,
            `The certificate of ${donor.name ?? 'a donor'} cannot be read with this server's secret (AUTH_SECRET changed): enter it again, then download the claim`,
          )
        }
        const total = (donor.total_cents / 100).toFixed(2)
        return csvRow([donor.name, ppsn, total, donor.certificate!.associated ? 'yes' : 'no'])
      })
      const claimId = newId()
      const reclaim = due.reduce((sum, donor) => sum + donor.reclaim_cents, 0)
      await trx.kysely
        .insertInto('tax_claims')
        .values({
          id: claimId,
          tax_year: year,
          made_at: actor.at.toISOString(),
          made_by: actor.userId,
          total_cents: due.reduce((sum, donor) => sum + donor.total_cents, 0),
          reclaim_cents: reclaim,
        })
        .execute()
      await trx.kysely
        .insertInto('tax_claim_donors')
        .values(
          due.map((donor) => ({
            claim_id: claimId,
            donor_id: donor.donor_id,
            tax_year: year,
            certificate_id: donor.certificate!.id,
            total_cents: donor.total_cents,
            reclaim_cents: donor.reclaim_cents,
          })),
        )
        .execute()
      await recordActivity({
        db: trx,
        actor,
        action: 'exported',
        section: 'tax_reclaim',
        itemId: claimId,
        itemTitle: `The tax claim for ${year}: ${due.length} donor${due.length === 1 ? '' : 's'}, €${(reclaim / 100).toFixed(2)} to reclaim (CSV)`,
      })
      return { csv: header + lines.join(''), rows: due.length }
    })
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new HttpError(
        409,
        `Another claim for ${year} was being made at the same moment: download it again`,
      )
    }
    throw error
  }
}
