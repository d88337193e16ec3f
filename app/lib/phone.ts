import examples from 'libphonenumber-js/mobile/examples'
// The full metadata: it knows which prefixes are allocated ('080 123 4567' is no Irish number), where the
// default, length-only set would take it. Only the server and the admin's church-info form load it.
// NOTE: public components must not import this module (it would bring the metadata into every page's script):
// pages get numbers already formatted by their loaders; `tel:` links are lib/contact-links.ts.
import {
  type CountryCode,
  getCountries,
  getExampleNumber,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/max'

export type { CountryCode }

/** The church's country when none is set: the first congregation is in Ireland. */
export const DEFAULT_COUNTRY: CountryCode = 'IE'

export function isCountryCode(code: string): code is CountryCode {
  return isSupportedCountry(code)
}

/** A country's name in English ('IE' → 'Ireland'), or the code itself when the runtime has no name for it. */
export function countryName(code: string) {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code
  } catch {
    return code
  }
}

/** Every country phone numbers can be checked for, by name, for the church's country setting. */
export function countryOptions() {
  return getCountries()
    .map((code) => ({ value: code, label: countryName(code) }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en'))
}

/**
 * A phone number as a person types it ('087 123 4567', '+44 20 7946 0958'), read in the church's country: its
 * international (E.164) form '+353871234567', or null when it is no valid number there or abroad.
 */
export function toE164(input: string, country: CountryCode = DEFAULT_COUNTRY) {
  const parsed = parsePhoneNumberFromString(input, country)
  // NOTE: '12' parses (to '+35312'); only isValid() says it is no number.
  return parsed?.isValid() ? parsed.number : null
}

/** What staff are told when a number is refused, with a real-looking example for their country. */
export function phoneNumberMessage(label: string, country: CountryCode = DEFAULT_COUNTRY) {
  const example = getExampleNumber(country, examples)
  const local = example ? ` (e.g. ${example.formatNational()})` : ''
  return `${label} is not a valid phone number in ${countryName(country)}: enter it with its area code${local}, or with + and the country code for a number abroad`
}

/** A stored number as the site shows it: '+353214320199' → '+353 21 432 0199'; anything else as it is. */
export function formatPhone(stored: string) {
  // Every public page shows the church's number: parsing it each time was half a % of a page's CPU.
  let shown = phonesShown.get(stored)
  if (shown === undefined) {
    shown = parsePhoneNumberFromString(stored)?.formatInternational() ?? stored
    if (phonesShown.size < 100) phonesShown.set(stored, shown)
  }
  return shown
}

const phonesShown = new Map<string, string>()

/** WhatsApp's click-to-chat address: wa.me wants the international number as digits only. */
export function whatsAppUrl(stored: string) {
  const digits = stored.replace(/\D/g, '')
  return digits ? `https://wa.me/${digits}` : null
}
