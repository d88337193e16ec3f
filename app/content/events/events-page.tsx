import { ArrowRight, CalendarDays, CalendarPlus, MapPin, Repeat } from '#app/components/site/icons.tsx'
import { usePageLanguage, usePageTexts } from '#app/components/site/use-church.ts'
import { Link } from 'react-router'

import type { Route } from './+types/events-page.ts'
import { pageLanguage, pageLinkTo } from '#app/server/page-language.server.ts'
import { textsFor } from '#app/i18n/texts.ts'
import { pageWords } from '#app/i18n/pages.ts'
import { buttonClasses } from '#app/components/site/button-classes.ts'
import { EventCard } from './event-card.tsx'
import { PageHero } from '#app/components/site/page-hero.tsx'
import { PageSection } from '#app/components/site/page-section.tsx'
import { RichText } from '#app/components/site/rich-text.tsx'
import { SiteError } from '#app/components/site/site-error.tsx'
import { requestContext, runtimeContext } from '#app/context.ts'
import { FALLBACK_IMAGES } from '#app/lib/images.ts'
import { pageMeta } from '#app/content/page-meta.ts'
import { sanitizeHtml } from '#app/lib/sanitize-html.server.ts'
import { eventFacts, eventsJsonLd } from './seo.ts'
import { nextDateText, ruleText, upcomingEvents, zonedIso } from './events.server.ts'
import { loadImageSources } from '#app/server/image-sources.server.ts'
import { registrationDates } from '#app/content/registrations/dates-offered.server.ts'
import { feedPath, pagePath } from '#app/content/registry.ts'

/** One-time events shown at most: the page stays quick to load however far ahead staff plan (the feed has all). */
const LISTED_MAX = 60

export async function loader({ context }: Route.LoaderArgs) {
  const { db, clock } = context.get(runtimeContext)
  const { origin } = context.get(requestContext)
  // In the page's language, field by field, its dates in its words (issue 28).
  const locale = pageLanguage(context)
  const {
    zone,
    today,
    oneTime,
    repeating,
    undatedShown: undated,
    unworkable,
    more,
  } = await upcomingEvents({
    db,
    clock,
    limit: LISTED_MAX,
    locale,
  })
  const image = await loadImageSources({
    db,
    urls: [...oneTime.map((item) => item.event), ...undated].map((event) => event.image_url),
  })
  // Where an event takes sign-ups, whether its next date still has places (a sign-up or cancellation that fills
  // or frees the last places renews cached pages: registrations.server.ts).
  const signUps = new Map(
    await Promise.all(
      oneTime
        .filter(({ event }) => event.registration)
        .map(async ({ event }) => {
          const [next] = await registrationDates({ db, clock, event })
          const state = !next ? 'closed' : next.left === 0 || next.waiting > 0 ? 'full' : 'open'
          return [event.id, state] as const
        }),
    ),
  )
  const { language } = locale
  const t = textsFor(language)
  const at = (shown: { date: string | null; time: string | null }) =>
    shown.time ? t('dates.at', { words: shown.date ?? '', time: shown.time }) : shown.date
  const card = (event: (typeof undated)[number]) => {
    return {
      id: event.id,
      title: event.title,
      description: sanitizeHtml(event.description),
      date: event.date,
      time: event.time,
      location: event.location,
      is_regular: event.is_regular,
      image: image(event.image_url, FALLBACK_IMAGES.event),
      /** Whether the card offers a sign-up: open, full (the waiting list), or none (off or closed). */
      signUp: signUps.get(event.id) === 'closed' ? undefined : signUps.get(event.id),
      untranslated: event.untranslated,
    }
  }
  /** A regular event as the list shows it: its words in the page's language, its rule and next date. */
  const listed = (
    event: (typeof undated)[number],
    rule: (event: (typeof undated)[number]) => string | null,
    next: string | null,
  ) => {
    return {
      id: event.id,
      title: event.title,
      description: sanitizeHtml(event.description),
      location: event.location,
      rule: rule(event),
      next,
      untranslated: event.untranslated,
    }
  }
  // The feed in the page's language (`/ml/calendar.ics`: its events' words in it).
  const calendar = new URL(pageLinkTo(context)(feedPath('calendar')), origin)
  return {
    upcoming: [
      ...oneTime.map(({ event }) => card(event)),
      // Events kept with only the text they were typed with: shown as typed, after the dated ones.
      ...undated.filter((event) => !event.is_regular).map(card),
    ],
    regular: [
      ...repeating.map(({ event, next }) =>
        listed(event, at, next ? t('events.nextLower', { date: nextDateText(next, today, language) }) : null),
      ),
      // Those whose rule cannot be worked out (stored before rules were bounded): their rule, without a date.
      ...unworkable.map(({ event }) => listed(event, (shown) => ruleText(shown, language), null)),
      ...undated.filter((event) => event.is_regular).map((event) => listed(event, at, null)),
    ],
    // How many more one-time events are planned beyond those listed.
    more,
    subscribe: {
      webcal: `webcal://${calendar.host}${calendar.pathname}`,
      address: calendar.href,
    },
    // What search engines are told of each dated event (its next date for a repeating one).
    structured: [...oneTime, ...repeating].map(({ event, next }) =>
      eventFacts(event, {
        startDate: zonedIso(next!.start, zone, event.all_day),
        endDate: next!.end.equals(next!.start) ? null : zonedIso(next!.end, zone, event.all_day),
      }),
    ),
  }
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'events', { jsonLd: eventsJsonLd(args.matches, args.loaderData?.structured ?? []) })
}

export default function Events({ loaderData }: Route.ComponentProps) {
  const { to, language } = usePageLanguage()
  const t = usePageTexts()
  const { upcoming, regular, subscribe, more } = loaderData
  return (
    <>
      <PageHero title={pageWords('events', language).title} intro={t('events.intro')} />

      <section
        aria-label={t('events.upcoming')}
        className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-20 lg:px-8"
      >
        {upcoming.length > 0 ? (
          <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
            {upcoming.map((event, index) => (
              <EventCard
                key={event.id}
                priority={index === 0}
                event={event}
                headingLevel="h2"
                // Register Now only where the event's page takes sign-ups now; the waiting list once full.
                action={
                  event.signUp
                    ? {
                        label: t(event.signUp === 'full' ? 'events.joinWaitingList' : 'events.registerNow'),
                        to: `${to(pagePath('event', { id: event.id }))}#register`,
                      }
                    : { label: t('events.learnMore'), to: to(pagePath('event', { id: event.id })) }
                }
              />
            ))}
          </div>
        ) : (
          <p className="text-center text-lg text-muted-foreground">{t('events.none')}</p>
        )}
        {more > 0 ? (
          <p className="mt-10 text-center text-muted-foreground">
            {t('events.more', { count: more })}{' '}
            <a href="#subscribe" className="font-semibold text-primary-text underline underline-offset-2">
              {t('events.subscribeLink')}
            </a>{' '}
            {t('events.toSeeAll')}
          </p>
        ) : null}
      </section>

      {regular.length > 0 ? (
        <PageSection id="regular-events" title={t('events.regular')} surface inner="max-w-4xl py-20">
          <ul className="mt-12 space-y-4">
            {regular.map((event) => (
              <RegularEvent key={event.id} event={event} />
            ))}
          </ul>
        </PageSection>
      ) : null}

      <SubscribeCard webcal={subscribe.webcal} address={subscribe.address} />
    </>
  )
}

/** A regular event in the list: its rule and next date, where it is, what it is, and a link to its page. */
function RegularEvent({ event }: { event: Route.ComponentProps['loaderData']['regular'][number] }) {
  const { to, langOf } = usePageLanguage()
  const t = usePageTexts()
  return (
    <li className="flex gap-5 rounded-2xl border border-border bg-card p-6 shadow-sm">
      <span className="hidden size-12 shrink-0 items-center justify-center rounded-xl bg-primary text-white sm:inline-flex">
        <Repeat className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <h3 className="font-serif text-xl font-bold" lang={langOf(event, 'title')}>
          <Link
            to={to(pagePath('event', { id: event.id }))}
            className="hover:text-primary-text hover:underline"
          >
            {event.title}
          </Link>
        </h3>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm font-semibold text-primary-text">
          <CalendarDays className="size-4" aria-hidden />
          <span>
            {event.rule}
            {event.next ? ` · ${event.next}` : null}
          </span>
        </p>
        {event.location ? (
          <p className="mt-1 flex items-center gap-2 text-sm text-muted-foreground">
            <MapPin className="size-4" aria-hidden />
            <span lang={langOf(event, 'location')}>{event.location}</span>
          </p>
        ) : null}
        <RichText
          html={event.description}
          lang={langOf(event, 'description')}
          className="mt-3 leading-relaxed text-foreground/80"
        />
        <Link
          to={to(pagePath('event', { id: event.id }))}
          className="mt-3 inline-flex items-center gap-1.5 text-sm font-semibold text-primary-text hover:underline"
        >
          {t('events.details')}
          <span className="sr-only">: {event.title}</span>
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
    </li>
  )
}

/** The calendar feed to subscribe to: a webcal button and the address to paste. */
function SubscribeCard({ webcal, address }: { webcal: string; address: string }) {
  const t = usePageTexts()
  return (
    <section aria-labelledby="subscribe" className="mx-auto max-w-4xl px-4 py-16 sm:px-6 md:py-20 lg:px-8">
      <div className="flex flex-col items-center gap-5 rounded-2xl border border-border bg-card p-6 text-center shadow-sm sm:p-8">
        <span className="inline-flex size-12 items-center justify-center rounded-xl bg-primary text-white">
          <CalendarPlus className="size-6" aria-hidden />
        </span>
        <div>
          <h2 id="subscribe" className="font-serif text-2xl font-bold">
            {t('events.inCalendar')}
          </h2>
          <p className="mt-2 text-foreground/80">{t('events.subscribeText')}</p>
        </div>
        <a href={webcal} className={buttonClasses({ size: 'lg' })}>
          <CalendarPlus className="size-5" aria-hidden />
          {t('events.subscribe')}
        </a>
        <p className="max-w-full text-sm text-muted-foreground">
          {t('events.orAddress')}
          <br />
          <code className="mt-1 inline-block max-w-full rounded-md bg-surface px-2 py-1 break-all text-foreground select-all">
            {address}
          </code>
        </p>
      </div>
    </section>
  )
}

export function ErrorBoundary() {
  return <SiteError />
}
