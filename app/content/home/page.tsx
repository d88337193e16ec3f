import { ArrowRight } from '#app/components/site/icons.tsx'
import type { ReactNode } from 'react'
import { data, Link } from 'react-router'

import type { Route } from './+types/page.ts'
import { AtAGlance } from './at-a-glance.tsx'
import { latestSermon } from './latest-sermon.server.ts'
import { LatestSermon } from './latest-sermon.tsx'
import { pageLanguage } from '#app/server/page-language.server.ts'
import { textsFor } from '#app/i18n/texts.ts'
import { buttonClasses } from '#app/components/site/button-classes.ts'
import { EventCard } from '#app/content/events/event-card.tsx'
import { GalleryTile } from '#app/content/gallery/gallery-tile.tsx'
import { FallbackHero, HeroCarousel } from '#app/content/carousel/hero-carousel.tsx'
import { LeaderCard } from '#app/content/leadership/leader-card.tsx'
import { MinistryCard } from '#app/content/ministries/ministry-card.tsx'
import { RichText } from '#app/components/site/rich-text.tsx'
import { FIRST_SCREEN_STYLES, RestOfStyles } from '#app/components/site/rest-of-styles.tsx'
import { SectionHeading } from '#app/components/site/section-heading.tsx'
import { SiteError } from '#app/components/site/site-error.tsx'
import { useChurch, usePageLanguage, usePageTexts } from '#app/components/site/use-church.ts'
import { runtimeContext } from '#app/context.ts'
import { cn } from '#app/lib/cn.ts'
import { loadImageSources } from '#app/server/image-sources.server.ts'
import { FALLBACK_IMAGES } from '#app/lib/images.ts'
import { pageMeta } from '#app/content/page-meta.ts'
import { sanitizeHtml } from '#app/lib/sanitize-html.server.ts'
import { nextEvents, nextDateText } from '#app/content/events/events.server.ts'
import { churchToday } from '#app/content/church-info/model.server.ts'
import { oncePerContentVersion } from '#app/db/content-version.server.ts'
import type { Db } from '#app/db/database.server.ts'
import type { Clock } from '#app/lib/clock.ts'
import { listCarouselSlides } from '#app/content/carousel/model.server.ts'
import { listGalleryImages } from '#app/content/gallery/model.server.ts'
import { listLeadershipTeam } from '#app/content/leadership/model.server.ts'
import { listMinistries } from '#app/content/ministries/model.server.ts'
import { listServices } from '#app/content/services/model.server.ts'
import { liveState, minutesUntil } from '#app/content/services/live.ts'
import { VALID_UNTIL_HEADER } from '#app/lib/valid-until.ts'
import { pagePath } from '#app/content/registry.ts'

/** How many of each the home page shows (docs/specification.md §9). */
const HOME_EVENTS = 6
const HOME_MINISTRIES = 4
const HOME_GALLERY = 6
const HOME_LEADERS = 3

export async function loader({ context }: Route.LoaderArgs) {
  const { db, clock } = context.get(runtimeContext)
  // Every read in the page's language, field by field (issue 28).
  const locale = pageLanguage(context)
  const { zone, today } = await churchToday({ db, clock })
  // What the page shows of the content changes only with it (and its events with the church's date): read once,
  // not on every render (page cache off, a third of a render's CPU was these reads and their shaping).
  const { page, streamed } = await oncePerContentVersion(
    db,
    `home ${locale.language} ${locale.languages.join()} ${today.toString()}`,
    () => readHome({ db, clock, locale }),
  )
  // The stream's band above the slides while a streamed service is about to start or on (issue 47).
  const live = liveState({ services: streamed, zone, now: clock.now() })
  const band =
    live && (live.state === 'soon' || live.state === 'live')
      ? { state: live.state, minutes: minutesUntil(live.occurrence, clock.now()) }
      : null
  // While a service is streamed, the page holds only until the live band's state next changes (issue 47).
  return data(
    { ...page, live: band },
    live ? { headers: { [VALID_UNTIL_HEADER]: String(live.changesAt) } } : undefined,
  )
}

/** The page's content in the page's language, and the streamed services (the live band is the clock's). */
async function readHome({
  db,
  clock,
  locale,
}: {
  db: Db
  clock: Clock
  locale: ReturnType<typeof pageLanguage>
}) {
  const { language } = locale
  const t = textsFor(language)
  const [slides, services, upcoming, ministries, gallery, leaders, latest] = await Promise.all([
    listCarouselSlides({ db, locale }),
    listServices({ db, locale }),
    nextEvents({ db, clock, count: HOME_EVENTS, locale }),
    listMinistries({ db, limit: HOME_MINISTRIES, locale }),
    listGalleryImages({ db, limit: HOME_GALLERY, locale }),
    listLeadershipTeam({ db, limit: HOME_LEADERS, locale }),
    latestSermon({ db, locale }),
  ])
  const { events } = upcoming
  const image = await loadImageSources({
    db,
    urls: [slides, events.map((item) => item.event), ministries, gallery, leaders]
      .flat()
      .map((item) => item.image_url)
      .concat(latest?.photo ?? null),
  })
  const page = {
    slides: slides.map((slide) => ({
      id: slide.id,
      title: slide.title,
      subtitle: slide.subtitle,
      image: image(slide.image_url, FALLBACK_IMAGES.about)!,
      alt: slide.image_alt,
      untranslated: slide.untranslated,
    })),
    services: services
      .filter((service) => service.type === 'regular')
      .map(({ id, name, day, time, untranslated }) => ({ id, name, day, time, untranslated })),
    // The next six by date; a regular event says its rule and its next date.
    events: events.map(({ event, next }) => ({
      id: event.id,
      title: event.title,
      location: event.location,
      is_regular: event.is_regular,
      date: event.date,
      time: event.time,
      next:
        event.is_regular && next
          ? t('events.next', { date: nextDateText(next, upcoming.today, language) })
          : null,
      description: sanitizeHtml(event.description),
      image: image(event.image_url),
      untranslated: event.untranslated,
    })),
    ministries: ministries.map((ministry) => ({
      ...ministry,
      description: sanitizeHtml(ministry.description),
      image: image(ministry.image_url, FALLBACK_IMAGES.ministry)!,
    })),
    gallery: gallery.map((item) => ({
      id: item.id,
      title: item.title,
      category: item.category,
      image: image(item.image_url)!,
      alt: item.image_alt,
    })),
    leaders: leaders.map((leader) => ({
      ...leader,
      bio: sanitizeHtml(leader.bio),
      image: image(leader.image_url, FALLBACK_IMAGES.person)!,
    })),
    sermon: latest ? { ...latest, image: image(latest.photo) } : null,
  }
  return { page, streamed: services.filter((service) => service.streamed) }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const until = loaderHeaders.get(VALID_UNTIL_HEADER)
  return until ? { [VALID_UNTIL_HEADER]: until } : new Headers()
}

/** Only the first screen's rules in the head; the rest after the slides (issue 30). */
export const handle = FIRST_SCREEN_STYLES

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'home', { church: true })
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { to } = usePageLanguage()
  const t = usePageTexts()
  const church = useChurch()
  const { slides, services, events, ministries, gallery, leaders, sermon, live } = loaderData

  return (
    <>
      <h1 className="sr-only">{church.name}</h1>
      {live ? <LiveBand {...live} /> : null}
      {slides.length > 0 ? <HeroCarousel slides={slides} /> : <FallbackHero name={church.name} />}
      {/* The rest of the styles, after the first screen (issue 30). */}
      <RestOfStyles />

      <section aria-labelledby="welcome" className="relative overflow-hidden">
        <div className="mx-auto max-w-3xl px-4 py-20 text-center sm:px-6 md:py-28">
          <SectionHeading id="welcome" title={t('home.welcome')} />
          <RichText
            html={church.description}
            className="mt-8 text-lg leading-relaxed text-foreground/80 md:text-xl md:leading-relaxed"
          />
          <Link to={to(pagePath('about'))} className={buttonClasses({ size: 'lg', className: 'mt-10' })}>
            {t('home.aboutUs')}
            <ArrowRight className="size-5" aria-hidden />
          </Link>
        </div>
      </section>

      <AtAGlance services={services} />

      <section aria-labelledby="events" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 md:py-28 lg:px-8">
        <SectionHeading id="events" title={t('home.events')} />
        <div className="mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {events.map((event) => (
            <EventCard
              key={event.id}
              event={event}
              compact
              action={{ label: t('home.learnMore'), to: to(pagePath('event', { id: event.id })) }}
            />
          ))}
        </div>
        <MoreLink to={to(pagePath('events'))}>{t('home.allEvents')}</MoreLink>
      </section>

      {sermon ? <LatestSermon sermon={sermon} /> : null}

      <section aria-labelledby="ministries" className="bg-surface">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 md:py-28 lg:px-8">
          <SectionHeading id="ministries" title={t('home.ministries')} />
          <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {ministries.map((ministry) => (
              <MinistryCard
                key={ministry.id}
                ministry={ministry}
                compact
                action={
                  <Link
                    to={`${to(pagePath('ministries'))}#${ministry.id}`}
                    className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary-text hover:underline"
                  >
                    {t('home.learnMore')}
                    <span className="sr-only">: {ministry.name}</span>
                    <ArrowRight className="size-4" aria-hidden />
                  </Link>
                }
              />
            ))}
          </div>
          <MoreLink to={to(pagePath('ministries'))}>{t('home.allMinistries')}</MoreLink>
        </div>
      </section>

      <section aria-labelledby="gallery" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 md:py-28 lg:px-8">
        <SectionHeading id="gallery" title={t('home.gallery')} />
        <div className="mt-12 grid auto-rows-[9.5rem] grid-cols-2 gap-3 sm:auto-rows-[13rem] md:grid-cols-3 md:gap-4">
          {gallery.map((item, index) => (
            <GalleryTile
              key={item.id}
              item={item}
              href={`${to(pagePath('gallery'))}?category=${item.category}`}
              sizes={index === 0 ? '(min-width: 768px) 66vw, 100vw' : '(min-width: 768px) 33vw, 50vw'}
              // The first photo takes a 2×2 block; on two columns the sixth spans the row it would leave half empty.
              className={cn(
                index === 0 && 'col-span-2 row-span-2',
                index === 5 && 'col-span-2 md:col-span-1',
              )}
            />
          ))}
        </div>
        <MoreLink to={to(pagePath('gallery'))}>{t('home.fullGallery')}</MoreLink>
      </section>

      <section aria-labelledby="leadership" className="bg-surface">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 md:py-28 lg:px-8">
          <SectionHeading id="leadership" title={t('home.leadership')} intro={t('home.leadershipIntro')} />
          <div className="mt-12 flex flex-wrap justify-center gap-8">
            {leaders.map((leader) => (
              <LeaderCard key={leader.id} leader={leader} />
            ))}
          </div>
          <MoreLink to={`${to(pagePath('about'))}#leadership`}>{t('home.fullTeam')}</MoreLink>
        </div>
      </section>
    </>
  )
}

export function ErrorBoundary() {
  return (
    <>
      <RestOfStyles />
      <SiteError />
    </>
  )
}

/** A band above the slides while the stream is about to start or on: a plain link to /live, no script. */
function LiveBand({ state, minutes }: { state: 'soon' | 'live'; minutes: number }) {
  const { to } = usePageLanguage()
  const t = usePageTexts()
  return (
    <a
      href={to(pagePath('live'))}
      className="flex items-center justify-center gap-3 bg-red-700 px-4 py-3 text-center font-semibold text-white hover:bg-red-800 focus-visible:outline-4 focus-visible:-outline-offset-4 focus-visible:outline-white"
    >
      <span className="size-2.5 shrink-0 rounded-full bg-white motion-safe:animate-pulse" aria-hidden />
      {state === 'live' ? t('live.bandLive') : t('live.bandSoon', { count: minutes })}
      <ArrowRight className="size-5 shrink-0" aria-hidden />
    </a>
  )
}

function MoreLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <div className="mt-12 text-center">
      <Link to={to} className={buttonClasses({ variant: 'primary', size: 'lg' })}>
        {children}
        <ArrowRight className="size-5" aria-hidden />
      </Link>
    </div>
  )
}
