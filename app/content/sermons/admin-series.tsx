import type { Route } from './+types/admin-series.ts'
import { AdminSermonTabs } from './admin-tabs.tsx'
import { type AdminField, imageAltField } from '#app/components/admin/admin-fields.ts'
import { CrudScreen } from '#app/components/admin/crud-screen.tsx'
import { runtimeContext } from '#app/context.ts'
import { crudAction } from '#app/server/admin-actions.server.ts'
import { adminMeta } from '#app/lib/admin-meta.ts'
import { htmlToText } from '#app/lib/html-to-text.ts'
import {
  createSermonSeries,
  deleteSermonSeries,
  listSermonSeries,
  updateSermonSeries,
} from './model.server.ts'
import { SermonSeriesSchema } from './schema.ts'
import { sermons } from './content.ts'
import { pagePath } from '#app/content/registry.ts'

const TOASTS = {
  created: 'Series added successfully',
  updated: 'Series updated successfully',
  deleted: 'Series deleted successfully',
  saveFailed: 'Failed to save series',
  deleteFailed: 'Failed to delete series',
}

const FIELDS: AdminField[] = [
  { kind: 'text', name: 'title', label: 'Title', required: true, placeholder: 'Letters to the churches' },
  { kind: 'image', name: 'image_url', label: 'Image' },
  imageAltField({ fallback: 'the series’ title' }),
  { kind: 'rich-text', name: 'description', label: 'Description' },
]

export const meta = () => adminMeta('Sermon series')

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext)
  return { items: await listSermonSeries({ db }) }
}

export async function action(args: Route.ActionArgs) {
  return crudAction(
    args,
    { create: createSermonSeries, update: updateSermonSeries, delete: deleteSermonSeries },
    TOASTS,
    (series) => pagePath('sermon-series', { id: series.id }),
  )
}

export default function SermonSeriesScreen({ loaderData }: Route.ComponentProps) {
  return (
    <CrudScreen
      title="Sermon series"
      description="Series group sermons on the Sermons page; deleting one keeps its sermons, without a series."
      noun="Series"
      listHeading="Current Series"
      emptyText="No series added yet"
      items={loaderData.items}
      fields={FIELDS}
      schema={SermonSeriesSchema}
      translate={sermons.tables.sermon_series.translate}
      saveFailedToast={TOASTS.saveFailed}
      headerLinks={<AdminSermonTabs />}
      describe={(series) => ({
        title: series.title,
        excerpt: htmlToText(series.description),
        image: { url: series.image_url },
      })}
    />
  )
}
