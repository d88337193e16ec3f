import type { Route } from './+types/admin.ts'
import type { AdminField } from '#app/components/admin/admin-fields.ts'
import { CrudScreen } from '#app/components/admin/crud-screen.tsx'
import { runtimeContext } from '#app/context.ts'
import { crudAction } from '#app/server/admin-actions.server.ts'
import { adminMeta } from '#app/lib/admin-meta.ts'
import { htmlToText } from '#app/lib/html-to-text.ts'
import { createService, deleteService, listServices, reorderServices, updateService } from './model.server.ts'
import { ServiceSchema } from './schema.ts'
import { services } from './content.ts'
import { pagePath } from '#app/content/registry.ts'

const TOASTS = {
  created: 'Service added successfully',
  updated: 'Service updated successfully',
  deleted: 'Service deleted successfully',
  saveFailed: 'Failed to save service',
  deleteFailed: 'Failed to delete service',
  reordered: 'Services order updated',
  reorderFailed: 'Failed to update order',
}

const TYPE_LABELS = { regular: 'Regular', special: 'Special' } as const

const FIELDS: AdminField[] = [
  { kind: 'text', name: 'name', label: 'Name', required: true, placeholder: 'Sunday Worship' },
  {
    kind: 'select',
    name: 'type',
    label: 'Type',
    required: true,
    defaultValue: 'regular',
    options: [
      { value: 'regular', label: TYPE_LABELS.regular },
      { value: 'special', label: TYPE_LABELS.special },
    ],
    hint: 'Regular services are listed on the home page.',
  },
  { kind: 'text', name: 'day', label: 'Day', placeholder: 'Sunday', half: true },
  { kind: 'text', name: 'time', label: 'Time', placeholder: '10:30 AM', half: true },
  { kind: 'text', name: 'location', label: 'Location', placeholder: 'Main hall' },
  { kind: 'rich-text', name: 'description', label: 'Description' },
]

export const meta = () => adminMeta('Services')

export async function loader({ context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext)
  return { items: await listServices({ db: runtime.db }) }
}

export async function action(args: Route.ActionArgs) {
  return crudAction(
    args,
    {
      create: createService,
      update: updateService,
      delete: deleteService,
      reorder: reorderServices,
    },
    TOASTS,
    () => pagePath('services'),
  )
}

export default function ServicesScreen({ loaderData }: Route.ComponentProps) {
  return (
    <CrudScreen
      title="Services"
      description="Worship services and special gatherings shown on the Services and home pages, in this order."
      noun="Service"
      listHeading="Current Services"
      emptyText="No services added yet"
      items={loaderData.items}
      fields={FIELDS}
      schema={ServiceSchema}
      translate={services.tables.services.translate}
      saveFailedToast={TOASTS.saveFailed}
      ordered
      describe={(service) => ({
        title: service.name,
        badge: TYPE_LABELS[service.type],
        meta: [service.day, service.time, service.location],
        excerpt: htmlToText(service.description),
      })}
    />
  )
}
