import crypto from 'node:crypto'

/** Faster than this from the form's rendering to its post, no person has typed a message. */
export const FORM_MIN_AGE_MS = 3_000
/** Older than this, the form was not filled in by a person who had just opened the page. */
export const FORM_MAX_AGE_MS = 24 * 60 * 60 * 1000
/** How many posts one form token may carry: a person correcting a refused sign-up, not a robot's hundred. */
export const FORM_TOKEN_USES_MAX = 3
/** A message with this many links or more is judged spam. */
const LINKS_MAX = 3

/**
 * Phrases of the spam every church contact form receives (search-engine sellers, crypto, loans, pills). Kept
 * short and specific: a phrase a parishioner could write ('bitcoin' alone, 'loan' alone) is not here.
 */
const SPAM_PHRASES = [
  'seo services',
  'seo expert',
  'search engine optimization',
  'first page of google',
  'rank your website',
  'ranking on google',
  'increase your traffic',
  'backlinks',
  'guest post',
  'web design services',
  'website redesign',
  'lead generation',
  'buy followers',
  'crypto investment',
  'bitcoin investment',
  'forex trading',
  'binary options',
  'casino',
  'viagra',
  'cialis',
  'payday loan',
  'loan offer',
  'click here to unsubscribe',
  'unsubscribe from these messages',
  'this is not spam',
]

// Each link once: an address, a bare www. name, or BBCode/HTML link markup not already holding an address.
const LINK = /\bhttps?:\/\/|(?<!\/)\bwww\.[a-z0-9-]+\.[a-z]|\[url=(?!\s*https?:)|<a\s+href=(?!["']?https?:)/gi
const HAS_LINK = new RegExp(LINK.source, 'i')

/** The longest name an e-mail greets by. */
export const GREETING_NAME_MAX = 60

// A bare domain name ("cheap-pills.shop"), which the link rule above leaves to messages' other signals.
const DOMAIN =
  /[\p{L}\d-]\.(?:com|net|org|info|biz|io|co|me|ly|ru|cn|xyz|top|online|site|shop|link|click|app|dev)\b/iu

/**
 * Whether a visitor's name may stand in an e-mail the site sends to the address they typed ("Hello Mary,"): a
 * stranger could type someone else's address, and the name is then the only words of theirs in the church's e-mail.
 * Not a name: too long, an address or a link in it, characters of markup or of a path, a long number, or the spam
 * phrases that mark a message as spam.
 */
export function looksLikeName(name: string) {
  const text = name.trim()
  if (text === '' || text.length > GREETING_NAME_MAX) return false
  if (/[@<>[\]{}\\/:=|*#$%^~`_]|\d{3}/.test(text) || /[\p{Cc}\p{Cf}]/u.test(text)) return false
  if (HAS_LINK.test(text) || DOMAIN.test(text)) return false
  const lower = text.toLowerCase()
  return !SPAM_PHRASES.some((phrase) => lower.includes(phrase))
}

/** The hidden field's value: when the form was rendered, signed with the server's secret. */
export function makeFormToken(secret: string, now: number) {
  const time = now.toString(36)
  return `${time}.${sign(secret, time)}`
}

function sign(secret: string, time: string) {
  return crypto.createHmac('sha256', secret).update(`contact-form:${time}`).digest('base64url').slice(0, 32)
}

/** The form token's verdict: how long ago the form was rendered, or why the token cannot be trusted. */
export function readFormToken(
  secret: string,
  token: unknown,
  now: number,
): { ageMs: number } | { problem: 'missing' | 'forged' } {
  if (typeof token !== 'string' || token === '') return { problem: 'missing' }
  const [time, signature, ...rest] = token.split('.')
  if (rest.length > 0 || !time || !signature || !/^[0-9a-z]{1,12}$/.test(time)) {
    return { problem: 'forged' }
  }
  const expected = Buffer.from(sign(secret, time))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
    return { problem: 'forged' }
  }
  return { ageMs: now - Number.parseInt(time, 36) }
}

export interface SpamCheck {
  /** The form token as sent (the contact page always sends one; the JSON API may). */
  formToken: unknown
  /** Whether the message came through the site's own form, which always carries a token. */
  fromForm: boolean
  fields: { first_name: string; last_name: string; subject: string | null; message: string }
  /**
   * Posted to the API without the form's token when the hour's allowance of such messages (CONTACT_API_LIMIT,
   * site-wide) is used up: a robot that skips the form's timing cannot fill the Inbox nor the office's e-mail.
   */
  overApiAllowance?: boolean
}

/**
 * Why a message looks like spam, in staff's words ('sent 1 s after the page opened; 4 links'), or null when it
 * does not. Nothing here refuses a visitor: a suspect message is kept in Spam, where staff can say "Not spam".
 */
export function spamReason(
  secret: string,
  now: number,
  { formToken, fromForm, fields, overApiAllowance = false }: SpamCheck,
) {
  const reasons: string[] = []
  const token = readFormToken(secret, formToken, now)
  if ('ageMs' in token) {
    if (token.ageMs < FORM_MIN_AGE_MS) {
      reasons.push(`sent ${Math.max(0, Math.round(token.ageMs / 100) / 10)} s after the form was opened`)
    } else if (token.ageMs > FORM_MAX_AGE_MS) {
      reasons.push('sent more than a day after the form was opened')
    }
  } else if (token.problem === 'forged') {
    reasons.push('the form’s hidden time stamp was altered')
  } else if (fromForm) {
    reasons.push('the form’s hidden time stamp was missing')
  } else if (overApiAllowance) {
    reasons.push('sent without the contact form, past the hour’s allowance of such messages')
  }
  const text = [fields.subject ?? '', fields.message].join('\n')
  const links = text.match(LINK)?.length ?? 0
  if (links >= LINKS_MAX) reasons.push(`${links} links`)
  if (HAS_LINK.test(`${fields.first_name} ${fields.last_name}`)) reasons.push('a link in the name')
  const lower = text.toLowerCase()
  const phrases = SPAM_PHRASES.filter((phrase) => lower.includes(phrase))
  if (phrases.length > 0) reasons.push(`spam phrases (${phrases.map((phrase) => `“${phrase}”`).join(', ')})`)
  return reasons.length > 0 ? reasons.join('; ') : null
}
