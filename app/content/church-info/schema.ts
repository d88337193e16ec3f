import { z } from 'zod'

import {
  coordinate,
  MEDIUM_TEXT_MAX_LENGTH,
  optionalImageUrl,
  optionalText,
  requiredText,
  RICH_TEXT_MAX_LENGTH,
  URL_MAX_LENGTH,
} from '#app/schemas/fields.ts'
import { DEFAULT_TIME_ZONE, isTimeZone } from '#app/lib/time-zone.ts'
import { parseWholeNumber } from '#app/lib/whole-number.ts'
import {
  canonicalLanguage,
  DEFAULT_LANGUAGES,
  MAX_LANGUAGES,
  RESERVED_PATH_SEGMENTS,
} from '#app/lib/languages.ts'
import {
  type CountryCode,
  DEFAULT_COUNTRY,
  isCountryCode,
  phoneNumberMessage,
  toE164,
} from '#app/lib/phone.ts'

export const DEFAULT_LATITUDE = 51.8969
export const DEFAULT_LONGITUDE = -8.4863

const optionalEmail = z
  .string()
  .trim()
  .max(254)
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || z.email().safeParse(value).success, {
    message: 'Enter a valid email address',
  })

/** The church's country (ISO 3166 code): how phone numbers typed without a country code are read. */
const country = z
  .string({ error: 'Country must be a country code such as IE' })
  .trim()
  .toUpperCase()
  .nullish()
  .transform((value) => value || DEFAULT_COUNTRY)
  .refine(isCountryCode, { message: 'Country must be a country code such as IE' })

/** The church's IANA time zone: events' dates and times are local to it, and "today" is its date. */
const timezone = z
  .string({ error: 'Time zone must be a time zone name such as Europe/Dublin' })
  .trim()
  .nullish()
  .transform((value) => value || DEFAULT_TIME_ZONE)
  .refine(isTimeZone, {
    message: 'Time zone must be a time zone name such as Europe/Dublin or America/New_York',
  })

/** The social profiles the footer links to, with the hosts each may be on. */
export const SOCIAL_PROFILES = {
  facebook_url: { label: 'Facebook', hosts: ['facebook.com', 'fb.com'], example: 'facebook.com/yourchurch' },
  instagram_url: { label: 'Instagram', hosts: ['instagram.com'], example: 'instagram.com/yourchurch' },
  youtube_url: { label: 'YouTube', hosts: ['youtube.com', 'youtu.be'], example: 'youtube.com/@yourchurch' },
} as const

/**
 * The address of the church's page on a social network: https on that network's host, and a page (not the
 * network's home page). 'facebook.com/ipccork' is taken as 'https://facebook.com/ipccork'.
 */
function socialProfileUrl({ label, hosts, example }: (typeof SOCIAL_PROFILES)[keyof typeof SOCIAL_PROFILES]) {
  const message = `${label} must be the address of the church's ${label} page, for example https://${example}`
  return optionalText(label, URL_MAX_LENGTH).transform((value, ctx) => {
    if (value === null) return null
    let url: URL
    try {
      url = new URL(/^[a-z][a-z\d+.-]*:/i.test(value) ? value : `https://${value}`)
    } catch {
      ctx.addIssue({ code: 'custom', message })
      return z.NEVER
    }
    const host = url.hostname.toLowerCase()
    const onNetwork = hosts.some((name) => host === name || host.endsWith(`.${name}`))
    if (!/^https?:$/.test(url.protocol) || !onNetwork || url.pathname.replace(/\/+$/, '') === '') {
      ctx.addIssue({ code: 'custom', message })
      return z.NEVER
    }
    url.protocol = 'https:'
    return url.href
  })
}

/**
 * The site's languages, BCP 47 codes in order, the main one first (issue 28): `["en", "ml"]`. Written as the
 * canonical form of each; none given is English alone.
 */
const languages = z
  .unknown()
  .optional()
  .transform((value, ctx): string[] => {
    if (value === null || value === undefined) return [...DEFAULT_LANGUAGES]
    const message = 'Languages must be a list of language codes, the main one first, such as ["en", "ml"]'
    if (!Array.isArray(value) || value.length === 0) {
      ctx.addIssue({ code: 'custom', message })
      return z.NEVER
    }
    if (value.length > MAX_LANGUAGES) {
      ctx.addIssue({ code: 'custom', message: `At most ${MAX_LANGUAGES} languages` })
      return z.NEVER
    }
    const codes: string[] = []
    for (const given of value) {
      const code = canonicalLanguage(given)
      if (!code) {
        ctx.addIssue({
          code: 'custom',
          message: `${JSON.stringify(given)} is not a language code (BCP 47, such as en, ml or pt-BR)`,
        })
        return z.NEVER
      }
      if (RESERVED_PATH_SEGMENTS.includes(code.toLowerCase())) {
        ctx.addIssue({
          code: 'custom',
          message: `${code} cannot be a language of this site: its pages would be at /${code.toLowerCase()}/…, an address the site already uses`,
        })
        return z.NEVER
      }
      if (codes.includes(code)) {
        ctx.addIssue({ code: 'custom', message: `${code} is in the list twice` })
        return z.NEVER
      }
      codes.push(code)
    }
    return codes
  })

/** The weekly news e-mail's day, 0 (Sunday) to 6 (Saturday), and hour, 0 to 23, on the church's clock (issue 48). */
export const DEFAULT_DIGEST_DAY = 6
export const DEFAULT_DIGEST_HOUR = 9

/** A whole number from `min` to `max`, from JSON or a form's text; left out or empty, the default. */
function wholeNumberSetting(message: string, min: number, max: number, fallback: number) {
  return z
    .union([z.number(), z.string()], { error: message })
    .nullish()
    .transform((value, ctx) => {
      if (value === null || value === undefined || (typeof value === 'string' && value.trim() === ''))
        return fallback
      const number = typeof value === 'number' ? value : parseWholeNumber(value.trim(), { min, max })
      if (number === null || !Number.isInteger(number) || number < min || number > max) {
        ctx.addIssue({ code: 'custom', message })
        return z.NEVER
      }
      return number
    })
}

const PHONE_FIELDS = [
  ['phone', 'Phone'],
  ['whatsapp_number', 'WhatsApp number'],
] as const

export const ChurchInfoSchema = z
  .object({
    name: requiredText('Name'),
    /** The line under the name in the header, e.g. the church's denomination. */
    subtitle: optionalText('Subtitle'),
    description: optionalText('Description', RICH_TEXT_MAX_LENGTH),
    /** The footer's line under the name. */
    tagline: optionalText('Tagline', 300),
    address: optionalText('Address', MEDIUM_TEXT_MAX_LENGTH),
    /** The address in parts, as search engines read it (schema.org PostalAddress); the country is `country`. */
    street_address: optionalText('Street address', 300),
    address_locality: optionalText('Town or city', 100),
    postal_code: optionalText('Postcode', 20),
    country,
    timezone,
    email: optionalEmail,
    phone: optionalText('Phone', 40),
    whatsapp_number: optionalText('WhatsApp number', 40),
    /** One line per row: 'Monday - Friday: 9:00 AM - 5:00 PM'. */
    office_hours: optionalText('Office hours', MEDIUM_TEXT_MAX_LENGTH),
    /** How to come by bus or train; one line per point. */
    public_transport: optionalText('Public transport', MEDIUM_TEXT_MAX_LENGTH),
    parking: optionalText('Parking', MEDIUM_TEXT_MAX_LENGTH),
    facebook_url: socialProfileUrl(SOCIAL_PROFILES.facebook_url),
    instagram_url: socialProfileUrl(SOCIAL_PROFILES.instagram_url),
    youtube_url: socialProfileUrl(SOCIAL_PROFILES.youtube_url),
    logo_url: optionalImageUrl('Logo'),
    latitude: coordinate(-90, 90),
    longitude: coordinate(-180, 180),
    languages,
    digest_day: wholeNumberSetting(
      'Digest day must be a day of the week from 0 (Sunday) to 6 (Saturday)',
      0,
      6,
      DEFAULT_DIGEST_DAY,
    ),
    digest_hour: wholeNumberSetting('Digest hour must be an hour from 0 to 23', 0, 23, DEFAULT_DIGEST_HOUR),
  })
  // Phone numbers are read in the church's country, so they are checked once the whole record is known; run
  // even when another field failed, so every problem is reported at once.
  .superRefine(
    (info, ctx) => {
      const region: CountryCode = isCountryCode(String(info.country))
        ? (info.country as CountryCode)
        : DEFAULT_COUNTRY
      for (const [field, label] of PHONE_FIELDS) {
        const value = info[field]
        if (typeof value === 'string' && value && !toE164(value, region)) {
          ctx.addIssue({ code: 'custom', path: [field], message: phoneNumberMessage(label, region) })
        }
      }
    },
    { when: () => true },
  )
  // Stored in international form ('+353871234567'), whatever way they were typed.
  .overwrite((info) => {
    const region = info.country as CountryCode
    return {
      ...info,
      phone: info.phone && (toE164(info.phone, region) ?? info.phone),
      whatsapp_number: info.whatsapp_number && (toE164(info.whatsapp_number, region) ?? info.whatsapp_number),
    }
  })
