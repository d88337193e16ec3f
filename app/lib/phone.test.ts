import { expect, test } from 'vitest'

import { telHref } from './contact-links.ts'
import { countryOptions, formatPhone, phoneNumberMessage, toE164, whatsAppUrl } from './phone.ts'

test('toE164 reads a number in the church’s country and keeps numbers from abroad', () => {
  expect(toE164('087 123 4567')).toBe('+353871234567')
  expect(toE164('087 123 4567', 'IE')).toBe('+353871234567')
  expect(toE164('+353 87 123 4567', 'IE')).toBe('+353871234567')
  expect(toE164('(021) 432-0199', 'IE')).toBe('+353214320199')
  expect(toE164('+44 20 7946 0958', 'IE')).toBe('+442079460958')
  expect(toE164('020 7946 0958', 'GB')).toBe('+442079460958')
})

test('toE164 refuses what is no number: too short, unallocated, or letters', () => {
  expect(toE164('12', 'IE')).toBeNull()
  expect(toE164('080 123 4567', 'IE')).toBeNull()
  expect(toE164('call us', 'IE')).toBeNull()
  expect(toE164('', 'IE')).toBeNull()
})

test('a stored number is shown internationally and linked as tel: and wa.me', () => {
  expect(formatPhone('+353871234567')).toBe('+353 87 123 4567')
  expect(formatPhone('not a number')).toBe('not a number')
  expect(telHref('+353214320199')).toBe('tel:+353214320199')
  expect(whatsAppUrl('+353871234567')).toBe('https://wa.me/353871234567')
  expect(whatsAppUrl('')).toBeNull()
})

test('the refusal names the country and gives an example from it', () => {
  expect(phoneNumberMessage('WhatsApp number', 'IE')).toMatch(
    /^WhatsApp number is not a valid phone number in Ireland: enter it with its area code \(e\.g\. 08\d[\d ]+\)/,
  )
})

test('the country choices are named and sorted', () => {
  const options = countryOptions()
  expect(options.find((option) => option.value === 'IE')).toEqual({ value: 'IE', label: 'Ireland' })
  expect(options.length).toBeGreaterThan(200)
  const labels = options.map((option) => option.label)
  expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')))
})
