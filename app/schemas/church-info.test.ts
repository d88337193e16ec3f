import { expect, test } from 'vitest'

import { ChurchInfoSchema } from './church-info.ts'

test('church info needs only a name; every other field may be empty', () => {
  expect(ChurchInfoSchema.safeParse({}).error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual(
    [['name', 'Name is required']],
  )
  expect(ChurchInfoSchema.parse({ name: 'Grace Church' })).toEqual({
    name: 'Grace Church',
    description: null,
    address: null,
    email: null,
    phone: null,
    whatsapp_number: null,
    logo_url: null,
    latitude: null,
    longitude: null,
  })
})

test('church info saves unparsable or empty coordinates as null and parses the rest', () => {
  const parse = (latitude: unknown, longitude: unknown) => {
    const data = ChurchInfoSchema.parse({ name: 'x', latitude, longitude })
    return [data.latitude, data.longitude]
  }
  expect(parse('51.8969', '-8.4863')).toEqual([51.8969, -8.4863])
  expect(parse('', '')).toEqual([null, null])
  expect(parse('fifty', 'eight')).toEqual([null, null])
  expect(parse(95, -200)).toEqual([null, null])
})

test('church info email must be an email address when given', () => {
  expect(ChurchInfoSchema.safeParse({ name: 'x', email: 'office at church' }).error?.issues[0]).toMatchObject(
    {
      path: ['email'],
      message: 'Enter a valid email address',
    },
  )
  expect(ChurchInfoSchema.parse({ name: 'x', email: ' office@church.example ' }).email).toBe(
    'office@church.example',
  )
})

test('phone and WhatsApp numbers must look like phone numbers, country code allowed', () => {
  expect(ChurchInfoSchema.parse({ name: 'x', phone: '+353 (21) 123-4567' }).phone).toBe('+353 (21) 123-4567')
  const result = ChurchInfoSchema.safeParse({ name: 'x', phone: 'call us', whatsapp_number: '12' })
  expect(result.error?.issues.map((issue) => issue.message)).toEqual([
    'Phone must be a phone number, for example +353 21 123 4567',
    'WhatsApp number must be a phone number, for example +353 21 123 4567',
  ])
})
