import { actorFromSession, type AdminSession } from '#app/auth/session.server.ts'
import { churchTimeZone } from '#app/content/church-info/model.server.ts'
import { csvStream } from '#app/lib/csv.ts'
import { parseWholeNumber } from '#app/lib/whole-number.ts'
import type { AppRuntime } from '#app/runtime.server.ts'

import { donorsById, getDonor, listDonorGifts, listGiftYears, logGivingAccess } from './gifts-model.server.ts'
import { type Gift, listFunds, listGifts } from './model.server.ts'
import { GIFT_STATUSES, type GiftStatus } from './schema.ts'

/** Gifts per page of the Gifts screen. */
export const GIFTS_PAGE_SIZE = 50

/** The Gifts screen's filters as its address gives them (`?status=&fund=&year=&page=`); unknown values are none. */
export function giftFilters(params: URLSearchParams) {
  const status = params.get('status') ?? ''
  const year = parseWholeNumber(params.get('year') ?? '', { min: 2000, max: 9999 })
  const page = parseWholeNumber(params.get('page') ?? '', { min: 1, max: 1_000_000 }) ?? 1
  return {
    status: (GIFT_STATUSES as readonly string[]).includes(status) ? (status as GiftStatus) : undefined,
    fundId: params.get('fund')?.slice(0, 100) || undefined,
    year: year ?? undefined,
    page,
  }
}

/** A gift as the screen and the CSV show it: its fund's and donor's names beside it. */
function shown(
  gift: Gift,
  funds: Map<string, string>,
  donors: Map<string, { name: string | null; email: string | null }>,
) {
  const donor = gift.donor_id ? donors.get(gift.donor_id) : undefined
  return {
    id: gift.id,
    given_at: gift.given_at,
    cleared_at: gift.cleared_at,
    amount_cents: gift.amount_cents,
    fund: funds.get(gift.fund_id) ?? '',
    donor_id: gift.donor_id,
    donor: donor?.name || donor?.email || null,
    frequency: gift.frequency,
    method: gift.method,
    status: gift.status,
    tax_year: gift.tax_year,
    benefit: gift.benefit,
    stopped_at: gift.stopped_at,
  }
}

/** The Gifts screen's page: a page of the filtered gifts with their total, and the filters' choices. */
export async function giftsScreen(runtime: AppRuntime, params: URLSearchParams) {
  const { db } = runtime
  const filters = giftFilters(params)
  const [{ items, total }, funds, years, zone] = await Promise.all([
    listGifts({
      db,
      status: filters.status,
      fundId: filters.fundId,
      year: filters.year,
      limit: GIFTS_PAGE_SIZE,
      offset: (filters.page - 1) * GIFTS_PAGE_SIZE,
    }),
    listFunds({ db }),
    listGiftYears({ db }),
    churchTimeZone({ db }),
  ])
  const fundNames = new Map(funds.map((fund) => [fund.id, fund.name]))
  const donors = await donorsById({
    db,
    ids: items.flatMap((gift) => (gift.donor_id ? [gift.donor_id] : [])),
  })
  return {
    filters,
    total,
    zone,
    pages: Math.max(1, Math.ceil(total / GIFTS_PAGE_SIZE)),
    gifts: items.map((gift) => shown(gift, fundNames, donors)),
    funds: funds.map((fund) => ({ id: fund.id, name: fund.name })),
    years,
  }
}

/** One donor and every gift of theirs; the view is in the activity log (issue 49). Null when there is none. */
export async function donorView(runtime: AppRuntime, session: AdminSession, donorId: string) {
  const { db } = runtime
  const donor = await getDonor({ db, id: donorId })
  if (!donor) return null
  await logGivingAccess({
    db,
    actor: actorFromSession(session, runtime.clock),
    action: 'viewed',
    itemId: donor.id,
    title: `Donor ${donor.name || donor.email || donor.id}`,
  })
  const [gifts, funds, zone] = await Promise.all([
    listDonorGifts({ db, donorId }),
    listFunds({ db }),
    churchTimeZone({ db }),
  ])
  const fundNames = new Map(funds.map((fund) => [fund.id, fund.name]))
  const donors = new Map([[donor.id, { name: donor.name, email: donor.email }]])
  const succeeded = gifts.filter((gift) => gift.status === 'succeeded')
  return {
    zone,
    donor: {
      id: donor.id,
      name: donor.name,
      email: donor.email,
      language: donor.language,
      since: donor.created_at,
      monthly: gifts.some(
        (gift) => gift.frequency === 'monthly' && gift.stripe_checkout_session_id && !gift.stopped_at,
      ),
    },
    totals: [...new Set(succeeded.map((gift) => gift.tax_year))].map((year) => ({
      year,
      cents: succeeded
        .filter((gift) => gift.tax_year === year)
        .reduce((sum, gift) => sum + gift.amount_cents, 0),
    })),
    gifts: gifts.map((gift) => shown(gift, fundNames, donors)),
  }
}

const CSV_COLUMNS = [
  'id',
  'given_at',
  'cleared_at',
  'tax_year',
  'amount_eur',
  'fund',
  'frequency',
  'method',
  'status',
  'benefit',
  'donor_name',
  'donor_email',
] as const

/** The filtered gifts as CSV, page by page; the download is in the activity log. */
export async function giftsCsv(runtime: AppRuntime, session: AdminSession, params: URLSearchParams) {
  const { db } = runtime
  const filters = giftFilters(params)
  await logGivingAccess({
    db,
    actor: actorFromSession(session, runtime.clock),
    action: 'exported',
    itemId: null,
    title: `Gifts${filters.status ? `, ${filters.status}` : ''}${filters.year ? `, ${filters.year}` : ''}${
      filters.fundId ? ', one fund' : ''
    } (CSV)`,
  })
  const funds = new Map((await listFunds({ db })).map((fund) => [fund.id, fund.name]))
  async function* pages() {
    for (let offset = 0; ; offset += 500) {
      const { items } = await listGifts({
        db,
        status: filters.status,
        fundId: filters.fundId,
        year: filters.year,
        limit: 500,
        offset,
      })
      if (items.length === 0) return
      const donors = await donorsById({
        db,
        ids: items.flatMap((gift) => (gift.donor_id ? [gift.donor_id] : [])),
      })
      yield items.map((gift) => {
        const donor = gift.donor_id ? donors.get(gift.donor_id) : undefined
        return {
          id: gift.id,
          given_at: gift.given_at,
          cleared_at: gift.cleared_at,
          tax_year: gift.tax_year,
          amount_eur: (gift.amount_cents / 100).toFixed(2),
          fund: funds.get(gift.fund_id) ?? '',
          frequency: gift.frequency,
          method: gift.method,
          status: gift.status,
          benefit: gift.benefit ? 'yes' : 'no',
          donor_name: donor?.name ?? null,
          donor_email: donor?.email ?? null,
        }
      })
      if (items.length < 500) return
    }
  }
  return csvStream(CSV_COLUMNS, pages())
}
