import type { Route } from './+types/events.ts'
import type { AdminField } from '#app/components/admin/admin-fields.ts'
import { CrudScreen } from '#app/components/admin/crud-screen.tsx'
import { runtimeContext } from '#app/context.ts'
import { crudAction } from '#app/server/admin-actions.server.ts'
import { adminMeta } from '#app/lib/admin-meta.ts'
import { htmlToText } from '#app/lib/html-to-text.ts'
import { createEvent, deleteEvent, listEvents, updateEvent } from '#app/models/events.server.ts'
import { EventSchema } from '#app/schemas/event.ts'

const TOASTS = {
  created: 'Event added successfully',
  updated: 'Event updated successfully',
  deleted: 'Event deleted successfully',
  saveFailed: 'Failed to save event',
  deleteFailed: 'Failed to delete event',
}

const FIELDS: AdminField[] = [
  { kind: 'text', name: 'title', label: 'Title', required: true, placeholder: 'Harvest Thanksgiving' },
  { kind: 'datetime-local', name: 'starts_at', label: 'Starts', half: true },
  { kind: 'datetime-local', name: 'ends_at', label: 'Ends', half: true },
  {
    kind: 'text',
    name: 'recurrence',
    label: 'Repeats',
    placeholder: 'FREQ=WEEKLY;BYDAY=SU',
    hint: 'Empty for a one-time event; a rule such as FREQ=WEEKLY;BYDAY=SU (every Sunday) for a regular one.',
  },
  { kind: 'text', name: 'location', label: 'Location', placeholder: 'Church hall' },
  { kind: 'image', name: 'image_url', label: 'Image' },
  { kind: 'rich-text', name: 'description', label: 'Description' },
]

export const meta = () => adminMeta('Events')

export async function loader({ context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext)
  return { items: await listEvents({ db: runtime.db }) }
}

export async function action(args: Route.ActionArgs) {
  return crudAction(
    args,
    { create: createEvent, update: updateEvent, delete: deleteEvent },
    TOASTS,
    () => '/events',
  )
}

export default function EventsScreen({ loaderData }: Route.ComponentProps) {
  return (
    <CrudScreen
      title="Events"
      description="Special events and regular activities shown on the Events and home pages."
      noun="Event"
      listHeading="Current Events"
      emptyText="No events added yet"
      items={loaderData.items}
      fields={FIELDS}
      schema={EventSchema}
      saveFailedToast={TOASTS.saveFailed}
      describe={(event) => ({
        title: event.title,
        badge: event.is_regular ? 'Regular' : 'One-time',
        meta: [
          event.starts_at ? event.date : `Needs a date (${event.date ?? 'none given'})`,
          event.time,
          event.location,
        ],
        excerpt: htmlToText(event.description),
        image: { url: event.image_url },
      })}
    />
  )
}
