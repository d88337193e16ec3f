import { textsFor } from '#app/i18n/texts.ts'
import { FALLBACK_CHURCH_NAME } from '#app/lib/church-text.ts'
import { escapeHtml } from '#app/lib/escape.ts'
import { languagePath } from '#app/lib/languages.ts'
import { singleLine } from '#app/lib/mail-address.ts'
import { getChurchInfo } from '#app/content/church-info/model.server.ts'
import { calendarIcs } from '#app/dates/calendar.server.ts'
import { formatLocalDateTime, type Occurrence } from '#app/dates/engine.ts'
import { dateWords } from '#app/dates/words.ts'
import { timingOf } from '#app/dates/timing.ts'
import type { EventRecord } from '#app/content/events/model.server.ts'
import { pagePath } from '#app/content/registry.ts'
import type { OutgoingMail } from '#app/models/outbox.server.ts'
import { readSiteLanguages } from '#app/models/translations.server.ts'
import type { AppRuntime } from '#app/runtime.server.ts'
import { inLocale } from '#app/models/locale.server.ts'
import { mailLinkOrigin } from '#app/server/site-address.server.ts'
import { looksLikeName } from '#app/server/spam.server.ts'
import type { Registration } from './schema.ts'
import { cancelUrl } from './tokens.server.ts'

/** What the registrations' services use of the runtime. */
export type RegistrationRuntime = Pick<
  AppRuntime,
  'db' | 'env' | 'clock' | 'secret' | 'mail' | 'mailer' | 'siteAddress' | 'mailSealer'
>

export type MailKind = 'confirmed' | 'waiting' | 'moved-up' | 'updated'

type ChurchInfo = Awaited<ReturnType<typeof getChurchInfo>>

/**
 * The site's languages, and one the registration keeps as its e-mails' (issue 46): the main one for none (those
 * made before, through the API or by staff) or for a language the site no longer has.
 */
async function mailLanguages(runtime: Pick<RegistrationRuntime, 'db'>) {
  const languages = await readSiteLanguages({ db: runtime.db })
  const pick = (language: string | null) =>
    language && languages.includes(language) ? language : languages[0]!
  return { languages, pick }
}

/** The words of a registration's e-mails in one language: the event's and the church's, and the fixed texts. */
function mailWords(event: EventRecord, church: ChurchInfo, language: string, languages: readonly string[]) {
  const scope = { language, languages }
  const shown = inLocale('events', [event], scope)[0]!
  const churchName = (church && inLocale('church_info', [church], scope)[0]!.name) || FALLBACK_CHURCH_NAME
  return {
    t: textsFor(language),
    shown,
    title: singleLine(shown.title),
    churchName,
    link: (path: string) => languagePath(path, language, languages),
  }
}

/**
 * Makes a registration's e-mails for one event: sealed (they carry the cancel link's token), their links from the
 * site's address (held until one is known, decision 0018), with the date's `.ics` attached; each in the language
 * its registration keeps, its links to that language's pages (`/ml/…`).
 */
export async function mailComposer(runtime: RegistrationRuntime, event: EventRecord, zone: string) {
  const [links, church, siteAddress, { languages, pick }] = await Promise.all([
    mailLinkOrigin(runtime.siteAddress),
    getChurchInfo({ db: runtime.db }),
    runtime.siteAddress.get(),
    mailLanguages(runtime),
  ])
  const replyTo = churchReplyTo(church)
  return (
    registration: Registration,
    occurrence: Occurrence,
    kind: MailKind,
    language: string | null,
  ): OutgoingMail => {
    const lang = pick(language)
    const words = mailWords(event, church, lang, languages)
    const { t, title } = words
    const cancelLink = cancelUrl(
      links.origin,
      runtime.secret,
      registration.id,
      words.link(pagePath('registration-cancel', { id: registration.id })),
    )
    const eventLink = `${links.origin}${words.link(pagePath('event', { id: event.id }))}`
    const waiting = registration.status === 'waiting'
    const subject = t(
      kind === 'updated'
        ? 'registration.mail.subjectUpdated'
        : kind === 'waiting'
          ? 'registration.mail.subjectWaiting'
          : 'registration.mail.subjectConfirmed',
      { title },
    )
    const opening = t(
      (
        {
          confirmed: 'registration.mail.confirmed',
          waiting: 'registration.mail.waiting',
          'moved-up': 'registration.mail.movedUp',
          updated: waiting ? 'registration.mail.updatedWaiting' : 'registration.mail.updated',
        } as const
      )[kind],
      { title },
    )
    // Only a name that looks like one: anyone may type someone else's address, and these are then their words.
    const greeting = looksLikeName(registration.name)
      ? t('registration.mail.greeting', { name: singleLine(registration.name) })
      : t('registration.mail.hello')
    const details: Array<[string, string]> = [
      [t('registration.mail.when'), dateWords(lang).occurrenceText(timingOf(event), occurrence)],
      ...(words.shown.location
        ? ([[t('registration.mail.where'), words.shown.location]] as Array<[string, string]>)
        : []),
      [t('registration.mail.for'), t('registration.mail.people', { count: registration.people })],
    ]
    const text = [
      greeting,
      '',
      opening,
      '',
      ...details.map(([label, value]) => `${label}: ${value}`),
      '',
      `${t('registration.mail.aboutEvent')}: ${eventLink}`,
      waiting ? t('registration.mail.icsWaiting') : t('registration.mail.ics'),
      '',
      t('registration.mail.cancel'),
      cancelLink,
      '',
      `-- ${words.churchName}`,
    ].join('\n')
    const html = `<!doctype html><html lang="${escapeHtml(lang)}"><body style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#111">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(opening)}</p>
<table style="border-collapse:collapse">${details
      .map(
        ([label, value]) =>
          `<tr><th style="text-align:left;padding:2px 12px 2px 0;color:#555;font-weight:600">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
      )
      .join('')}</table>
<p><a href="${escapeHtml(eventLink)}">${escapeHtml(t('registration.mail.aboutEvent'))}</a></p>
<p>${escapeHtml(t('registration.mail.cancelBefore'))}<a href="${escapeHtml(cancelLink)}">${escapeHtml(t('registration.mail.cancelLink'))}</a>${escapeHtml(t('registration.mail.cancelAfter'))}</p>
<p style="color:#555">${escapeHtml(words.churchName)}</p>
</body></html>`
    return {
      to: registration.email,
      subject,
      text,
      html,
      replyTo,
      refId: registration.id,
      sitePlaceholder: links.placeholder,
      sealWith: runtime.mailSealer,
      attachments: [
        {
          filename: icsFileName(event),
          // An event to add, as the file's METHOD says (RFC 6047 wants it on the part too).
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
          content: dateIcs(runtime, words, {
            registration,
            occurrence,
            zone,
            origin: siteAddress ?? links.origin,
            siteAddress,
            language: { language: lang, languages },
          }),
        },
      ],
    }
  }
}

/** The date's `.ics`: the event as the registration's language has it (its SUMMARY), on that one date. */
function dateIcs(
  runtime: RegistrationRuntime,
  words: ReturnType<typeof mailWords>,
  {
    registration,
    occurrence,
    zone,
    origin,
    siteAddress,
    language,
  }: {
    registration: Registration
    occurrence: Occurrence
    zone: string
    origin: string
    siteAddress: string | null
    language: { language: string; languages: readonly string[] }
  },
) {
  const { shown } = words
  const single: EventRecord = {
    ...shown,
    starts_at: formatLocalDateTime(occurrence.start),
    ends_at: shown.ends_at ? formatLocalDateTime(occurrence.end) : null,
    recurrence: null,
    exdates: [],
  }
  return calendarIcs(
    [single],
    { origin, siteAddress, churchName: words.churchName, zone, language },
    {
      uidSuffix: shown.recurrence ? `-${registration.occurrence.replace(/[-:]/g, '')}` : '',
      sentAt: runtime.clock.now(),
    },
  )
}

/** Named from the main language's title: a file name of Latin letters survives every mail client. */
function icsFileName(event: EventRecord) {
  const name = event.title
    .replace(/[^\w-]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
  return `${name || 'event'}.ics`
}

/**
 * Answers to a registration's e-mails ("we'll be late") go to the church's address from Church Info, not to the
 * site's sender; none when it has no address.
 */
export function churchReplyTo(church: { name: string | null; email: string | null } | null) {
  return church?.email ? { name: church.name || FALLBACK_CHURCH_NAME, address: church.email } : null
}

/** Staff's e-mail to everyone registered: their message, and a last line in each person's language. */
export async function everyoneFooter(runtime: Pick<RegistrationRuntime, 'db'>, event: EventRecord) {
  const [church, { languages, pick }] = await Promise.all([
    getChurchInfo({ db: runtime.db }),
    mailLanguages(runtime),
  ])
  return (language: string | null) => {
    const lang = pick(language)
    const words = mailWords(event, church, lang, languages)
    return words.t('registration.mail.everyone', { church: words.churchName, title: words.title })
  }
}
