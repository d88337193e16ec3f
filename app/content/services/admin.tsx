import { useMemo } from 'react'

import type { Route } from './+types/admin.ts'
import type { AdminField } from '#app/components/admin/admin-fields.ts'
import { CrudScreen, type CrudWords } from '#app/components/admin/crud-screen.tsx'
import { runtimeContext } from '#app/context.ts'
import { crudAction } from '#app/server/admin-actions.server.ts'
import { adminMeta } from '#app/lib/admin-meta.ts'
import { htmlToText } from '#app/lib/html-to-text.ts'
import { createService, deleteService, listServices, reorderServices, updateService } from './model.server.ts'
import { ServiceSchema, serviceTiming } from './schema.ts'
import { EventScheduleField } from '#app/components/admin/schedule/field.tsx'
import { churchToday } from '#app/content/church-info/model.server.ts'
import { upcomingOccurrences } from '#app/dates/engine.ts'
import { formatDate } from '#app/dates/text.ts'
import { services } from './content.ts'
import { pagePath } from '#app/content/registry.ts'
import { listSpeakers } from '#app/content/sermons/model.server.ts'

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

type Option = { value: string; label: string }

/**
 * The form's fields; the schedule's preview needs the church's time zone and today's date there, and the speaker's
 * choice the speakers.
 */
function serviceFields(zone: string, today: string, speakers: Option[]): AdminField[] {
  return [
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
    {
      kind: 'custom',
      name: 'schedule',
      label: 'When',
      // The events' schedule editor: the first time, its end, how it repeats and the dates it is skipped.
      Control: (props) => <EventScheduleField {...props} zone={zone} today={today} />,
    },
    {
      kind: 'text',
      name: 'day',
      label: 'Day',
      placeholder: 'Sunday',
      half: true,
      hint: 'Written from “When” on each save (“Every Sunday”); without a schedule, as you type it.',
    },
    {
      kind: 'text',
      name: 'time',
      label: 'Time',
      placeholder: '10:30 AM',
      half: true,
    },
    {
      kind: 'select',
      name: 'streamed',
      label: 'Streamed on YouTube',
      options: [
        { value: 'false', label: 'No' },
        { value: 'true', label: 'Yes: the live page follows its times' },
      ],
      hint: 'The live page (/live) shows the stream from 10 minutes before it starts; the recording becomes a draft sermon 2 hours after it ends. Give the channel on the Sermons screen.',
    },
    {
      kind: 'select',
      name: 'speaker_id',
      label: 'Usual speaker',
      options: [{ value: '', label: 'None' }, ...speakers],
      hint: 'The draft sermon made from a streamed service’s recording names this speaker; change it there when someone else preached.',
    },
    { kind: 'text', name: 'location', label: 'Location', placeholder: 'Main hall' },
    { kind: 'rich-text', name: 'description', label: 'Description' },
  ]
}

export const meta = () => adminMeta('Services')

export async function loader({ context }: Route.LoaderArgs) {
  const { db, clock } = context.get(runtimeContext)
  const [stored, { zone, today }, speakers] = await Promise.all([
    listServices({ db }),
    churchToday({ db, clock }),
    listSpeakers({ db }),
  ])
  // Each scheduled service's next three dates, as the list shows them.
  const items = stored.map((service) => {
    let next: string[] = []
    try {
      next = upcomingOccurrences(serviceTiming(service), zone, today, 3).map((occurrence) =>
        formatDate(occurrence.start, false),
      )
    } catch {
      // A schedule the dates cannot be worked out from shows none.
    }
    return { ...service, next }
  })
  return {
    items,
    zone,
    today: today.toString(),
    speakers: speakers.map((speaker) => ({ value: speaker.id, label: speaker.name })),
  }
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

/** The screen's wording (its toasts are the action's too). */
const WORDS: CrudWords = {
  title: 'Services',
  description: 'Worship services and special gatherings shown on the Services and home pages, in this order.',
  noun: 'Service',
  listHeading: 'Current Services',
  emptyText: 'No services added yet',
  toasts: TOASTS,
}

export default function ServicesScreen({ loaderData }: Route.ComponentProps) {
  const { zone, today, speakers } = loaderData
  // Made again only when the speakers change, not with each load's new list: new fields would move the focus
  // back into the form after a save.
  const speakersKey = JSON.stringify(speakers)
  const fields = useMemo(
    () => serviceFields(zone, today, JSON.parse(speakersKey) as typeof speakers),
    [zone, today, speakersKey],
  )
  return (
    <CrudScreen
      words={WORDS}
      items={loaderData.items}
      fields={fields}
      schema={ServiceSchema}
      translate={services.tables.services.translate}
      ordered
      describe={(service) => ({
        title: service.name,
        badge: service.streamed
          ? `${TYPE_LABELS[service.type]} · Streamed on YouTube`
          : TYPE_LABELS[service.type],
        meta: [
          service.day,
          service.time,
          service.location,
          service.next.length > 0 ? `Next: ${service.next.join(', ')}` : null,
        ],
        excerpt: htmlToText(service.description),
      })}
    />
  )
}
