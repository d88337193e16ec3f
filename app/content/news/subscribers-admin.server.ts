import { getChurchInfo, saveChurchInfo } from '#app/content/church-info/model.server.ts'
import { DEFAULT_DIGEST_DAY, DEFAULT_DIGEST_HOUR } from '#app/content/church-info/schema.ts'
import { churchToday } from '#app/content/church-info/model.server.ts'
import { type Db, inTransaction } from '#app/db/database.server.ts'
import type { Clock } from '#app/lib/clock.ts'
import { FALLBACK_CHURCH_NAME } from '#app/lib/church-text.ts'
import { csvStream } from '#app/lib/csv.ts'
import { HttpError, NotFoundError, ValidationError } from '#app/lib/errors.ts'
import { htmlToText } from '#app/lib/html-to-text.ts'
import { sanitizeHtml } from '#app/lib/sanitize-html.server.ts'
import { DEFAULT_TIME_ZONE } from '#app/lib/time-zone.ts'
import { type Actor, recordActivity } from '#app/models/activity.server.ts'
import { saveDigestNotice } from '#app/models/settings.server.ts'
import { readSiteLanguages } from '#app/models/translations.server.ts'
import type { AppRuntime } from '#app/runtime.server.ts'
import { inLocale } from '#app/models/locale.server.ts'
import { mailLinkOrigin } from '#app/server/site-address.server.ts'

import { digestMail } from './digest-mail.server.ts'
import { countDigestMail, getDigest, listDigests } from './digests-model.server.ts'
import {
  addConsent,
  deleteWaitingMailOf,
  eraseSubscriber,
  getSubscriberById,
  listSubscribers,
  updateSubscriber,
} from './model.server.ts'
import { nextDigestWeek } from './schedule.ts'
import { type DigestStatus, NOTICE_MAX_CHARACTERS, type Subscriber, type SubscriberStatus } from './schema.ts'
import { digestIn, sendNextDigestNow, skipNextDigest } from './weekly.server.ts'

/**
 * What staff do on the Subscribers screen (issue 48): remove or erase an address, export the list, the coming
 * weekly news as subscribers will get it, the last weeks' sends and the day and hour they leave.
 */

/** The words a staff removal leaves in the consent history (its `wording`). */
export const REMOVAL_WORDING = 'Removed by staff'

/**
 * Staff remove a subscriber: they get nothing more, at once (their waiting e-mails are deleted), and the consent
 * history records it as a `removal`. A second removal changes nothing. The activity log names no address.
 */
export async function removeSubscriber({ db, id, actor }: { db: Db; id: string; actor: Actor }) {
  return inTransaction(db, async (trx) => {
    const subscriber = await getSubscriberById({ db: trx, id })
    if (!subscriber) throw new NotFoundError('There is no such subscriber')
    if (subscriber.status === 'unsubscribed') return subscriber
    await updateSubscriber({ db: trx, id, set: { status: 'unsubscribed' } })
    await deleteWaitingMailOf({ db: trx, subscriberId: id })
    await addConsent({
      db: trx,
      consent: {
        email: subscriber.email,
        at: actor.at.toISOString(),
        action: 'removal',
        wording: REMOVAL_WORDING,
        wording_version: null,
        language: subscriber.language,
        page: null,
      },
    })
    await recordActivity({
      db: trx,
      actor,
      action: 'removed',
      section: 'subscribers',
      itemId: id,
      itemTitle: 'A subscriber of the weekly news',
    })
    return { ...subscriber, status: 'unsubscribed' as const }
  })
}

/**
 * Staff erase a subscriber (a request to be forgotten): the row, the address's consent history and its e-mails,
 * overwritten in the database file too. The activity log keeps that it happened, without the address.
 */
export async function eraseSubscriberByStaff({ db, id, actor }: { db: Db; id: string; actor: Actor }) {
  if (!(await eraseSubscriber({ db, id }))) throw new NotFoundError('There is no such subscriber')
  await recordActivity({
    db,
    actor,
    action: 'erased',
    section: 'subscribers',
    itemTitle: 'A subscriber of the weekly news, with their consent history',
  })
}

const CSV_COLUMNS = [
  'email',
  'name',
  'language',
  'status',
  'suspended_reason',
  'created_at',
  'confirmed_at',
] as const
const CSV_PAGE = 500

/** The subscribers as CSV, page by page, all or those of a state and search. */
export function subscribersCsv({ db, status, q }: { db: Db; status?: SubscriberStatus; q?: string }) {
  async function* pages() {
    for (let offset = 0; ; offset += CSV_PAGE) {
      const { items } = await listSubscribers({ db, status, q, limit: CSV_PAGE, offset })
      if (items.length > 0) yield items
      if (items.length < CSV_PAGE) return
    }
  }
  return csvStream(CSV_COLUMNS, pages())
}

/** Church info's day and hour of the weekly news, and its time zone. */
async function digestTime(db: Db) {
  const info = await getChurchInfo({ db })
  return {
    info,
    zone: info?.timezone ?? DEFAULT_TIME_ZONE,
    day: info?.digest_day ?? DEFAULT_DIGEST_DAY,
    hour: info?.digest_hour ?? DEFAULT_DIGEST_HOUR,
  }
}

/**
 * The coming weekly news as its subscribers will get it, in each of the site's languages: the digest made as of
 * its hour from the records as they stand now (`html` null when there is nothing new: nothing would be sent),
 * with the week and what became of it so far (`status` null until its preview or skip).
 */
export async function comingDigest(
  runtime: Pick<AppRuntime, 'db' | 'clock' | 'secret' | 'siteAddress' | 'mail'>,
) {
  const { db } = runtime
  const { info, zone, day, hour } = await digestTime(db)
  const { week, dueAt } = nextDigestWeek({ zone, day, hour, now: runtime.clock.now() })
  const [languages, links, row] = await Promise.all([
    readSiteLanguages({ db }),
    mailLinkOrigin(runtime.siteAddress),
    getDigest({ db, week }),
  ])
  const atItsHour = { now: () => dueAt }
  const previews = await Promise.all(
    languages.map(async (language) => {
      const digest = await digestIn({ db, clock: atItsHour, language, languages })
      if (!digest || !info) return { language, subject: null, html: null }
      const [words] = inLocale('church_info', [info], { language, languages })
      const mail = digestMail({
        digest,
        subscriber: { id: 'preview', email: 'preview@example.org', language } satisfies Pick<
          Subscriber,
          'id' | 'email' | 'language'
        >,
        churchName: words?.name || FALLBACK_CHURCH_NAME,
        churchEmail: info.email ?? null,
        origin: links.origin,
        secret: runtime.secret,
        languages,
        listDomain: runtime.mail?.from.address.split('@')[1] ?? 'localhost',
        sealWith: null,
      })
      return { language, subject: mail.subject, html: mail.html ?? null }
    }),
  )
  const status = (row?.status ?? null) as DigestStatus | null
  return { week, dueAt: dueAt.toISOString(), zone, day, hour, status, previews }
}

/** The last weeks' sends, newest first, with their e-mails sent, waiting and refused. */
export async function recentDigests({ db }: { db: Db }) {
  const weeks = await listDigests({ db })
  return Promise.all(
    weeks.map(async (digest) => ({
      week: digest.week,
      status: digest.status as DigestStatus,
      recipients: Number(digest.recipients),
      due_at: digest.due_at,
      started_at: digest.started_at,
      finished_at: digest.finished_at,
      ...(await countDigestMail({ db, digest })),
    })),
  )
}

/** Changes the day (0–6, 0 = Sunday) and hour (0–23) the weekly news leaves: church info's `digest_day`, `digest_hour`. */
export async function saveDigestTime({
  db,
  day,
  hour,
  actor,
}: {
  db: Db
  day: string
  hour: string
  actor: Actor
}) {
  const info = await getChurchInfo({ db })
  if (!info) throw new ValidationError({ digest_day: 'Fill in Church Info first' })
  const { id: _id, created_at: _created, updated_at: _updated, ...fields } = info
  await saveChurchInfo({ db, data: { ...fields, digest_day: day, digest_hour: hour }, actor })
}

/**
 * Staff's notice in the weekly news (`notice_<language>`, one rich text per site language, and `notice_expires_on`):
 * made safe, at most NOTICE_MAX_CHARACTERS of text each, shown up to and including its last day — today at the
 * earliest, within NOTICE_MAX_DAYS. Every text empty: no notice.
 */
export async function saveDigestNoticeForm({
  db,
  clock,
  form,
  actor,
}: {
  db: Db
  clock: Clock
  form: FormData | URLSearchParams
  actor: Actor
}) {
  const languages = await readSiteLanguages({ db })
  const html: Record<string, string> = {}
  const fields: Record<string, string> = {}
  for (const language of languages) {
    const safe = sanitizeHtml(String(form.get(`notice_${language}`) ?? '')) ?? ''
    const words = htmlToText(safe).trim()
    if (!words) continue
    if (words.length > NOTICE_MAX_CHARACTERS) {
      fields[`notice_${language}`] =
        `The notice must be at most ${NOTICE_MAX_CHARACTERS} characters (it has ${words.length})`
    }
    html[language] = safe
  }
  if (Object.keys(html).length === 0) {
    await saveDigestNotice({ db, notice: null, actor })
    return
  }
  if (!html[languages[0]!])
    fields[`notice_${languages[0]}`] = 'Write the notice in the site’s main language too'
  const { today } = await churchToday({ db, clock })
  const expires = String(form.get('notice_expires_on') ?? '').trim()
  const last = today.add({ days: NOTICE_MAX_DAYS }).toString()
  if (!/^\d{4}-\d{2}-\d{2}$/.test(expires) || !isRealDate(expires)) {
    fields.notice_expires_on = 'Give the last day to show it, such as 2026-12-31'
  } else if (expires < today.toString() || expires > last) {
    fields.notice_expires_on = `The last day must be from today to ${last} (${NOTICE_MAX_DAYS} days)`
  }
  if (Object.keys(fields).length > 0) throw new ValidationError(fields)
  await saveDigestNotice({ db, notice: { html, expires_on: expires }, actor })
}

/** At most this many days ahead may a notice run: one left on by mistake goes by itself. */
const NOTICE_MAX_DAYS = 92

const isRealDate = (text: string) => {
  const date = new Date(`${text}T12:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text
}

/** "Skip this week", in the activity log: answers the week as it now stands. */
export async function skipComingDigest({
  runtime,
  actor,
}: {
  runtime: Pick<AppRuntime, 'db' | 'clock'>
  actor: Actor
}) {
  const digest = await skipNextDigest(runtime)
  if (digest.status === 'skipped') {
    await recordActivity({
      db: runtime.db,
      actor,
      action: 'changed',
      section: 'subscribers',
      itemTitle: `Weekly news of ${digest.week}: skipped`,
    })
  }
  return digest
}

/** "Send now", in the activity log: answers the week as it now stands. */
export async function sendComingDigestNow({
  runtime,
  actor,
}: {
  runtime: Parameters<typeof sendNextDigestNow>[0]
  actor: Actor
}) {
  const digest = await sendNextDigestNow(runtime)
  await recordActivity({
    db: runtime.db,
    actor,
    action: 'sent',
    section: 'subscribers',
    itemTitle: `Weekly news of ${digest.week}`,
  })
  return digest
}

const TOASTS = {
  remove: { ok: 'Subscriber removed', failed: 'Failed to remove the subscriber' },
  erase: { ok: 'Subscriber erased', failed: 'Failed to erase the subscriber' },
  skip: { ok: 'The coming weekly news will not be sent', failed: 'Failed to skip the weekly news' },
  'send-now': { ok: 'The weekly news is on its way', failed: 'Failed to send the weekly news' },
  'digest-time': { ok: 'Weekly news time saved', failed: 'Failed to save the weekly news time' },
  'digest-notice': { ok: 'Weekly news notice saved', failed: 'Failed to save the notice' },
} as const

/** The failure toast of a Subscribers screen action. */
export function subscribersActionFailedToast(intent: string) {
  return intent in TOASTS ? TOASTS[intent as keyof typeof TOASTS].failed : 'Something went wrong'
}

/** The Subscribers screen's actions, by the form's `intent`: answers the success toast. */
export async function subscribersAction({
  runtime,
  form,
  actor,
}: {
  runtime: Parameters<typeof sendNextDigestNow>[0]
  form: FormData | URLSearchParams
  actor: Actor
}) {
  const intent = String(form.get('intent') ?? '')
  const { db } = runtime
  const id = String(form.get('id') ?? '')
  switch (intent) {
    case 'remove':
      await removeSubscriber({ db, id, actor })
      break
    case 'erase':
      await eraseSubscriberByStaff({ db, id, actor })
      break
    case 'skip': {
      const digest = await skipComingDigest({ runtime, actor })
      if (digest.status !== 'skipped') {
        throw new HttpError(409, 'The coming weekly news has started already: it cannot be skipped now')
      }
      break
    }
    case 'send-now':
      await sendComingDigestNow({ runtime, actor })
      break
    case 'digest-time':
      await saveDigestTime({
        db,
        day: String(form.get('digest_day') ?? ''),
        hour: String(form.get('digest_hour') ?? ''),
        actor,
      })
      break
    case 'digest-notice':
      await saveDigestNoticeForm({ db, clock: runtime.clock, form, actor })
      break
    default:
      throw new HttpError(400, 'Unknown action')
  }
  return TOASTS[intent].ok
}
