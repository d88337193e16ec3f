import crypto from 'node:crypto'

import { getChurchInfo } from '#app/content/church-info/model.server.ts'
import { pagePath } from '#app/content/registry.ts'
import { textsFor } from '#app/i18n/texts.ts'
import { FALLBACK_CHURCH_NAME } from '#app/lib/church-text.ts'
import { escapeHtml } from '#app/lib/escape.ts'
import { languagePath } from '#app/lib/languages.ts'
import { singleLine } from '#app/lib/mail-address.ts'
import type { OutgoingMail } from '#app/models/outbox.server.ts'
import type { AppRuntime } from '#app/runtime.server.ts'
import { mailLinkOrigin } from '#app/server/site-address.server.ts'
import { looksLikeName } from '#app/server/spam.server.ts'

import type { Subscriber } from './schema.ts'

// A subscriber's links (confirm, unsubscribe) with their tokens, and the confirmation e-mail that carries them.

type Runtime = Pick<AppRuntime, 'db' | 'secret' | 'siteAddress' | 'mailSealer'>

/**
 * The token of a subscriber's confirm or unsubscribe link: an HMAC of the subscription's id for that one purpose,
 * under a key derived from the server's secret, so every e-mail to the address can carry the same link without
 * the token being stored. The table keeps its SHA-256, by which the link finds its subscriber.
 */
export function subscriberToken(secret: string, link: 'confirm' | 'unsubscribe', id: string) {
  const key = Buffer.from(crypto.hkdfSync('sha256', secret, 'lampstand', `subscriber-${link}`, 32))
  return crypto.createHmac('sha256', key).update(`${link}:${id}`).digest('base64url')
}

export function tokenHash(token: string) {
  return crypto.createHash('sha256').update(token).digest('hex')
}

/** The hashes a subscriber's row keeps of its links' tokens. */
export const tokenHashes = (secret: string, id: string) => ({
  confirm_token_hash: tokenHash(subscriberToken(secret, 'confirm', id)),
  unsubscribe_token_hash: tokenHash(subscriberToken(secret, 'unsubscribe', id)),
})

/** A link of a subscriber's e-mails, in their language: `https://…/ml/news/confirm?token=…`. */
export function subscriberLink({
  origin,
  secret,
  subscriber,
  link,
  languages,
}: {
  origin: string
  secret: string
  subscriber: Pick<Subscriber, 'id' | 'language'>
  link: 'confirm' | 'unsubscribe'
  languages: readonly string[]
}) {
  const path = languagePath(pagePath(`news-${link}`), subscriber.language, languages)
  return `${origin}${path}?token=${subscriberToken(secret, link, subscriber.id)}`
}

/**
 * Makes the confirmation e-mails: in the subscriber's language, sealed (they carry tokens), their links from the
 * site's address (held until one is known, decision 0018).
 */
export async function confirmationComposer(runtime: Runtime, languages: readonly string[]) {
  const [links, church] = await Promise.all([
    mailLinkOrigin(runtime.siteAddress),
    getChurchInfo({ db: runtime.db }),
  ])
  const churchName = singleLine(church?.name || FALLBACK_CHURCH_NAME)
  return (subscriber: Subscriber): OutgoingMail => {
    const t = textsFor(subscriber.language)
    const link = (kind: 'confirm' | 'unsubscribe') =>
      subscriberLink({ origin: links.origin, secret: runtime.secret, subscriber, link: kind, languages })
    const confirmLink = link('confirm')
    const unsubscribeLink = link('unsubscribe')
    // Only a name that looks like one: anyone may type someone else's address, and these are then their words.
    const greeting =
      subscriber.name && looksLikeName(subscriber.name)
        ? t('news.mail.greeting', { name: singleLine(subscriber.name) })
        : t('news.mail.hello')
    const asked = t('news.mail.asked', { church: churchName })
    const text = [
      greeting,
      '',
      asked,
      confirmLink,
      '',
      t('news.mail.ignore'),
      '',
      t('news.mail.never'),
      unsubscribeLink,
      '',
      `-- ${churchName}`,
    ].join('\n')
    const html = `<!doctype html><html lang="${escapeHtml(subscriber.language)}"><body style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#111">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(asked)}</p>
<p><a href="${escapeHtml(confirmLink)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:#1d4ed8;color:#fff;text-decoration:none;font-weight:600">${escapeHtml(t('news.mail.confirm'))}</a></p>
<p>${escapeHtml(t('news.mail.ignore'))}</p>
<p style="color:#555">${escapeHtml(t('news.mail.never'))} <a href="${escapeHtml(unsubscribeLink)}">${escapeHtml(t('news.mail.unsubscribe'))}</a></p>
<p style="color:#555">${escapeHtml(churchName)}</p>
</body></html>`
    return {
      to: subscriber.email,
      subject: t('news.mail.subject', { church: churchName }),
      text,
      html,
      refId: subscriber.id,
      sitePlaceholder: links.placeholder,
      sealWith: runtime.mailSealer,
    }
  }
}
