import type { Route } from './+types/church-info.ts'
import type { AdminField } from '#app/components/admin/admin-fields.ts'
import { SingleRecordForm } from '#app/components/admin/single-record-form.tsx'
import { runtimeContext } from '#app/context.ts'
import { singleRecordAction } from '#app/server/admin-actions.server.ts'
import { adminMeta } from '#app/lib/admin-meta.ts'
import { getChurchInfo, saveChurchInfo } from '#app/models/church-info.server.ts'
import { ChurchInfoSchema, DEFAULT_LATITUDE, DEFAULT_LONGITUDE } from '#app/schemas/church-info.ts'

const TOASTS = {
  saved: 'Church information updated successfully',
  failed: 'Failed to update church information',
}

const COUNTRY_CODE_HINT = 'Include the country code, for example +353 21 123 4567.'

const FIELDS: AdminField[] = [
  { kind: 'text', name: 'name', label: 'Church name', required: true },
  { kind: 'rich-text', name: 'description', label: 'Description' },
  { kind: 'textarea', name: 'address', label: 'Address', rows: 3 },
  { kind: 'email', name: 'email', label: 'Email' },
  { kind: 'tel', name: 'phone', label: 'Phone', hint: COUNTRY_CODE_HINT, half: true },
  { kind: 'tel', name: 'whatsapp_number', label: 'WhatsApp number', hint: COUNTRY_CODE_HINT, half: true },
  { kind: 'image', name: 'logo_url', label: 'Logo' },
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
]

export const meta = () => adminMeta('Church Info')

export async function loader({ context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext)
  return { churchInfo: await getChurchInfo({ db: runtime.db }) }
}

export async function action(args: Route.ActionArgs) {
  return singleRecordAction(args, saveChurchInfo, TOASTS)
}

export default function ChurchInfoScreen({ loaderData }: Route.ComponentProps) {
  return (
    <SingleRecordForm
      title="Church Info"
      description="The church's name, welcome text, contact details and map location shown across the website."
      formTitle="Church Information"
      fields={FIELDS}
      // The spec's default coordinates fill a first, empty form only: coordinates cleared on purpose stay empty.
      values={loaderData.churchInfo ?? { latitude: DEFAULT_LATITUDE, longitude: DEFAULT_LONGITUDE }}
      schema={ChurchInfoSchema}
      failToast={TOASTS.failed}
    />
  )
}
