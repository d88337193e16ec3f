// Before any schema is built: zod must not probe `new Function` in a browser (our CSP forbids eval).
import '#app/lib/zod-jitless.ts'
import { z } from 'zod'

/** How long contact messages are kept unless staff delete them sooner (GDPR: not for ever). */
export const RETENTION_MONTHS_DEFAULT = 24
export const RETENTION_MONTHS_MAX = 120
/** Messages in Spam are deleted after this many days, whatever the retention setting. */
export const SPAM_RETENTION_DAYS = 30
export const NOTIFY_RECIPIENTS_MAX = 20

const isEmail = (value: string) => value.length <= 254 && z.email().safeParse(value).success

/**
 * The staff addresses every new message is sent to. A form sends them as text, one per line (or separated by
 * commas); the API as a list. A bad address is named in the message.
 */
export const NotificationSettingsSchema = z.object({
  recipients: z
    .union([z.string(), z.array(z.string())], { error: 'Recipients must be a list of email addresses' })
    .transform((value, ctx) => {
      const list = (Array.isArray(value) ? value : value.split(/[\n,;]/))
        .map((line) => line.trim())
        .filter(Boolean)
      const bad = list.find((address) => !isEmail(address))
      if (bad) {
        ctx.addIssue({ code: 'custom', message: `“${bad}” is not an email address` })
        return z.NEVER
      }
      if (list.length > NOTIFY_RECIPIENTS_MAX) {
        ctx.addIssue({ code: 'custom', message: `At most ${NOTIFY_RECIPIENTS_MAX} recipients` })
        return z.NEVER
      }
      // The same address twice (in any case) is kept once.
      return [...new Map(list.map((address) => [address.toLowerCase(), address])).values()]
    }),
})

export const RetentionSettingsSchema = z.object({
  retention_months: z.coerce
    .number({ error: 'Enter a number of months' })
    .int('Enter a whole number of months')
    .min(1, 'Keep messages for at least 1 month')
    .max(RETENTION_MONTHS_MAX, `Keep messages for at most ${RETENTION_MONTHS_MAX} months`),
})

/**
 * The site's address, as an administrator confirms it in Settings: an http(s) address with no path, user or
 * query (its origin is what links are made of). Read as `https://church.example` from `church.example/` too.
 */
export const SiteAddressSchema = z.object({
  site_address: z
    .string({ error: 'Enter the address of the website' })
    .trim()
    .min(1, 'Enter the address of the website')
    .max(200, 'At most 200 characters')
    .transform((value, ctx) => {
      const withScheme = /^[a-z][a-z\d+.-]*:\/\//i.test(value) ? value : `https://${value}`
      let url: URL
      try {
        url = new URL(withScheme)
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Enter a web address such as https://church.example' })
        return z.NEVER
      }
      if (url.protocol !== 'https:' && url.protocol !== 'http:') {
        ctx.addIssue({ code: 'custom', message: 'The address must start with https:// or http://' })
        return z.NEVER
      }
      if (
        url.username ||
        url.password ||
        url.search ||
        url.hash ||
        (url.pathname !== '/' && url.pathname !== '')
      ) {
        ctx.addIssue({
          code: 'custom',
          message:
            'Enter only the site’s address, without a page, user or query (such as https://church.example)',
        })
        return z.NEVER
      }
      return url.origin
    }),
})

/** Days an event's registrations are kept after its date, then erased (GDPR: not for ever). */
export const REGISTRATION_KEPT_DAYS_DEFAULT = 30
export const REGISTRATION_KEPT_DAYS_MAX = 365

/**
 * Event registrations: how many days after its date a registration is erased, and whether editors (not only
 * administrators) may see and manage them (personal data); likewise the weekly news' subscribers (issue 48).
 */
export const RegistrationSettingsSchema = z.object({
  registration_kept_days: z.coerce
    .number({ error: 'Enter a number of days' })
    .int('Enter a whole number of days')
    .min(1, 'Keep registrations for at least 1 day')
    .max(REGISTRATION_KEPT_DAYS_MAX, `Keep registrations for at most ${REGISTRATION_KEPT_DAYS_MAX} days`),
  editors_manage_registrations: z
    .union([z.boolean(), z.string()])
    .nullish()
    .transform((value) => value === true || value === 'on' || value === 'true'),
  editors_manage_subscribers: z
    .union([z.boolean(), z.string()])
    .nullish()
    .transform((value) => value === true || value === 'on' || value === 'true'),
})

/** Where a sermon's passages are read online; `{ref}` is replaced by the passage ("Romans 8:1–39"). */
export const BIBLE_LINK_DEFAULT = 'https://www.biblegateway.com/passage/?search={ref}&version=NIV'

export const BibleLinkSchema = z.object({
  bible_link: z
    .string({ error: 'Enter the address of an online Bible' })
    .trim()
    .min(1, 'Enter the address of an online Bible')
    .max(300, 'At most 300 characters')
    .refine((value) => value.includes('{ref}'), {
      message: 'Put {ref} where the passage goes, such as https://www.biblegateway.com/passage/?search={ref}',
    })
    .refine(
      (value) => {
        try {
          return /^https?:$/.test(new URL(value.replaceAll('{ref}', 'John+3')).protocol)
        } catch {
          return false
        }
      },
      { message: 'The address must start with https:// or http://' },
    ),
})

/** A passage's address at the online Bible: the pattern with `{ref}` filled in (encoded). */
export function bibleLink(pattern: string, passage: string) {
  return pattern.replaceAll('{ref}', encodeURIComponent(passage))
}

/** Whether an IBAN's check digits add up (ISO 13616: mod 97 of the rearranged number is 1). */
export function ibanChecks(iban: string) {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (letter) =>
    String(letter.charCodeAt(0) - 55),
  )
  let remainder = 0
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97
  return remainder === 1
}

const optionalSetting = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((value) => value || null)

/**
 * How to give by bank transfer (issue 49): shown on the giving page, and all it shows while Stripe is not connected.
 * The IBAN is kept without spaces and shown in groups of four.
 */
export const GivingSettingsSchema = z.object({
  account_name: optionalSetting(140),
  iban: z
    .string()
    .nullish()
    .transform((value) => (value ?? '').replace(/\s+/g, '').toUpperCase() || null)
    .refine((value) => value === null || ibanChecks(value), {
      message: 'Enter a valid IBAN, such as IE29 AIBK 9311 5212 3456 78',
    }),
  bic: z
    .string()
    .nullish()
    .transform((value) => (value ?? '').replace(/\s+/g, '').toUpperCase() || null)
    .refine((value) => value === null || /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value), {
      message: 'Enter a valid BIC of 8 or 11 characters, such as AIBKIE2D',
    }),
  reference: optionalSetting(140),
  /** The church's number as a charity (`CHY 12345`, or its RCN): on every receipt and statement, and on the CHY3. */
  charity_number: optionalSetting(40),
  /**
   * The amounts offered as buttons on the giving page, in whole euro (`10, 25, 50, 100`); null for the defaults.
   * Typed as a list separated by commas or spaces; each from 1 to 10,000, at most six.
   */
  presets: z
    .union([z.string(), z.array(z.number())])
    .nullish()
    .transform((value) =>
      Array.isArray(value)
        ? value
        : (value ?? '')
            .split(/[\s,;]+/)
            .map((part) => part.replace(/^€/, ''))
            .filter(Boolean)
            .map(Number),
    )
    .refine(
      (list) =>
        list.length <= 6 && list.every((euro) => Number.isInteger(euro) && euro >= 1 && euro <= 10_000),
      { message: 'Give up to six whole amounts in euro from 1 to 10,000, such as 10, 25, 50, 100' },
    )
    .transform((list) => (list.length > 0 ? [...new Set(list)].sort((a, b) => a - b) : null)),
})

export type GivingSettings = z.output<typeof GivingSettingsSchema>
