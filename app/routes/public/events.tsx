import { CalendarDays, MapPin, Repeat } from 'lucide-react'

import type { Route } from './+types/events.ts'
import { EventCard } from '#app/components/site/event-card.tsx'
import { PageHero } from '#app/components/site/page-hero.tsx'
import { RichText } from '#app/components/site/rich-text.tsx'
import { PageSection } from '#app/components/site/page-section.tsx'
import { SiteError } from '#app/components/site/site-error.tsx'
import { runtimeContext } from '#app/context.ts'
import { loadImageSources } from '#app/server/image-sources.server.ts'
import { FALLBACK_IMAGES } from '#app/lib/images.ts'
import { pageMeta } from '#app/lib/page-meta.ts'
import { sanitizeHtml } from '#app/lib/sanitize-html.server.ts'
import { listEvents } from '#app/models/events.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext)
  const events = await listEvents({ db })
  const image = await loadImageSources({ db, urls: events.map((event) => event.image_url) })
  const all = events.map((event) => ({
    ...event,
    description: sanitizeHtml(event.description),
    image: image(event.image_url, FALLBACK_IMAGES.event),
  }))
  return {
    upcoming: all.filter((event) => !event.is_regular),
    regular: all.filter((event) => event.is_regular),
  }
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'events')
}

export default function Events({ loaderData }: Route.ComponentProps) {
  const { upcoming, regular } = loaderData
  return (
    <>
      <PageHero
        title="Events"
        intro="Join us for worship, fellowship and community. Everyone is welcome at our events and gatherings."
      />

      <section aria-label="Upcoming events" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-20 lg:px-8">
        {upcoming.length > 0 ? (
          <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
            {upcoming.map((event, index) => (
              <EventCard
                key={event.id}
                priority={index === 0}
                event={event}
                headingLevel="h2"
                action={{ label: 'Register Now', to: '/contact' }}
              />
            ))}
          </div>
        ) : (
          <p className="text-center text-lg text-muted-foreground">No upcoming events at the moment.</p>
        )}
      </section>

      {regular.length > 0 ? (
        <PageSection id="regular-events" title="Regular Events" surface inner="max-w-4xl py-20">
          <ul className="mt-12 space-y-4">
            {regular.map((event) => (
              <li
                key={event.id}
                className="flex gap-5 rounded-2xl border border-border bg-card p-6 shadow-sm"
              >
                <span className="hidden size-12 shrink-0 items-center justify-center rounded-xl bg-primary text-white sm:inline-flex">
                  <Repeat className="size-5" aria-hidden />
                </span>
                <div className="min-w-0">
                  <h3 className="font-serif text-xl font-bold">{event.title}</h3>
                  <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm font-semibold text-primary-text">
                    <CalendarDays className="size-4" aria-hidden />
                    <span>
                      {event.date}
                      {event.time ? ` at ${event.time}` : null}
                    </span>
                  </p>
                  {event.location ? (
                    <p className="mt-1 flex items-center gap-2 text-sm text-muted-foreground">
                      <MapPin className="size-4" aria-hidden />
                      {event.location}
                    </p>
                  ) : null}
                  <RichText html={event.description} className="mt-3 leading-relaxed text-foreground/80" />
                </div>
              </li>
            ))}
          </ul>
        </PageSection>
      ) : null}
    </>
  )
}

export function ErrorBoundary() {
  return <SiteError />
}
