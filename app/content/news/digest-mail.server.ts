import { textsFor } from '#app/i18n/texts.ts'
import { escapeHtml } from '#app/lib/escape.ts'
import { htmlToText } from '#app/lib/html-to-text.ts'
import { intlLocale, isSourceLanguage } from '#app/lib/languages.ts'
import { singleLine } from '#app/lib/mail-address.ts'
import type { Sealer } from '#app/lib/seal.server.ts'
import type { OutgoingMail } from '#app/models/outbox.server.ts'

import type { Digest } from './digest.ts'
import type { Subscriber } from './schema.ts'
import { subscriberLink } from './subscriber-links.server.ts'

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
    ...(digest.notice ? [htmlToText(digest.notice), ''] : []),
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
  const html = digestHtml({
    digest,
    language: subscriber.language,
    church,
    url,
    unsubscribe,
    mailto,
  })
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

const FONT =
  "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Noto Sans','Noto Sans Malayalam',Helvetica,Arial,sans-serif"
const BLUE = '#1d4ed8'

/**
 * The digest's HTML: one column of at most 600 px on a grey page, laid out with tables and inline styles (what mail
 * programs keep): the week's dates, each with its time, title (a link) and place; the live page; the newest
 * sermon; why it came and how to leave. A phone shows it at its own width.
 */
function digestHtml({
  digest,
  language,
  church,
  url,
  unsubscribe,
  mailto,
}: {
  digest: Digest
  language: string
  church: string
  url: (path: string) => string
  unsubscribe: string
  mailto: string | null
}) {
  const t = textsFor(language)
  const link = (href: string, words: string, style = `color:${BLUE};text-decoration:none`) =>
    `<a href="${escapeHtml(href)}" style="${style}">${escapeHtml(words)}</a>`
  // English as the site writes its dates (`12–18 December`), not the United States' way.
  const range = new Intl.DateTimeFormat(isSourceLanguage(language) ? 'en-IE' : intlLocale(language), {
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).formatRange(new Date(`${digest.from}T12:00:00Z`), new Date(`${digest.to}T12:00:00Z`))
  const dates = digest.dates
    .map(
      (date) => `<tr><td style="padding:12px 0;border-top:1px solid #e5e7eb">
<p style="margin:0;font-size:13px;line-height:1.4;color:#4b5563">${escapeHtml(date.when)}</p>
<p style="margin:3px 0 0;font-size:16px;line-height:1.35;font-weight:600">${link(url(date.path), date.title)}</p>${
        date.location
          ? `\n<p style="margin:2px 0 0;font-size:14px;line-height:1.4;color:#4b5563">${escapeHtml(date.location)}</p>`
          : ''
      }
</td></tr>`,
    )
    .join('\n')
  const live = digest.live
    ? `<tr><td style="padding:0 28px 20px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#eff6ff;border-radius:8px"><tr><td style="padding:14px 16px;font-size:15px;line-height:1.5;color:#1e3a8a">${escapeHtml(t('news.digest.live'))}<br>${link(url(digest.live), t('news.digest.watch'), `display:inline-block;margin-top:8px;padding:8px 16px;border-radius:6px;background:${BLUE};color:#ffffff;font-weight:600;text-decoration:none`)}</td></tr></table></td></tr>`
    : ''
  // Staff's notice first: their words, made safe when saved; its paragraphs and links styled for mail programs.
  const notice = digest.notice
    ? `<tr><td style="padding:0 28px 16px"><div style="border-left:4px solid ${BLUE};padding:4px 0 4px 14px;font-size:15px;line-height:1.55;color:#111827">${digest.notice
        .replace(/<p>/g, '<p style="margin:0 0 8px">')
        .replace(/<a /g, `<a style="color:${BLUE}" `)}</div></td></tr>`
    : ''
  const sermon = digest.sermon
    ? `<tr><td style="padding:4px 28px 24px">
<h2 style="margin:0 0 6px;font-size:13px;line-height:1.4;font-weight:600;color:#4b5563">${escapeHtml(t('news.digest.sermon'))}</h2>
<p style="margin:0;font-size:16px;line-height:1.4;font-weight:600">${link(url(digest.sermon.path), digest.sermon.title)}</p>${
        digest.sermon.speaker
          ? `\n<p style="margin:2px 0 0;font-size:14px;color:#4b5563">${escapeHtml(digest.sermon.speaker)}</p>`
          : ''
      }
</td></tr>`
    : ''
  return `<!doctype html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t('news.digest.subject', { church }))}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;${FONT};color:#111827">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border:1px solid #e5e7eb;border-radius:12px">
<tr><td style="padding:28px 28px 12px">
<h1 style="margin:0;font-size:22px;line-height:1.3;color:#111827">${escapeHtml(t('news.digest.intro', { church: church }).replace(/[:：]\s*$/, ''))}</h1>
<p style="margin:4px 0 0;font-size:14px;color:#4b5563">${escapeHtml(range)}</p>
</td></tr>
${notice}
${dates ? `<tr><td style="padding:0 28px 16px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0">\n${dates}\n</table></td></tr>` : ''}
${live}
${sermon}
</table>
<p style="max-width:560px;margin:16px auto 0;font-size:12px;line-height:1.5;color:#4b5563">${escapeHtml(t('news.digest.why', { church: church }))} ${link(unsubscribe, t('news.digest.unsubscribe'), 'color:#374151;text-decoration:underline')}${mailto ? `<br>${escapeHtml(mailto)}` : ''}</p>
</td></tr></table>
</body></html>`
}
