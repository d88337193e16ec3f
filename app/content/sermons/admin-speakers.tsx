import type { Route } from './+types/admin-speakers.ts'
import { AdminSermonTabs } from './admin-tabs.tsx'
import { type AdminField, imageAltField } from '#app/components/admin/admin-fields.ts'
import { CrudScreen } from '#app/components/admin/crud-screen.tsx'
import { runtimeContext } from '#app/context.ts'
import { crudAction } from '#app/server/admin-actions.server.ts'
import { adminMeta } from '#app/lib/admin-meta.ts'
import { htmlToText } from '#app/lib/html-to-text.ts'
import { createSpeaker, deleteSpeaker, listSpeakers, updateSpeaker } from './model.server.ts'
import { SpeakerSchema } from './schema.ts'
import { sermons } from './content.ts'
import { pagePath } from '#app/content/registry.ts'

const TOASTS = {
  created: 'Speaker added successfully',
  updated: 'Speaker updated successfully',
  deleted: 'Speaker deleted successfully',
  saveFailed: 'Failed to save speaker',
  deleteFailed: 'Failed to delete speaker',
}

const FIELDS: AdminField[] = [
  { kind: 'text', name: 'name', label: 'Name', required: true, placeholder: 'Pastor Thomas Mathew' },
  { kind: 'text', name: 'role', label: 'Role', placeholder: 'Senior Pastor' },
  { kind: 'image', name: 'image_url', label: 'Photo' },
  imageAltField({ fallback: 'the speaker’s name' }),
  { kind: 'rich-text', name: 'bio', label: 'Bio' },
]

export const meta = () => adminMeta('Speakers')

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext)
  return { items: await listSpeakers({ db }) }
}

export async function action(args: Route.ActionArgs) {
  return crudAction(
    args,
    { create: createSpeaker, update: updateSpeaker, delete: deleteSpeaker },
    TOASTS,
    (speaker) => `${pagePath('sermons')}?speaker=${encodeURIComponent(speaker.id)}`,
  )
}

export default function SpeakersScreen({ loaderData }: Route.ComponentProps) {
  return (
    <CrudScreen
      title="Speakers"
      description="The people who preach, chosen on each sermon; deleting one keeps their sermons, without a speaker."
      noun="Speaker"
      listHeading="Current Speakers"
      emptyText="No speakers added yet"
      items={loaderData.items}
      fields={FIELDS}
      schema={SpeakerSchema}
      translate={sermons.tables.speakers.translate}
      saveFailedToast={TOASTS.saveFailed}
      headerLinks={<AdminSermonTabs />}
      describe={(speaker) => ({
        title: speaker.name,
        meta: [speaker.role],
        excerpt: htmlToText(speaker.bio),
        image: { url: speaker.image_url },
      })}
    />
  )
}
