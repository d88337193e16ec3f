import { type Db, inTransaction } from '#app/db/database.server.ts'
import { HttpError, NotFoundError } from '#app/lib/errors.ts'
import { newId } from '#app/lib/ids.server.ts'
import { createSealer, type Sealer } from '#app/lib/seal.server.ts'
import { type Actor, recordActivity } from '#app/models/activity.server.ts'

import { type CertificateInput, type CertificateType, lastYearOf, maskPpsn } from './tax-schema.ts'

/**
 * The sealer of PPSNs: AES-256-GCM under a key derived from the server's secret for this purpose only (decision
 * 0038). The database and its backups hold the sealed text; without AUTH_SECRET (or DATA_DIR's secret file) it
 * opens for no one.
 */
export function ppsnSealer(secret: string): Sealer {
  return createSealer(secret, 'ppsn')
}

/** A certificate as the screens and the API show it: the PPSN masked, never open. */
export interface Certificate {
  id: string
  donor_id: string
  type: CertificateType
  first_year: number
  last_year: number
  ppsn: string
  associated: boolean
  created_at: string
}

const SHOWN = [
  'id',
  'donor_id',
  'type',
  'first_year',
  'last_year',
  'ppsn_hint',
  'associated',
  'created_at',
] as const

const toCertificate = (row: {
  id: string
  donor_id: string
  type: string
  first_year: number
  last_year: number
  ppsn_hint: string
  associated: number
  created_at: string
}): Certificate => ({
  id: row.id,
  donor_id: row.donor_id,
  type: row.type as CertificateType,
  first_year: Number(row.first_year),
  last_year: Number(row.last_year),
  ppsn: maskPpsn(row.ppsn_hint),
  associated: Boolean(row.associated),
  created_at: row.created_at,
})

/**
 * Keeps a donor's certificate with its PPSN sealed, and logs it (the years and type, never the PPSN). A donor
 * unknown is a 404.
 */
export async function createCertificate({
  db,
  sealer,
  input,
  actor,
}: {
  db: Db
  sealer: Sealer
  input: CertificateInput
  actor: Actor
}): Promise<Certificate> {
  return inTransaction(db, async (trx) => {
    const donor = await trx.kysely
      .selectFrom('donors')
      .select('id')
      .where('id', '=', input.donor_id)
      .executeTakeFirst()
    if (!donor) throw new NotFoundError('There is no such donor')
    const now = actor.at.toISOString()
    const row = {
      id: newId(),
      donor_id: input.donor_id,
      type: input.type,
      first_year: input.first_year,
      last_year: lastYearOf(input.type, input.first_year),
      ppsn_sealed: sealer.seal(input.ppsn),
      ppsn_hint: input.ppsn.slice(-3),
      associated: input.associated ? 1 : 0,
      created_at: now,
      updated_at: now,
    }
    await trx.kysely.insertInto('tax_certificates').values(row).execute()
    const years =
      row.first_year === row.last_year ? `${row.first_year}` : `${row.first_year}–${row.last_year}`
    await recordActivity({
      db: trx,
      actor,
      action: 'created',
      section: 'tax_reclaim',
      itemId: input.donor_id,
      itemTitle: `A donor's ${input.type} certificate for ${years}`,
    })
    return toCertificate(row)
  })
}

/**
 * Deletes a certificate entered wrongly, its sealed PPSN with it, and logs it (the type and years, never the PPSN).
 * One a claim was made with stays: the claim named its PPSN to Revenue (409). An unknown id is a 404.
 */
export async function deleteCertificate({ db, id, actor }: { db: Db; id: string; actor: Actor }) {
  return inTransaction(db, async (trx) => {
    const row = await trx.kysely
      .selectFrom('tax_certificates')
      .select(['id', 'donor_id', 'type', 'first_year', 'last_year'])
      .where('id', '=', id)
      .executeTakeFirst()
    if (!row) throw new NotFoundError('There is no such certificate')
    const claimed = await trx.kysely
      .selectFrom('tax_claim_donors')
      .select('tax_year')
      .where('certificate_id', '=', id)
      .orderBy('tax_year')
      .executeTakeFirst()
    if (claimed) {
      throw new HttpError(
        409,
        `This certificate was used in the claim for ${claimed.tax_year}, so it cannot be deleted`,
      )
    }
    await trx.kysely.deleteFrom('tax_certificates').where('id', '=', id).execute()
    const first = Number(row.first_year)
    const last = Number(row.last_year)
    const years = first === last ? `${first}` : `${first}–${last}`
    await recordActivity({
      db: trx,
      actor,
      action: 'deleted',
      section: 'tax_reclaim',
      itemId: row.donor_id,
      itemTitle: `A donor's ${row.type} certificate for ${years}`,
    })
  })
}

/** The certificates that cover `year`, newest first, by donor (a donor's newest one is theirs for the year). */
export async function certificatesForYear({ db, year }: { db: Db; year: number }) {
  const rows = await db.kysely
    .selectFrom('tax_certificates')
    .select(SHOWN)
    .where('first_year', '<=', year)
    .where('last_year', '>=', year)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute()
  const byDonor = new Map<string, Certificate>()
  for (const row of rows) if (!byDonor.has(row.donor_id)) byDonor.set(row.donor_id, toCertificate(row))
  return byDonor
}

/** The sealed PPSNs of these certificates, for the claim's CSV only. */
export async function sealedPpsns({ db, ids }: { db: Db; ids: string[] }) {
  if (ids.length === 0) return new Map<string, string>()
  const rows = await db.kysely
    .selectFrom('tax_certificates')
    .select(['id', 'ppsn_sealed'])
    .where('id', 'in', ids)
    .execute()
  return new Map(rows.map((row) => [row.id, row.ppsn_sealed]))
}

/** A donor's name and e-mail, for the CHY3 made out to them; null when there is no such donor. */
export async function getDonorName({ db, id }: { db: Db; id: string }) {
  return (
    (await db.kysely
      .selectFrom('donors')
      .select(['id', 'name', 'email'])
      .where('id', '=', id)
      .executeTakeFirst()) ?? null
  )
}
