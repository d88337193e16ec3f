/** How the server reaches its SMTP server, read from SMTP_URL. */
export interface SmtpSettings {
  host: string
  port: number
  /** TLS from the first byte (smtps://, usually port 465); smtp:// upgrades with STARTTLS when offered. */
  secure: boolean
  user: string | null
  password: string | null
}

/**
 * `smtp://user:password@host:587` or `smtps://user:password@host:465` (user and password percent-encoded, both
 * optional), or null when the text is not such an address.
 */
export function parseSmtpUrl(text: string): SmtpSettings | null {
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    return null
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') return null
  if (!url.hostname || (url.pathname !== '' && url.pathname !== '/') || url.search || url.hash) return null
  const secure = url.protocol === 'smtps:'
  let user: string | null = null
  let password: string | null = null
  try {
    user = url.username ? decodeURIComponent(url.username) : null
    password = url.password ? decodeURIComponent(url.password) : null
  } catch {
    return null
  }
  return {
    // IPv6 addresses come bracketed from URL ([::1]); sockets want them bare.
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    user,
    password,
  }
}

export interface Mailbox {
  name: string | null
  address: string
}

const ADDRESS = /^[^\s@<>(),;:"\\[\]]+@[^\s@<>(),;:"\\[\]]+\.[^\s@<>(),;:"\\[\]]+$/

/** `office@church.example` or `Church Office <office@church.example>`; null for anything else. */
export function parseMailbox(text: string): Mailbox | null {
  if (/[\r\n]/.test(text)) return null
  const trimmed = text.trim()
  const named = /^(.*?)\s*<([^<>]+)>$/.exec(trimmed)
  const name = named ? named[1].replace(/^"(.*)"$/, '$1').trim() : null
  const address = named ? named[2].trim() : trimmed
  if (!ADDRESS.test(address)) return null
  return { name: name || null, address }
}

/**
 * Text for one header line (a name, a subject): every run of white space, line breaks included, becomes one
 * space, and other control characters go. A visitor cannot start a header of their own (CR/LF injection) however
 * nodemailer encodes the rest.
 */
export function singleLine(text: string, max = 200) {
  const line = text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000e-\u001f\u007f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  const characters = Array.from(line)
  return characters.length > max ? `${characters.slice(0, max - 1).join('')}…` : line
}
