import type { Route } from './+types/admin.ts'
import type { AdminField } from '#app/components/admin/admin-fields.ts'
import { CrudScreen } from '#app/components/admin/crud-screen.tsx'
import { runtimeContext } from '#app/context.ts'
import { crudAction } from '#app/server/admin-actions.server.ts'
import { adminMeta } from '#app/lib/admin-meta.ts'
import { htmlToText } from '#app/lib/html-to-text.ts'
import {
  createGettingHere,
  deleteGettingHere,
  listGettingHere,
  reorderGettingHere,
  updateGettingHere,
} from './model.server.ts'
import { GettingHereSchema } from './schema.ts'
import { gettingHere } from './content.ts'
import { pagePath } from '#app/content/registry.ts'

const TOASTS = {
  created: 'Information added successfully',
  updated: 'Information updated successfully',
  deleted: 'Information deleted successfully',
  saveFailed: 'Failed to save information',
  deleteFailed: 'Failed to delete information',
  reordered: 'Order updated successfully',
  reorderFailed: 'Failed to update order',
}

const FIELDS: AdminField[] = [
  {
    kind: 'text',
    name: 'transport_type',
    label: 'Transport type',
    required: true,
    placeholder: 'Bus, train, car…',
    half: true,
  },
  { kind: 'text', name: 'title', label: 'Title', required: true, placeholder: 'By bus', half: true },
  { kind: 'rich-text', name: 'description', label: 'Description', required: true },
]

export const meta = () => adminMeta('Getting Here')

export async function loader({ context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext)
  return { items: await listGettingHere({ db: runtime.db }) }
}

export async function action(args: Route.ActionArgs) {
  return crudAction(
    args,
    {
      create: createGettingHere,
      update: updateGettingHere,
      delete: deleteGettingHere,
      reorder: reorderGettingHere,
    },
    TOASTS,
    () => `${pagePath('about')}#getting-here`,
  )
}

export default function GettingHereScreen({ loaderData }: Route.ComponentProps) {
  return (
    <CrudScreen
      title="Getting Here"
      description="Directions by bus, train or car on the About page, shown in this order."
      noun="Direction"
      listHeading="Directions"
      emptyText="No information added yet"
      items={loaderData.items}
      fields={FIELDS}
      schema={GettingHereSchema}
      translate={gettingHere.tables.getting_here.translate}
      saveFailedToast={TOASTS.saveFailed}
      ordered
      describe={(entry) => ({
        title: entry.title,
        badge: entry.transport_type,
        excerpt: htmlToText(entry.description),
      })}
    />
  )
}
