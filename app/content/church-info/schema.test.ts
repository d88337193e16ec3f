import { expect, test } from 'vitest'

import { ChurchInfoSchema } from './schema.ts'
import { fieldErrors } from '#app/schemas/fields.ts'

test('church info needs only a name; every other field may be empty', () => {
  expect(ChurchInfoSchema.safeParse({}).error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual(
    [['name', 'Name is required']],
  )
  expect(ChurchInfoSchema.parse({ name: 'Grace Church' })).toEqual({
    name: 'Grace Church',
    subtitle: null,
    description: null,
    tagline: null,
    address: null,
    street_address: null,
    address_locality: null,
    postal_code: null,
    country: 'IE',
    timezone: 'Europe/Dublin',
    email: null,
    phone: null,
    whatsapp_number: null,
    office_hours: null,
    public_transport: null,
    parking: null,
    facebook_url: null,
    instagram_url: null,
    youtube_url: null,
    logo_url: null,
    latitude: null,
    longitude: null,
    languages: ['en'],
    digest_day: 6,
    digest_hour: 9,
  })
})

test('the weekly news leaves on a day from 0 (Sunday) to 6 and at an hour from 0 to 23, Saturday 09:00 unless set', () => {
  const digest = (fields: Record<string, unknown>) => {
    const result = ChurchInfoSchema.safeParse({ name: 'x', ...fields })
    return result.success
      ? [result.data.digest_day, result.data.digest_hour]
      : Object.keys(fieldErrors(result.error))
  }
  expect(digest({})).toEqual([6, 9])
  expect(digest({ digest_day: 0, digest_hour: 23 })).toEqual([0, 23])
  expect(digest({ digest_day: '5', digest_hour: '18' })).toEqual([5, 18])
  expect(digest({ digest_day: '', digest_hour: null })).toEqual([6, 9])
  expect(digest({ digest_day: 7, digest_hour: 24 })).toEqual(['digest_day', 'digest_hour'])
  expect(digest({ digest_day: 2.5, digest_hour: '1e1' })).toEqual(['digest_day', 'digest_hour'])
  expect(digest({ digest_day: -1, digest_hour: true })).toEqual(['digest_day', 'digest_hour'])
})

test('the languages are BCP 47 codes in their canonical form, the main one first, each once', () => {
  const languages = (value: unknown) => {
    const result = ChurchInfoSchema.safeParse({ name: 'x', languages: value })
    return result.success ? result.data.languages : fieldErrors(result.error).languages
  }
  expect(languages(['en', 'ml'])).toEqual(['en', 'ml'])
  expect(languages(['EN-gb', 'ML'])).toEqual(['en-GB', 'ml'])
  expect(languages(null)).toEqual(['en'])
  expect(languages([])).toBe(
    'Languages must be a list of language codes, the main one first, such as ["en", "ml"]',
  )
  expect(languages('en, ml')).toBe(
    'Languages must be a list of language codes, the main one first, such as ["en", "ml"]',
  )
  expect(languages(['en', 'malayalam!'])).toBe(
    '"malayalam!" is not a language code (BCP 47, such as en, ml or pt-BR)',
  )
  expect(languages(['en', 'ml', 'ML'])).toBe('ml is in the list twice')
  // The site's own addresses: its pages would become unreachable (an outside audit's find).
  expect(languages(['en', 'api'])).toBe(
    'api cannot be a language of this site: its pages would be at /api/…, an address the site already uses',
  )
  expect(languages(['en', 'OG'])).toMatch(/^og cannot be a language of this site/)
  expect(languages(Array.from({ length: 11 }, (_, i) => `a${String.fromCharCode(97 + i)}`))).toBe(
    'At most 10 languages',
  )
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

test('phone and WhatsApp numbers are read in the church’s country and kept in international form', () => {
  const irish = ChurchInfoSchema.parse({
    name: 'x',
    phone: '(021) 432-0199',
    whatsapp_number: '087 123 4567',
  })
  expect([irish.phone, irish.whatsapp_number]).toEqual(['+353214320199', '+353871234567'])
  const abroad = ChurchInfoSchema.parse({ name: 'x', phone: '+44 20 7946 0958' })
  expect(abroad.phone).toBe('+442079460958')
  const british = ChurchInfoSchema.parse({ name: 'x', country: 'gb', whatsapp_number: '07400 123456' })
  expect([british.country, british.whatsapp_number]).toEqual(['GB', '+447400123456'])
})

test('a number that is no number in the church’s country is refused, together with every other problem', () => {
  const result = ChurchInfoSchema.safeParse({ phone: 'call us', whatsapp_number: '12' })
  expect(fieldErrors(result.error!)).toEqual({
    name: 'Name is required',
    phone: expect.stringMatching(
      /^Phone is not a valid phone number in Ireland: enter it with its area code/,
    ),
    whatsapp_number: expect.stringMatching(/^WhatsApp number is not a valid phone number in Ireland/),
  })
  expect(ChurchInfoSchema.safeParse({ name: 'x', country: 'ZZ' }).error?.issues[0]).toMatchObject({
    path: ['country'],
    message: 'Country must be a country code such as IE',
  })
})

test('social links must be the church’s page on that network; a missing https:// is added', () => {
  const info = ChurchInfoSchema.parse({
    name: 'x',
    facebook_url: 'facebook.com/ipccork',
    instagram_url: 'https://www.instagram.com/ipccork/',
    youtube_url: 'http://www.youtube.com/@ipccork',
  })
  expect([info.facebook_url, info.instagram_url, info.youtube_url]).toEqual([
    'https://facebook.com/ipccork',
    'https://www.instagram.com/ipccork/',
    'https://www.youtube.com/@ipccork',
  ])
  const refused = ChurchInfoSchema.safeParse({
    name: 'x',
    facebook_url: 'https://www.facebook.com/',
    instagram_url: 'https://evil.example/instagram.com/ipccork',
    youtube_url: 'javascript:alert(1)//youtube.com/x',
  })
  expect(fieldErrors(refused.error!)).toEqual({
    facebook_url:
      "Facebook must be the address of the church's Facebook page, for example https://facebook.com/yourchurch",
    instagram_url: expect.stringMatching(/^Instagram must be the address/),
    youtube_url: expect.stringMatching(/^YouTube must be the address/),
  })
})
