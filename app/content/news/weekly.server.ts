import crypto from 'node:crypto'
import os from 'node:os'

import type pino from 'pino'

import { getChurchInfo } from '#app/content/church-info/model.server.ts'
import { DEFAULT_DIGEST_DAY, DEFAULT_DIGEST_HOUR } from '#app/content/church-info/schema.ts'
import { feedEvents } from '#app/content/events/events.server.ts'
import { timingOf } from '#app/dates/timing.ts'
import { todayIn } from '#app/dates/engine.ts'
import { eventPath } from '#app/content/events/seo.ts'
import { pagePath } from '#app/content/registry.ts'
import { getSpeaker, listPublishedSermons } from '#app/content/sermons/model.server.ts'
import { sermonPath } from '#app/content/sermons/seo.ts'
import { LIVE_PAGE } from '#app/content/services/live.server.ts'
import { listServices } from '#app/content/services/model.server.ts'
import { serviceTiming } from '#app/content/services/schema.ts'
import { type Db, inTransaction } from '#app/db/database.server.ts'
import { FALLBACK_CHURCH_NAME } from '#app/lib/church-text.ts'
import { HttpError } from '#app/lib/errors.ts'
import type { Clock } from '#app/lib/clock.ts'
import { escapeHtml } from '#app/lib/escape.ts'
import { languagePath } from '#app/lib/languages.ts'
import { DEFAULT_TIME_ZONE } from '#app/lib/time-zone.ts'
import type { Sealer } from '#app/lib/seal.server.ts'
import { enqueueMail, type OutgoingMail } from '#app/models/outbox.server.ts'
import { getDigestNotice } from '#app/models/settings.server.ts'
import { readSiteLanguages } from '#app/models/translations.server.ts'
import type { AppRuntime } from '#app/runtime.server.ts'
import { inLocale } from '#app/models/locale.server.ts'
import { mailLinkOrigin, type SiteAddress } from '#app/server/site-address.server.ts'

import { assembleDigest, type Digest, type DigestEntry, type DigestSermon } from './digest.ts'
import { digestMail } from './digest-mail.server.ts'
import {
  claimDigest,
  finishDigest,
  getDigest,
  recordDigestPreview,
  recordDigestProgress,
  skipDigest,
} from './digests-model.server.ts'
import { listActiveSubscribersAfter } from './model.server.ts'
import { DIGEST_LATEST_MS, digestPreviewAt, digestSendAt, digestWeek, nextDigestWeek } from './schedule.ts'
import type { Subscriber } from './schema.ts'

/** The most e-mails queued in one transaction (and subscribers read at once). */
export const DIGEST_BATCH = 500
/** A week's send is its worker's for this long after each batch: far longer than a batch takes. */
const DIGEST_LEASE_MS = 5 * 60 * 1000

export interface DigestPace {
  /** E-mails a minute (DIGEST_RATE). */
  rate: number
  /** E-mails a day (DIGEST_DAILY_LIMIT); the rest go the next day. */
  dailyLimit: number
}

export interface WeeklyNewsDeps {
  db: Db
  clock: Clock
  logger: pino.Logger
  secret: string
  siteAddress: Pick<SiteAddress, 'get'>
  mailSealer: Sealer
  /** The sender's address: the list is named after its domain. */
  from: string
  pace: DigestPace
}

/** This week's digest in one language, made from the site's records as of `now`; null when there is nothing new. */
export async function digestIn({
  db,
  clock,
  language,
  languages,
}: {
  db: Db
  clock: Clock
  language: string
  languages: readonly string[]
}): Promise<Digest | null> {
  const now = clock.now()
  // Every read in the subscriber's language (issue 46).
  const locale = { language, languages }
  const path = (page: string) => languagePath(page, language, languages)
  const [{ zone, events }, services, { sermons }, notice] = await Promise.all([
    feedEvents({ db, clock, locale }),
    listServices({ db, locale }),
    listPublishedSermons({ db, limit: 1, locale }),
    getDigestNotice({ db }),
  ])
  const entries: DigestEntry[] = [
    ...events.map((event) => ({
      kind: 'event' as const,
      title: event.title,
      location: event.location ?? null,
      path: path(eventPath(event.id)),
      timing: timingOf(event),
    })),
    ...services
      .filter((service) => service.starts_at)
      .map((service) => ({
        kind: 'service' as const,
        title: service.name,
        location: service.location ?? null,
        path: path(pagePath('services')),
        timing: serviceTiming(service),
        streamed: Boolean(service.streamed),
      })),
  ]
  const [newest] = sermons
  let sermon: DigestSermon | null = null
  if (newest) {
    const speaker = newest.speaker_id ? await getSpeaker({ db, id: newest.speaker_id, locale }) : null
    sermon = {
      title: newest.title,
      path: path(sermonPath(newest.id)),
      preached_on: newest.preached_on,
      speaker: speaker?.name ?? null,
    }
  }
  // Staff's notice, up to and including its last day (the church's), in this language or else the main one's.
  const current = notice && notice.expires_on >= todayIn(zone, now).toString() ? notice : null
  const noticeHtml = current ? current.html[language] || current.html[languages[0]!] || null : null
  return assembleDigest({
    zone,
    now,
    language,
    entries,
    sermon,
    livePath: path(LIVE_PAGE),
    notice: noticeHtml,
  })
}

/**
 * The weekly news (issue 48), when its time has come: at church info's `digest_day` and `digest_hour` in the
 * church's time zone, one worker of one instance claims the week (digests-model.server.ts, claimDigest),
 * makes the digest once per language and queues one e-mail per confirmed subscriber, in transactions of at most
 * DIGEST_BATCH, each recording how far it got: a worker killed halfway leaves its lease to run out and another
 * goes on from there, so every subscriber's e-mail is queued once. The e-mails leave at the list's pace
 * (`not_before`). Nothing new: nothing is sent, and the week says so. A week not started within a day of its
 * time is left alone (never sent late); one started but not finished within it is dropped. Called on a timer by
 * every worker; answers the week's outcome when this caller did something.
 */
export async function runDueDigest(
  deps: WeeklyNewsDeps,
  { owner = newOwner(), sendNow = false }: { owner?: string; sendNow?: boolean } = {},
) {
  const { db, clock, logger } = deps
  const info = await getChurchInfo({ db })
  const zone = info?.timezone
  if (!info || !zone) return null
  const now = clock.now()
  const when = {
    zone,
    day: info.digest_day ?? DEFAULT_DIGEST_DAY,
    hour: info.digest_hour ?? DEFAULT_DIGEST_HOUR,
    now,
  }
  // Staff's "Send now": the next week's, before its hour.
  const { week, dueAt } = sendNow ? nextDigestWeek(when) : digestWeek(when)
  const late = !sendNow && now.getTime() - dueAt.getTime() >= DIGEST_LATEST_MS
  // Read first: most calls find the week done (or being done) and write nothing.
  const seen = await getDigest({ db, week })
  const open =
    !seen ||
    (seen.status === 'pending' && !late) ||
    (seen.status === 'sending' && Number(seen.lease_until ?? 0) <= now.getTime())
  if (!open) return null
  if (!seen && late) return null
  const claimed = await claimDigest({
    db,
    week,
    dueAt: dueAt.toISOString(),
    owner,
    now: now.getTime(),
    leaseUntil: now.getTime() + DIGEST_LEASE_MS,
    startNew: !late,
  })
  if (!claimed) return null
  const finish = async (status: 'queued' | 'empty' | 'dropped') => {
    await finishDigest({ db, week, owner, status, now: clock.now().getTime() })
    logger.info({ week, status, recipients: claimed.recipients }, 'weekly news')
    return { week, status }
  }
  if (late) return finish('dropped')

  const languages = await readSiteLanguages({ db })
  const digests = new Map<string, Digest | null>()
  const digestOf = async (language: string) => {
    if (!digests.has(language)) {
      digests.set(language, await digestIn({ db, clock, language, languages }))
    }
    return digests.get(language)!
  }
  // Nothing new is nothing new in any language: the dates and the sermon are the same records.
  if (!(await digestOf(languages[0]!))) return finish('empty')

  const links = await mailLinkOrigin(deps.siteAddress)
  const church = (language: string) => {
    const [words] = inLocale('church_info', [info], { language, languages })
    return words?.name || FALLBACK_CHURCH_NAME
  }
  const start = Date.parse(claimed.started_at ?? now.toISOString())
  let lastId = claimed.last_subscriber_id
  let queued = claimed.recipients
  for (;;) {
    const batch = await listActiveSubscribersAfter({ db, afterId: lastId, limit: DIGEST_BATCH })
    if (batch.length === 0) break
    const mails: OutgoingMail[] = []
    for (const [index, subscriber] of batch.entries()) {
      const language = languages.includes(subscriber.language) ? subscriber.language : languages[0]!
      const digest = (await digestOf(language)) ?? (await digestOf(languages[0]!))!
      mails.push({
        ...mailOf(
          deps,
          { digest, subscriber: { ...subscriber, language }, churchName: church(language) },
          {
            origin: links.origin,
            sitePlaceholder: links.placeholder,
            churchEmail: info.email ?? null,
            languages,
          },
        ),
        notBefore: digestSendAt({ start, index: queued + index, ...deps.pace }),
      })
    }
    const last = batch.at(-1)!.id
    const held = await inTransaction(db, async (trx) => {
      const mine = await recordDigestProgress({
        db: trx,
        week,
        owner,
        lastSubscriberId: last,
        queued: batch.length,
        leaseUntil: clock.now().getTime() + DIGEST_LEASE_MS,
      })
      if (!mine) return false
      await enqueueMail({ db: trx, mail: mails, now: clock.now().getTime() })
      return true
    })
    // Another worker took the week over (this one outlived its lease): it goes on from the last batch recorded.
    if (!held) return null
    lastId = last
    queued += batch.length
    claimed.recipients = queued
    if (batch.length < DIGEST_BATCH) break
  }
  return finish('queued')
}

function mailOf(
  deps: WeeklyNewsDeps,
  { digest, subscriber, churchName }: { digest: Digest; subscriber: Subscriber; churchName: string },
  site: {
    origin: string
    sitePlaceholder: string | null
    churchEmail: string | null
    languages: readonly string[]
  },
) {
  return digestMail({
    digest,
    subscriber,
    churchName,
    churchEmail: site.churchEmail,
    origin: site.origin,
    sitePlaceholder: site.sitePlaceholder,
    secret: deps.secret,
    languages: site.languages,
    listDomain: deps.from.split('@')[1] ?? 'localhost',
    sealWith: deps.mailSealer,
  })
}

/**
 * Staff's preview of the next weekly news (Notifications' recipients), the day before at 18:00: the digest in the
 * site's main language as a subscriber gets it, with when it leaves and how to skip it or send it at once. Once
 * per week (the week becomes `pending`); none when there is nothing new, or the week was skipped already.
 */
export async function runDuePreview(deps: WeeklyNewsDeps & { recipients: readonly string[] }) {
  const { db, clock } = deps
  const info = await getChurchInfo({ db })
  const zone = info?.timezone
  if (!info || !zone || deps.recipients.length === 0) return null
  const now = clock.now()
  const { week, dueAt } = nextDigestWeek({
    zone,
    day: info.digest_day ?? DEFAULT_DIGEST_DAY,
    hour: info.digest_hour ?? DEFAULT_DIGEST_HOUR,
    now,
  })
  if (now < digestPreviewAt({ zone, week }) || (await getDigest({ db, week }))) return null
  const languages = await readSiteLanguages({ db })
  const language = languages[0]!
  const digest = await digestIn({ db, clock, language, languages })
  if (!digest) return null
  if (!(await recordDigestPreview({ db, week, dueAt: dueAt.toISOString() }))) return null
  const links = await mailLinkOrigin(deps.siteAddress)
  const [words] = inLocale('church_info', [info], { language, languages })
  const sample = mailOf(
    deps,
    {
      digest,
      subscriber: { id: 'preview', email: deps.recipients[0]!, language } as Subscriber,
      churchName: words?.name || FALLBACK_CHURCH_NAME,
    },
    { origin: links.origin, sitePlaceholder: links.placeholder, churchEmail: info.email ?? null, languages },
  )
  const leaves = dueAt.toLocaleString('en-IE', { timeZone: zone, dateStyle: 'full', timeStyle: 'short' })
  const note = [
    `Preview: this is the weekly news that goes to every confirmed subscriber on ${leaves}.`,
    `To skip this week or send it now: Subscribers in the admin, ${links.origin}/admin/subscribers`,
    '',
  ].join('\n')
  await enqueueMail({
    db,
    mail: deps.recipients.map((to) => ({
      ...sample,
      to,
      subject: `Preview: ${sample.subject}`,
      text: `${note}\n${sample.text}`,
      html: sample.html
        ?.replace('<body', `<body><p><strong>${escapeHtml(note)}</strong></p><div`)
        .replace('</body>', '</div></body>'),
      refId: null,
      headers: null,
      sealWith: null,
    })),
    now: now.getTime(),
  })
  return { week, status: 'pending' as const }
}

/**
 * Staff's "Send now": the next weekly news goes at once, at the list's pace. A 409 when e-mail is off, or the next
 * week was sent, skipped or started already; else the week as it now stands.
 */
export async function sendNextDigestNow(
  runtime: Pick<
    AppRuntime,
    'db' | 'clock' | 'logger' | 'secret' | 'siteAddress' | 'mailSealer' | 'env' | 'mail' | 'mailer'
  >,
) {
  if (!runtime.mail) throw new HttpError(409, 'E-mail is off: set SMTP_URL and MAIL_FROM first')
  const outcome = await runDueDigest(
    {
      ...runtime,
      from: runtime.mail.from.address,
      pace: { rate: runtime.env.DIGEST_RATE, dailyLimit: runtime.env.DIGEST_DAILY_LIMIT },
    },
    { sendNow: true },
  )
  if (!outcome) throw new HttpError(409, 'The next weekly news was sent, skipped or started already')
  runtime.mailer.wake()
  return (await getDigest({ db: runtime.db, week: outcome.week }))!
}

/** Staff's "Skip this week": the next weekly news is not sent (unless it has started already). */
export async function skipNextDigest({ db, clock }: Pick<WeeklyNewsDeps, 'db' | 'clock'>) {
  const info = await getChurchInfo({ db })
  const zone = info?.timezone ?? DEFAULT_TIME_ZONE
  const { week, dueAt } = nextDigestWeek({
    zone,
    day: info?.digest_day ?? DEFAULT_DIGEST_DAY,
    hour: info?.digest_hour ?? DEFAULT_DIGEST_HOUR,
    now: clock.now(),
  })
  return skipDigest({ db, week, dueAt: dueAt.toISOString() })
}

function newOwner() {
  return `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`
}
