import { z } from 'zod'

import type { Route } from './+types/admin.ts'
import type { AdminField } from '#app/lib/admin-fields.ts'
import { SingleRecordForm } from '#app/components/admin/single-record-form.tsx'
import { runtimeContext } from '#app/context.ts'
import { singleRecordAction } from '#app/server/admin-actions.server.ts'
import { adminMeta } from '#app/lib/admin-meta.ts'
import { ValidationError } from '#app/lib/errors.ts'
import { canonicalLanguage, languageList } from '#app/lib/languages.ts'
import { mapPositionProblem, parseMapPosition } from '#app/lib/map-position.ts'
import { countryOptions, DEFAULT_COUNTRY, formatPhone } from '#app/lib/phone.ts'
import { getChurchInfo, saveChurchInfo } from './model.server.ts'
import {
  ChurchInfoSchema,
  DEFAULT_DIGEST_DAY,
  DEFAULT_DIGEST_HOUR,
  DEFAULT_LATITUDE,
  DEFAULT_LONGITUDE,
} from './schema.ts'
import { churchInfo } from './content.ts'
import { LanguagesField } from './admin-languages-field.tsx'
import { pagePath } from '#app/content/registry.ts'

const TOASTS = {
  saved: 'Church information updated successfully',
  failed: 'Failed to update church information',
}

const PHONE_HINT = 'As you would dial it in your country (087 123 4567), or with + and the country code.'
const LINES_HINT = 'One point per line.'

/** The form's fields; the country names come from the server, so the page hydrates with the same list. */
const fields = (countries: ReadonlyArray<{ value: string; label: string }>): AdminField[] => [
  { kind: 'text', name: 'name', label: 'Church name', required: true },
  {
    kind: 'text',
    name: 'subtitle',
    label: 'Subtitle',
    hint: 'Shown under the name in the header, e.g. your denomination.',
  },
  { kind: 'rich-text', name: 'description', label: 'Description' },
  {
    kind: 'text',
    name: 'tagline',
    label: 'Footer tagline',
    hint: 'One sentence in the footer, under the name; also on the home page’s share picture.',
  },
  { kind: 'textarea', name: 'address', label: 'Address', rows: 3, hint: 'As shown on the website.' },
  {
    kind: 'text',
    name: 'street_address',
    label: 'Street address',
    placeholder: 'Unit 4, Kinsale Road Business Park',
    hint: 'The address in parts, as search engines and maps read it (the country is chosen below).',
  },
  { kind: 'text', name: 'address_locality', label: 'Town or city', placeholder: 'Cork', half: true },
  { kind: 'text', name: 'postal_code', label: 'Postcode', placeholder: 'T12 X2Y8', half: true },
  {
    kind: 'select',
    name: 'country',
    label: 'Country',
    options: countries,
    defaultValue: DEFAULT_COUNTRY,
    hint: 'Phone numbers typed without a country code are read as numbers of this country.',
    half: true,
  },
  { kind: 'email', name: 'email', label: 'Email', half: true },
  { kind: 'tel', name: 'phone', label: 'Phone', hint: PHONE_HINT, half: true },
  { kind: 'tel', name: 'whatsapp_number', label: 'WhatsApp number', hint: PHONE_HINT, half: true },
  {
    kind: 'textarea',
    name: 'office_hours',
    label: 'Office hours',
    rows: 4,
    hint: 'One row per line, days and hours after a colon: “Monday - Friday: 9:00 AM - 5:00 PM”.',
  },
  { kind: 'image', name: 'logo_url', label: 'Logo' },
  {
    kind: 'map-position',
    name: 'map_position',
    label: 'Find the map position',
    placeholder: 'https://www.google.com/maps/place/…',
    hint: 'Paste a Google Maps or OpenStreetMap link, or coordinates such as 51.8969, -8.4863: latitude and longitude are filled in from it.',
  },
  {
    kind: 'decimal',
    name: 'latitude',
    label: 'Latitude',
    hint: 'Decimal degrees for the map, e.g. 51.8969.',
    half: true,
  },
  {
    kind: 'decimal',
    name: 'longitude',
    label: 'Longitude',
    hint: 'Decimal degrees for the map, e.g. -8.4863.',
    half: true,
  },
  {
    kind: 'textarea',
    name: 'public_transport',
    label: 'Getting here by public transport',
    rows: 3,
    hint: `Bus routes, the nearest station. ${LINES_HINT}`,
  },
  { kind: 'textarea', name: 'parking', label: 'Parking', rows: 2, hint: LINES_HINT },
  {
    kind: 'url',
    name: 'facebook_url',
    label: 'Facebook page',
    placeholder: 'https://www.facebook.com/yourchurch',
  },
  {
    kind: 'url',
    name: 'instagram_url',
    label: 'Instagram profile',
    placeholder: 'https://www.instagram.com/yourchurch',
  },
  {
    kind: 'url',
    name: 'youtube_url',
    label: 'YouTube channel',
    placeholder: 'https://www.youtube.com/@yourchurch',
    hint: 'Links left empty are not shown on the site.',
  },
  { kind: 'custom', name: 'languages', label: 'Languages', Control: LanguagesField },
  {
    kind: 'select',
    name: 'digest_day',
    label: 'Weekly news: day',
    options: DIGEST_DAYS.map((label, day) => ({ value: String(day), label })),
    defaultValue: String(DEFAULT_DIGEST_DAY),
    hint: 'The day the weekly news e-mail goes to subscribers, on the church’s clock.',
    half: true,
  },
  {
    kind: 'select',
    name: 'digest_hour',
    label: 'Weekly news: hour',
    options: Array.from({ length: 24 }, (_, hour) => ({
      value: String(hour),
      label: `${String(hour).padStart(2, '0')}:00`,
    })),
    defaultValue: String(DEFAULT_DIGEST_HOUR),
    half: true,
  },
]

const DIGEST_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

/**
 * The form's languages as the list the API takes (`"en, ml"` → `['en', 'ml']`; empty: none given, English alone),
 * and only the translations of the languages kept: a language taken off the list keeps what is stored for it
 * (decision 0024), its tab's fields are simply not sent.
 */
function fromForm(data: unknown) {
  if (typeof data !== 'object' || data === null) return data
  const { languages, translations, ...fields } = data as Record<string, unknown>
  if (typeof languages !== 'string') return data
  const list = languageList(languages)
  const others = list.slice(1).map(canonicalLanguage)
  const kept =
    translations && typeof translations === 'object'
      ? Object.fromEntries(
          Object.entries(translations).filter(([code]) => others.includes(canonicalLanguage(code))),
        )
      : undefined
  return { ...fields, languages: list.length > 0 ? list : null, ...(kept ? { translations: kept } : {}) }
}

/** The schema the form is checked with in the browser: church info's own, on the list the form's text makes. */
const FormSchema = z.preprocess(fromForm, ChurchInfoSchema)

export const meta = () => adminMeta('Church Info')

export async function loader({ context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext)
  const churchInfo = await getChurchInfo({ db: runtime.db })
  return {
    // Numbers are stored as '+353214320199'; staff see them spaced as people write them.
    churchInfo: churchInfo && {
      ...churchInfo,
      phone: churchInfo.phone && formatPhone(churchInfo.phone),
      whatsapp_number: churchInfo.whatsapp_number && formatPhone(churchInfo.whatsapp_number),
    },
    countries: countryOptions(),
  }
}

export async function action(args: Route.ActionArgs) {
  return singleRecordAction(
    args,
    ({ db, data }) => saveChurchInfo({ db, data: fromForm(withMapPosition(data)) }),
    TOASTS,
    pagePath('contact'),
  )
}

/** A map link or coordinates pasted into 'Find the map position' give the latitude and longitude saved. */
function withMapPosition(data: unknown) {
  const { map_position: pasted, ...fields } = data as Record<string, unknown>
  if (typeof pasted !== 'string' || !pasted.trim()) return fields
  const position = parseMapPosition(pasted)
  if (!position) throw new ValidationError({ map_position: mapPositionProblem(pasted) })
  return { ...fields, ...position }
}

export default function ChurchInfoScreen({ loaderData }: Route.ComponentProps) {
  return (
    <SingleRecordForm
      title="Church Info"
      description="The church's name, its own words, contact details, map location and social links shown across the website."
      formTitle="Church Information"
      fields={fields(loaderData.countries)}
      // The spec's default coordinates fill a first, empty form only: coordinates cleared on purpose stay empty.
      values={loaderData.churchInfo ?? { latitude: DEFAULT_LATITUDE, longitude: DEFAULT_LONGITUDE }}
      schema={FormSchema}
      translate={churchInfo.tables.church_info.translate}
      failToast={TOASTS.failed}
    />
  )
}
