import { CalendarX, type LucideIcon, Repeat, Users } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

/** What staff should look at on the dashboard: events and services the website cannot place in time, and dates one client holds much of. */
export function DashboardToFix({
  undated,
  unworkable,
  unread,
  largeShares,
}: {
  undated: Array<{ id: string; title: string; date: string | null }>
  unworkable: Array<{ id: string; title: string; rule: string; problem: string }>
  unread: Array<{ id: string; name: string; said: string }>
  largeShares: Array<{
    key: string
    eventId: string
    title: string
    date: string
    holder: string
    held: number
    capacity: number
  }>
}) {
  return (
    <>
      <EventsToFix
        id="needs-a-date"
        icon={CalendarX}
        heading={undated.length === 1 ? '1 event needs a date' : `${undated.length} events need a date`}
        why="Their dates were typed as text the website cannot read, so it cannot tell when they are over or list them by date: visitors stop seeing them 30 days after they were added. Open each one in Events and choose its date."
        events={undated.map((event) => ({
          id: event.id,
          title: event.title,
          detail: event.date ? <span> — was “{event.date}”</span> : null,
        }))}
      />
      <EventsToFix
        id="rules-not-worked-out"
        icon={Repeat}
        heading={
          unworkable.length === 1
            ? '1 event has a repeat rule the website cannot work out'
            : `${unworkable.length} events have a repeat rule the website cannot work out`
        }
        why="The website cannot tell when they take place: visitors see how they repeat but no dates, and they are left out of the calendar feed. Open each one in Events and change how it repeats."
        events={unworkable.map((event) => ({
          id: event.id,
          title: event.title,
          detail: (
            <>
              <span> — “{event.rule}”</span>
              <span className="block">{event.problem}</span>
            </>
          ),
        }))}
      />
      <EventsToFix
        id="services-unread"
        icon={CalendarX}
        heading={
          unread.length === 1 ? '1 service needs its times' : `${unread.length} services need their times`
        }
        why="Their day and time were typed as text the website could not read into a schedule, so nothing can be worked out from them (the live page, the weekly news). They are shown as typed. Open each one in Services and choose “When”."
        events={unread.map((service) => ({
          id: service.id,
          title: service.name,
          to: `/admin/services?edit=${service.id}`,
          detail: service.said ? <span> — “{service.said}”</span> : null,
        }))}
      />
      <EventsToFix
        id="large-shares"
        icon={Users}
        heading={
          largeShares.length === 1
            ? '1 date has half its places or more taken by one person'
            : `${largeShares.length} dates have half their places or more taken by one person`
        }
        why="One e-mail address, or sign-ups from one connection, hold them. It may be a family or a group the church knows; if it is not, look at the registrations and cancel any that should not hold places."
        events={largeShares.map((share) => ({
          key: share.key,
          id: share.eventId,
          title: share.title,
          to: `/admin/events/${share.eventId}/registrations`,
          detail: (
            <span>
              {' '}
              — {share.date}: {share.holder} holds {share.held} of {share.capacity} places
            </span>
          ),
        }))}
      />
    </>
  )
}

/** Events staff should look at (the website cannot place them in time; one client holds much of a date): why, and what to do. */
function EventsToFix({
  id,
  icon: Icon,
  heading,
  why,
  events,
}: {
  id: string
  icon: LucideIcon
  heading: string
  why: string
  /** Each opens in the event's form, or at `to`; `key` when an event is listed more than once. */
  events: Array<{ key?: string; id: string; title: string; to?: string; detail: ReactNode }>
}) {
  if (events.length === 0) return null
  return (
    <section
      aria-labelledby={id}
      className="mt-8 rounded-lg border border-amber-300 bg-amber-50 px-5 py-4 text-amber-950"
    >
      <h2 id={id} className="flex items-center gap-2 font-semibold">
        <Icon aria-hidden="true" className="size-5" />
        {heading}
      </h2>
      <p className="mt-1 text-sm">{why}</p>
      <ul className="mt-3 space-y-2 text-sm">
        {events.map((event) => (
          <li key={event.key ?? event.id}>
            <Link
              to={event.to ?? `/admin/events?edit=${event.id}`}
              className="font-semibold underline underline-offset-2 hover:no-underline"
            >
              {event.title}
            </Link>
            {event.detail}
          </li>
        ))}
      </ul>
    </section>
  )
}
