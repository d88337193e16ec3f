import { describe, expect, it } from 'vitest'

import { createSealer } from './seal.server.ts'

describe('createSealer', () => {
  const sealer = createSealer('a'.repeat(64), 'outbox')

  it('opens what it sealed, and the sealed text shows nothing of it', () => {
    const text = 'Choose it here: https://church.example/admin/reset-password?token=abc123 — ദൈവം'
    const sealed = sealer.seal(text)
    expect(sealed).not.toContain('abc123')
    expect(sealed).not.toContain('reset-password')
    expect(sealer.open(sealed)).toBe(text)
    expect(sealer.seal(text)).not.toBe(sealed)
  })

  it('refuses text sealed under another secret or purpose, and tampered text', () => {
    const sealed = sealer.seal('token')
    expect(() => createSealer('b'.repeat(64), 'outbox').open(sealed)).toThrow()
    expect(() => createSealer('a'.repeat(64), 'other').open(sealed)).toThrow()
    const tampered = sealed.slice(0, -4) + (sealed.endsWith('AAAA') ? 'BBBB' : 'AAAA')
    expect(() => sealer.open(tampered)).toThrow()
    expect(() => sealer.open('plain text')).toThrow()
  })
})
