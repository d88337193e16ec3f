import { Temporal } from 'temporal-polyfill'

import { churchTimeZone } from '#app/content/church-info/model.server.ts'
import { inTransaction } from '#app/db/database.server.ts'
import { textsFor } from '#app/i18n/texts.ts'
import { enqueueMail } from '#app/models/outbox.server.ts'

import { claimStatement, getDonor, listDonorGifts, listStatementsDue } from './gifts-model.server.ts'
import { day, letter, letterhead, money, type ReceiptDeps } from './receipts.server.ts'

/** Statements queued per batch (each in its own transaction). */
const STATEMENTS_PER_BATCH = 100
const MAX_BATCHES = 50

/**
 * The January statements: in January (the church's zone), each donor with an address and succeeded gifts in the
 * year before gets the list and total of that year's succeeded gifts, once (giving_statements' key: any worker of
 * any instance may run this, at any time of the month). Answers how many were queued.
 */
export async function runDueStatements(deps: ReceiptDeps) {
  const { db, clock } = deps
  const zone = await churchTimeZone({ db })
  const today = Temporal.Instant.fromEpochMilliseconds(clock.now().getTime()).toZonedDateTimeISO(zone)
  if (today.month !== 1) return 0
  const year = today.year - 1
  let queued = 0
  // Bounded: a batch that cannot be sent (it throws) is tried again at the next check, not in a loop.
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const due = await listStatementsDue({ db, year, limit: STATEMENTS_PER_BATCH })
    if (due.length === 0) return queued
    const head = await letterhead(deps)
    for (const { donor_id, total_cents } of due) {
      const total = Number(total_cents)
      await inTransaction(db, async (trx) => {
        const now = clock.now()
        if (
          !(await claimStatement({
            db: trx,
            donorId: donor_id,
            year,
            totalCents: total,
            now: now.toISOString(),
          }))
        )
          return
        const donor = (await getDonor({ db: trx, id: donor_id }))!
        const gifts = (await listDonorGifts({ db: trx, donorId: donor_id, year })).filter(
          (gift) => gift.status === 'succeeded',
        )
        const t = textsFor(donor.language)
        const rows = gifts.toReversed().map(
          (gift) =>
            [
              day(gift.cleared_at ?? gift.given_at, donor.language, head.zone),
              // A part refund: the gift counts less what was given back, and says so.
              gift.refunded_cents > 0
                ? `${money(gift.amount_cents - gift.refunded_cents, donor.language)} (${t('give.statement.partlyRefunded')})`
                : money(gift.amount_cents, donor.language),
            ] as const,
        )
        await enqueueMail({
          db: trx,
          mail: letter({
            to: donor.email!,
            language: donor.language,
            subject: t('give.statement.subject', { church: head.church, year }),
            greeting: donor.name
              ? t('give.receipt.greeting', { name: donor.name })
              : t('give.receipt.greetingNoName'),
            intro: t('give.statement.intro', { church: head.church, year }),
            rows: [
              ...rows,
              [t('give.statement.total', { year }), money(total, donor.language)],
              ...(head.charity ? ([[t('give.receipt.charity'), head.charity]] as const) : []),
            ],
            after: [{ text: t('give.statement.note') }, { text: t('give.receipt.keep') }],
            refId: donor.id,
            sitePlaceholder: head.links.placeholder,
          }),
          now: now.getTime(),
        })
        queued++
      })
    }
  }
  return queued
}
