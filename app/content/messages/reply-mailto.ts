import { formatMessageDate } from '#app/lib/message-format.ts'

/** Mail clients and browsers cut long mailto: addresses (some near 2,000 characters): the quote is kept short. */
const QUOTE_MAX_CHARACTERS = 1200

/**
 * The mailto: address of "Reply by e-mail": the visitor's address, "Re: subject" and their message quoted below
 * an empty first line, in the mail client's own "On …, … wrote:" form (RFC 6068: CRLF line breaks), the date on
 * the church's clock (`timeZone`).
 */
export function replyMailto(
  message: {
    first_name: string
    last_name: string
    email: string
    subject: string | null
    message: string
    created_at: string
  },
  timeZone?: string,
) {
  const subject = message.subject?.trim()
    ? /^re:/i.test(message.subject.trim())
      ? message.subject.trim()
      : `Re: ${message.subject.trim()}`
    : 'Re: Your message'
  const characters = Array.from(message.message)
  const text =
    characters.length > QUOTE_MAX_CHARACTERS
      ? `${characters.slice(0, QUOTE_MAX_CHARACTERS).join('')}…`
      : message.message
  const quote = text
    .split(/\r?\n/)
    .map((line) => `> ${line}`.trimEnd())
    .join('\r\n')
  const body = `\r\n\r\nOn ${formatMessageDate(message.created_at, timeZone)}, ${message.first_name} ${message.last_name} wrote:\r\n${quote}\r\n`
  const address = encodeURIComponent(message.email).replace(/%40/g, '@')
  return `mailto:${address}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
}
