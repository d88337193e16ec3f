import { expect, test } from 'vitest'

import { ibanChecks } from '#app/schemas/settings.ts'

import { euroToCents, FundSchema, GiveFormSchema } from './schema.ts'

test('euroToCents reads amounts as people type them, without floating point', () => {
  expect(euroToCents('25')).toBe(2500)
  expect(euroToCents('19.99')).toBe(1999)
  expect(euroToCents('12,5')).toBe(1250)
  expect(euroToCents('€ 1,000')).toBe(100000)
  expect(euroToCents('1,000.50')).toBe(100050)
  expect(euroToCents('0.1')).toBe(10)
  for (const text of ['', 'ten', '1.234', '-5', '1e3', '12.']) expect(euroToCents(text), text).toBeNull()
})

test('the giving form takes €1 to €10,000, once or monthly, and an optional e-mail', () => {
  const ok = GiveFormSchema.parse({ amount: '10000', fund: 'f', frequency: 'monthly', email: '' })
  expect(ok).toMatchObject({
    amount: 1_000_000,
    frequency: 'monthly',
    email: null,
    name: null,
    ie_taxpayer: false,
  })
  expect(
    GiveFormSchema.parse({ amount: '1', fund: 'f', frequency: 'once', ie_taxpayer: 'on' }),
  ).toMatchObject({
    amount: 100,
    ie_taxpayer: true,
  })
  for (const amount of ['0.99', '10000.01', 'x']) {
    expect(GiveFormSchema.safeParse({ amount, fund: 'f', frequency: 'once' }).success, amount).toBe(false)
  }
  expect(GiveFormSchema.safeParse({ amount: '5', fund: 'f', frequency: 'weekly' }).success).toBe(false)
  expect(GiveFormSchema.safeParse({ amount: '5', fund: 'f', frequency: 'once', email: 'nope' }).success).toBe(
    false,
  )
})

test('a fund is open unless it is said to be closed', () => {
  expect(FundSchema.parse({ name: 'General' }).open).toBe(true)
  expect(FundSchema.parse({ name: 'General', open: false }).open).toBe(false)
  expect(FundSchema.parse({ name: 'General', open: 'off' }).open).toBe(false)
})

test('ibanChecks tells an IBAN from a mistyped one by its check digits', () => {
  expect(ibanChecks('IE29AIBK93115212345678')).toBe(true)
  expect(ibanChecks('DE89370400440532013000')).toBe(true)
  expect(ibanChecks('IE29AIBK93115212345679')).toBe(false)
  expect(ibanChecks('IE29')).toBe(false)
})
