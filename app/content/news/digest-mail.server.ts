import { textsFor } from '#app/i18n/texts.ts'
import { escapeHtml } from '#app/lib/escape.ts'
import { singleLine } from '#app/lib/mail-address.ts'
import type { Sealer } from '#app/lib/seal.server.ts'
import type { OutgoingMail } from '#app/models/outbox.server.ts'

import type { Digest } from './digest.ts'
import type { Subscriber } from './schema.ts'
import { subscriberLink } from './subscribers.server.ts'

/**
 * One subscriber's weekly news: the digest in their language, text and HTML, with the list's headers — List-Id,
 * List-Unsubscribe (the one-click address, and the church's mailbox when it has one) and List-Unsubscribe-Post
 * (RFC 8058) — its links from the site's address (or its placeholder, decision 0018), sealed (it carries the
 * unsubscribe token).
 */
export function digestMail({
  digest,
  subscriber,
  churchName,
  churchEmail,
  origin,
  sitePlaceholder = null,
  secret,
  languages,
  listDomain,
  sealWith,
}: {
  digest: Digest
  subscriber: Pick<Subscriber, 'id' | 'email' | 'language'>
  churchName: string
  /** The church's own address (Church Info): the `mailto:` way to unsubscribe, said in the message too. */
  churchEmail: string | null
  origin: string
  sitePlaceholder?: string | null
  secret: string
  languages: readonly string[]
  /** The sender's domain: the list is `news.<domain>` (RFC 2919). */
  listDomain: string
  sealWith: Sealer | null
}): OutgoingMail {
  const t = textsFor(subscriber.language)
  const church = singleLine(churchName)
  const unsubscribe = subscriberLink({ origin, secret, subscriber, link: 'unsubscribe', languages })
  const url = (path: string) => `${origin}${path}`
  const dates = digest.dates.map((date) => ({
    line: `${date.when}: ${singleLine(date.title)}${date.location ? ` (${singleLine(date.location)})` : ''}`,
    link: url(date.path),
  }))
  const mailto = churchEmail ? t('news.digest.mailto', { email: churchEmail }) : null
  const text = [
    t('news.digest.intro', { church }),
    '',
    ...dates.flatMap((date) => [date.line, date.link, '']),
    ...(digest.live ? [t('news.digest.live'), url(digest.live), ''] : []),
    ...(digest.sermon
      ? [
          `${t('news.digest.sermon')}: ${singleLine(digest.sermon.title)}${digest.sermon.speaker ? ` (${singleLine(digest.sermon.speaker)})` : ''}`,
          url(digest.sermon.path),
          '',
        ]
      : []),
    '--',
    t('news.digest.why', { church }),
    `${t('news.digest.unsubscribe')}: ${unsubscribe}`,
    ...(mailto ? [mailto] : []),
  ].join('\n')
  const link = (href: string, words: string) => `<a href="${escapeHtml(href)}">${escapeHtml(words)}</a>`
  const html = `<!doctype html><html lang="${escapeHtml(subscriber.language)}"><body style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#111">
<p>${escapeHtml(t('news.digest.intro', { church }))}</p>
${dates.length > 0 ? `<h2 style="font-size:18px">${escapeHtml(t('news.digest.dates'))}</h2>\n<ul>${dates.map((date) => `<li>${link(date.link, date.line)}</li>`).join('')}</ul>` : ''}
${digest.live ? `<p>${escapeHtml(t('news.digest.live'))} ${link(url(digest.live), url(digest.live))}</p>` : ''}
${digest.sermon ? `<h2 style="font-size:18px">${escapeHtml(t('news.digest.sermon'))}</h2>\n<p>${link(url(digest.sermon.path), digest.sermon.title)}${digest.sermon.speaker ? ` · ${escapeHtml(digest.sermon.speaker)}` : ''}</p>` : ''}
<p style="color:#555;font-size:13px">${escapeHtml(t('news.digest.why', { church }))} ${link(unsubscribe, t('news.digest.unsubscribe'))}${mailto ? `<br>${escapeHtml(mailto)}` : ''}</p>
</body></html>`
  return {
    to: subscriber.email,
    subject: t('news.digest.subject', { church }),
    text,
    html,
    refId: subscriber.id,
    sitePlaceholder,
    sealWith,
    headers: {
      'List-Id': `${church.replace(/[^\w .'-]+/g, '').trim() || 'Weekly news'} <news.${listDomain}>`,
      'List-Unsubscribe': `<${unsubscribe}>${churchEmail ? `, <mailto:${churchEmail}?subject=unsubscribe>` : ''}`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}
