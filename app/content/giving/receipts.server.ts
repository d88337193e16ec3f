import crypto from 'node:crypto'

import { churchTimeZone, getChurchInfo } from '#app/content/church-info/model.server.ts'
import { pagePath } from '#app/content/registry.ts'
import type { Db } from '#app/db/database.server.ts'
import type { Clock } from '#app/lib/clock.ts'
import { escapeHtml } from '#app/lib/escape.ts'
import { languagePath } from '#app/lib/languages.ts'
import { inLocale } from '#app/models/locale.server.ts'
import { parseTranslations } from '#app/models/translations.server.ts'
import { textsFor } from '#app/i18n/texts.ts'
import { enqueueMail, type OutgoingMail } from '#app/models/outbox.server.ts'
import { getGivingSettings } from '#app/models/settings.server.ts'
import { readSiteLanguages } from '#app/models/translations.server.ts'
import { mailLinkOrigin, type SiteAddress } from '#app/server/site-address.server.ts'

import { claimReceipt } from './gifts-model.server.ts'

/** What receipts and statements are made with. */
export interface ReceiptDeps {
  db: Db
  clock: Clock
  siteAddress: Pick<SiteAddress, 'get'>
  /** The server's secret: the customer portal's links are signed with it. */
  secret: string
}

/** How long a receipt's link to Stripe's customer portal works. */
const PORTAL_LINK_DAYS = 400
const DAY_MS = 24 * 60 * 60 * 1000

/** The signature of a donor's link to Stripe's customer portal, valid until the day `until` (days since 1970). */
export function portalSignature(secret: string, donorId: string, until: number) {
  const key = Buffer.from(crypto.hkdfSync('sha256', secret, 'lampstand', 'giving-portal', 32))
  return crypto.createHmac('sha256', key).update(`portal:${donorId}:${until}`).digest('base64url')
}

/** Whether a portal link's signature is right and its day not past; the donor's id when it is. */
export function checkPortalLink(
  secret: string,
  params: URLSearchParams,
  now: Date,
): { donorId: string; language: string } | null {
  const donorId = params.get('donor') ?? ''
  const until = Number(params.get('until'))
  const given = Buffer.from(params.get('sig') ?? '')
  if (!donorId || !Number.isInteger(until) || until < Math.floor(now.getTime() / DAY_MS)) return null
  const expected = Buffer.from(portalSignature(secret, donorId, until))
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null
  return { donorId, language: (params.get('lang') ?? '').slice(0, 10) }
}

/** The signed address on our site that opens a donor's Stripe customer portal session. */
function portalLink(deps: ReceiptDeps, origin: string, donorId: string, language: string) {
  const until = Math.floor(deps.clock.now().getTime() / DAY_MS) + PORTAL_LINK_DAYS
  const params = new URLSearchParams({
    donor: donorId,
    until: String(until),
    lang: language,
    sig: portalSignature(deps.secret, donorId, until),
  })
  return `${origin}/api/giving/portal?${params}`
}

/** What every receipt and statement says of the church, read once per batch. */
async function letterhead(deps: ReceiptDeps) {
  const [info, settings, zone, languages, links] = await Promise.all([
    getChurchInfo({ db: deps.db }),
    getGivingSettings({ db: deps.db }),
    churchTimeZone({ db: deps.db }),
    readSiteLanguages({ db: deps.db }),
    mailLinkOrigin(deps.siteAddress),
  ])
  return { church: info?.name || 'the church', charity: settings.charity_number, zone, languages, links }
}

const money = (cents: number, language: string) =>
  new Intl.NumberFormat(language === 'ml' ? 'ml-IN' : 'en-IE', { style: 'currency', currency: 'EUR' }).format(
    cents / 100,
  )

const day = (iso: string, language: string, zone: string) =>
  new Intl.DateTimeFormat(language === 'ml' ? 'ml-IN' : 'en-IE', {
    dateStyle: 'long',
    timeZone: zone,
  }).format(new Date(iso))

/**
 * Queues the receipt of each gift that has just succeeded and has a donor with an address, once per gift
 * (claimReceipt), in the donor's language (the page they gave from), in the caller's transaction. Failed and
 * processing gifts get none.
 */
export async function queueReceipts({
  db,
  deps,
  giftIds,
}: {
  db: Db
  deps: ReceiptDeps
  giftIds: readonly string[]
}) {
  if (giftIds.length === 0) return 0
  const now = deps.clock.now()
  let head: Awaited<ReturnType<typeof letterhead>> | null = null
  const mails: OutgoingMail[] = []
  for (const id of new Set(giftIds)) {
    const claimed = await claimReceipt({ db, id, now: now.toISOString() })
    if (!claimed) continue
    head ??= await letterhead({ ...deps, db })
    mails.push(receiptMail(deps, head, claimed))
  }
  if (mails.length > 0) await enqueueMail({ db, mail: mails, now: now.getTime() })
  return mails.length
}

type Claimed = NonNullable<Awaited<ReturnType<typeof claimReceipt>>>

function receiptMail(
  deps: ReceiptDeps,
  head: Awaited<ReturnType<typeof letterhead>>,
  { gift, donor, fund }: Claimed,
): OutgoingMail {
  const language = gift.language
  const t = textsFor(language)
  const fundName = fund
    ? inLocale('funds', [{ name: fund.name, translations: parseTranslations(fund.translations) }], {
        language,
        languages: head.languages,
      })[0]!.name
    : ''
  const method =
    gift.method === 'card' || gift.method === 'sepa_debit' ? t(`give.receipt.${gift.method}`) : null
  const rows: Array<[string, string]> = [
    [t('give.receipt.amount'), money(gift.amount_cents, language)],
    [t('give.receipt.fund'), fundName],
    [t('give.receipt.date'), day(gift.cleared_at ?? gift.given_at, language, head.zone)],
    ...(method ? ([[t('give.receipt.method'), method]] as Array<[string, string]>) : []),
    ...(gift.frequency === 'monthly' ? ([[t('give.receipt.monthly'), '✓']] as Array<[string, string]>) : []),
    ...(gift.mandate_reference
      ? ([[t('give.receipt.mandate'), gift.mandate_reference]] as Array<[string, string]>)
      : []),
    ...(head.charity ? ([[t('give.receipt.charity'), head.charity]] as Array<[string, string]>) : []),
  ]
  const manage =
    gift.frequency === 'monthly' && donor.stripe_customer_id
      ? portalLink(deps, head.links.origin, donor.id, language)
      : null
  const giveLink = `${head.links.origin}${languagePath(pagePath('give'), language, head.languages)}`
  return letter({
    to: donor.email,
    language,
    subject: t('give.receipt.subject', { church: head.church }),
    greeting: donor.name
      ? t('give.receipt.greeting', { name: donor.name })
      : t('give.receipt.greetingNoName'),
    intro: t('give.receipt.thanks', { church: head.church }),
    rows,
    after: [
      ...(manage
        ? [{ text: t('give.receipt.manage'), link: { href: manage, words: t('give.receipt.manageLink') } }]
        : []),
      { text: t('give.receipt.keep'), link: { href: giveLink, words: head.church } },
    ],
    refId: gift.id,
    sitePlaceholder: head.links.placeholder,
  })
}

/** A plain letter of a few lines and a table, as text and as HTML. */
export function letter(parts: {
  to: string
  language: string
  subject: string
  greeting: string
  intro: string
  rows: ReadonlyArray<readonly [string, string]>
  after: ReadonlyArray<{ text: string; link?: { href: string; words: string } }>
  refId: string
  sitePlaceholder: string | null
}): OutgoingMail {
  const text = [
    parts.greeting,
    '',
    parts.intro,
    '',
    ...parts.rows.map(([label, value]) => `${label}: ${value}`),
    '',
    ...parts.after.flatMap((line) => [line.text, ...(line.link ? [line.link.href] : []), '']),
  ].join('\n')
  const cell = 'padding:4px 12px 4px 0;text-align:left;vertical-align:top'
  const html = `<!doctype html><html lang="${escapeHtml(parts.language)}"><body style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#111">
<p>${escapeHtml(parts.greeting)}</p>
<p>${escapeHtml(parts.intro)}</p>
<table style="border-collapse:collapse">${parts.rows.map(([label, value]) => `<tr><th scope="row" style="${cell};font-weight:600">${escapeHtml(label)}</th><td style="${cell}">${escapeHtml(value)}</td></tr>`).join('')}</table>
${parts.after.map((line) => `<p>${escapeHtml(line.text)}${line.link ? ` <a href="${escapeHtml(line.link.href)}">${escapeHtml(line.link.words)}</a>` : ''}</p>`).join('\n')}
</body></html>`
  return {
    to: parts.to,
    subject: parts.subject,
    text,
    html,
    refId: parts.refId,
    sitePlaceholder: parts.sitePlaceholder,
  }
}

export { letterhead, money, day }
