import type { Route } from './+types/admin.ts'
import { type AdminField, imageAltField } from '#app/components/admin/admin-fields.ts'
import { CrudScreen } from '#app/components/admin/crud-screen.tsx'
import { runtimeContext } from '#app/context.ts'
import { crudAction } from '#app/server/admin-actions.server.ts'
import { adminMeta } from '#app/lib/admin-meta.ts'
import { htmlToText } from '#app/lib/html-to-text.ts'
import {
  createMinistry,
  deleteMinistry,
  listMinistries,
  reorderMinistries,
  updateMinistry,
} from './model.server.ts'
import { MinistrySchema } from './schema.ts'
import { ministries } from './content.ts'
import { pagePath } from '#app/content/registry.ts'

const TOASTS = {
  created: 'Ministry added successfully',
  updated: 'Ministry updated successfully',
  deleted: 'Ministry deleted successfully',
  saveFailed: 'Failed to save ministry',
  deleteFailed: 'Failed to delete ministry',
  reordered: 'Ministries order updated',
  reorderFailed: 'Failed to update order',
}

const FIELDS: AdminField[] = [
  { kind: 'text', name: 'name', label: 'Name', required: true, placeholder: 'Youth Ministry' },
  { kind: 'rich-text', name: 'description', label: 'Description' },
  {
    kind: 'lines',
    name: 'activities',
    label: 'Activities',
    rows: 5,
    placeholder: 'Friday youth night\nSummer camp',
    hint: 'One activity per line; blank lines are left out.',
  },
  { kind: 'image', name: 'image_url', label: 'Image' },
  imageAltField({ fallback: 'the ministry’s name' }),
]

export const meta = () => adminMeta('Ministries')

export async function loader({ context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext)
  return { items: await listMinistries({ db: runtime.db }) }
}

export async function action(args: Route.ActionArgs) {
  return crudAction(
    args,
    {
      create: createMinistry,
      update: updateMinistry,
      delete: deleteMinistry,
      reorder: reorderMinistries,
    },
    TOASTS,
    (ministry) => `${pagePath('ministries')}#${ministry.id}`,
  )
}

export default function MinistriesScreen({ loaderData }: Route.ComponentProps) {
  return (
    <CrudScreen
      title="Ministries"
      description="The church's ministries and their activities, shown on the Ministries and home pages, in this order."
      noun="Ministry"
      listHeading="Current Ministries"
      emptyText="No ministries added yet"
      items={loaderData.items}
      fields={FIELDS}
      schema={MinistrySchema}
      translate={ministries.tables.ministries.translate}
      saveFailedToast={TOASTS.saveFailed}
      ordered
      describe={(ministry) => ({
        title: ministry.name,
        meta: [
          ministry.activities.length
            ? `${ministry.activities.length} ${ministry.activities.length === 1 ? 'activity' : 'activities'}`
            : null,
        ],
        excerpt: htmlToText(ministry.description),
        image: { url: ministry.image_url },
      })}
    />
  )
}
