import { expect, test } from 'vitest'

import { CertificateSchema, lastYearOf, maskPpsn, ppsnChecks, reclaimCents } from './tax-schema.ts'

test('reclaimCents is 31/69 of the total, rounded to the cent', () => {
  expect(reclaimCents(25_000)).toBe(11_232)
  expect(reclaimCents(100_000)).toBe(44_928)
  expect(reclaimCents(0)).toBe(0)
})

test('ppsnChecks accepts PPSNs whose check letter is right, with or without a second letter', () => {
  expect(ppsnChecks('1234567T')).toBe(true)
  expect(ppsnChecks('1234567FA')).toBe(true)
  expect(ppsnChecks('1234567TW')).toBe(true)
  for (const wrong of ['1234567A', '1234567TA', '123456T', '12345678T', 'ABCDEFGT', '1234567']) {
    expect(ppsnChecks(wrong), wrong).toBe(false)
  }
})

test('a certificate is read as typed and its messages never repeat the PPSN', () => {
  const ok = CertificateSchema.parse({ donor_id: 'd', type: 'CHY3', first_year: '2026', ppsn: '1234567 fa' })
  expect(ok).toEqual({ donor_id: 'd', type: 'CHY3', first_year: 2026, ppsn: '1234567FA', associated: false })
  const bad = CertificateSchema.safeParse({ donor_id: 'd', type: 'CHY5', first_year: 1999, ppsn: '7654321X' })
  expect(bad.success).toBe(false)
  expect(JSON.stringify(bad.error)).not.toContain('7654321')
  expect(bad.error!.issues.map((issue) => issue.path[0]).sort()).toEqual(['first_year', 'ppsn', 'type'])
})

test('a CHY3 covers its first year and the four after; a CHY4 one year; shown masked', () => {
  expect(lastYearOf('CHY3', 2026)).toBe(2030)
  expect(lastYearOf('CHY4', 2026)).toBe(2026)
  expect(maskPpsn('67A')).toBe('•••••67A')
})
