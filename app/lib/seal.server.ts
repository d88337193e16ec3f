import crypto from 'node:crypto'

/** Encrypts text for storage with a key that is not in the database, and opens it again. */
export interface Sealer {
  seal: (text: string) => string
  open: (sealed: string) => string
}

const PREFIX = 'v1.'
const IV_BYTES = 12
const TAG_BYTES = 16

/**
 * AES-256-GCM under a key derived (HKDF-SHA256) from the server's secret for one purpose: what it seals can be
 * read only with that secret (AUTH_SECRET, or the file in DATA_DIR), which neither the database nor its backups
 * hold. Tampered or foreign text fails to open.
 */
export function createSealer(secret: string, purpose: string): Sealer {
  const key = Buffer.from(crypto.hkdfSync('sha256', secret, 'lampstand', purpose, 32))
  return {
    seal(text) {
      const iv = crypto.randomBytes(IV_BYTES)
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()])
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')
    },
    open(sealed) {
      if (!sealed.startsWith(PREFIX)) throw new Error('Not sealed text')
      const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64')
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES))
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      )
    },
  }
}
