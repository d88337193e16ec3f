import { useMemo } from 'react'

import type { Route } from './+types/admin.ts'
import type { AdminField } from '#app/components/admin/admin-fields.ts'
import { CrudScreen, type CrudWords } from '#app/components/admin/crud-screen.tsx'
import { EventScheduleField } from '#app/components/admin/schedule/field.tsx'
import { runtimeContext } from '#app/context.ts'
import { crudAction } from '#app/server/admin-actions.server.ts'
import { adminMeta } from '#app/lib/admin-meta.ts'
import { htmlToText } from '#app/lib/html-to-text.ts'
import { registrationTotals } from '#app/content/registrations/model.server.ts'
import { createEvent, deleteEvent, listEvents, updateEvent } from './model.server.ts'
import { mayManageRegistrations, adminSession } from '#app/auth/session.server.ts'
import { EventSchema } from './schema.ts'
import { events } from './content.ts'
import { churchToday } from '#app/content/church-info/model.server.ts'
import { pagePath } from '#app/content/registry.ts'

const TOASTS = {
  created: 'Event added successfully',
  updated: 'Event updated successfully',
  deleted: 'Event deleted successfully',
  saveFailed: 'Failed to save event',
  deleteFailed: 'Failed to delete event',
}

/** The form's fields; the schedule's preview needs the church's time zone and today's date there. */
function eventFields(zone: string, today: string): AdminField[] {
  return [
    { kind: 'text', name: 'title', label: 'Title', required: true, placeholder: 'Harvest Thanksgiving' },
    {
      kind: 'custom',
      name: 'schedule',
      label: 'When',
      Control: (props) => <EventScheduleField {...props} zone={zone} today={today} />,
      // Visitors read when it is as words worked out from the schedule on each save ('Every Sunday').
      translates: [
        {
          kind: 'text',
          name: 'date',
          label: 'Date, as written on the site',
          half: true,
          hint: 'Worked out from “When”: check it after the date changes.',
        },
        { kind: 'text', name: 'time', label: 'Time, as written on the site', half: true },
      ],
    },
    { kind: 'text', name: 'location', label: 'Location', placeholder: 'Church hall' },
    {
      kind: 'map-position',
      name: 'map_position',
      label: 'Map position (optional)',
      placeholder: 'https://www.google.com/maps/place/…',
      hint: 'Paste a Google Maps or OpenStreetMap link to show a map on the event’s page: latitude and longitude are filled in from it.',
    },
    { kind: 'decimal', name: 'latitude', label: 'Latitude', half: true },
    { kind: 'decimal', name: 'longitude', label: 'Longitude', half: true },
    { kind: 'image', name: 'image_url', label: 'Image' },
    { kind: 'rich-text', name: 'description', label: 'Description' },
    {
      kind: 'select',
      name: 'registration',
      label: 'Registrations',
      options: [
        { value: 'false', label: 'Off: the button reads “Learn More”' },
        { value: 'true', label: 'On: visitors register on the event’s page' },
      ],
      hint: 'People give their name, e-mail and how many are coming, and are e-mailed a confirmation with a link to cancel.',
    },
    {
      kind: 'number',
      name: 'capacity',
      label: 'Places (optional)',
      placeholder: 'No limit',
      hint: 'For each date. When they are taken, new registrations join a waiting list.',
      half: true,
    },
    {
      kind: 'datetime-local',
      name: 'registration_closes_at',
      label: 'Registrations close (optional)',
      hint: 'Otherwise when the event starts.',
      half: true,
    },
  ]
}

export const meta = () => adminMeta('Events')

export async function loader({ context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext)
  const { db, clock } = runtime
  const [items, { zone, today }, registrations] = await Promise.all([
    listEvents({ db }),
    churchToday({ db, clock }),
    mayManageRegistrations(runtime, adminSession(context)).then((may) =>
      may ? registrationTotals({ db }) : null,
    ),
  ])
  return {
    items,
    zone,
    today: today.toString(),
    // Places taken and people waiting, per event, for those who may see registrations (personal data).
    registrations: registrations && Object.fromEntries(registrations),
  }
}

export async function action(args: Route.ActionArgs) {
  return crudAction(
    args,
    { create: createEvent, update: updateEvent, delete: deleteEvent },
    TOASTS,
    (event) => pagePath('event', { id: event.id }),
  )
}

/** The screen's wording (its toasts are the action's too). */
const WORDS: CrudWords = {
  title: 'Events',
  description: 'Special events and regular activities shown on the Events and home pages.',
  noun: 'Event',
  listHeading: 'Current Events',
  emptyText: 'No events added yet',
  toasts: TOASTS,
}

export default function EventsScreen({ loaderData }: Route.ComponentProps) {
  const { zone, today, registrations } = loaderData
  const fields = useMemo(() => eventFields(zone, today), [zone, today])
  return (
    <CrudScreen
      words={WORDS}
      items={loaderData.items}
      fields={fields}
      schema={EventSchema}
      translate={events.tables.events.translate}
      describe={(event) => ({
        title: event.title,
        badge: event.is_regular ? 'Regular' : 'One-time',
        meta: [
          event.starts_at ? event.date : `Needs a date (was “${event.date ?? 'none given'}”)`,
          event.time,
          event.location,
        ],
        excerpt: htmlToText(event.description),
        image: { url: event.image_url },
        link:
          registrations && (event.registration || registrations[event.id])
            ? registrationLink(event, registrations[event.id])
            : undefined,
      })}
    />
  )
}

/**
 * "Registrations (12/30, 2 waiting)": an event's count on the list, and the way to its registrations. A repeating
 * event's places are per date: "Registrations (9, 20 a date)".
 */
function registrationLink(
  event: { id: string; title: string; capacity: number | null; recurrence: string | null },
  totals: { people: number; waiting: number } | undefined,
) {
  const people = totals?.people ?? 0
  const count =
    event.capacity === null
      ? `${people}`
      : event.recurrence !== null
        ? `${people}, ${event.capacity} a date`
        : `${people}/${event.capacity}`
  const waiting = totals?.waiting ? `, ${totals.waiting} waiting` : ''
  return {
    to: `/admin/events/${event.id}/registrations`,
    label: `Registrations (${count}${waiting})`,
    name: `Registrations for ${event.title}: ${people} ${people === 1 ? 'place' : 'places'} taken${waiting}`,
  }
}
