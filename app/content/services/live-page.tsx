import {
  ArrowRight,
  CalendarDays,
  CalendarPlus,
  Clock,
  Download,
  MapPin,
  Play,
  Radio,
} from '#app/components/site/icons.tsx'

import { data } from 'react-router'

import type { Route } from './+types/live-page.ts'
import { buttonClasses } from '#app/components/site/button-classes.ts'
import { PageHero } from '#app/components/site/page-hero.tsx'
import { RichText } from '#app/components/site/rich-text.tsx'
import { SiteError } from '#app/components/site/site-error.tsx'
import { usePageLanguage, usePageTexts } from '#app/components/site/use-church.ts'
import { requestContext, runtimeContext } from '#app/context.ts'
import { googleCalendarUrl } from '#app/dates/calendar.server.ts'
import { dateWords } from '#app/dates/words.ts'
import { feedPath, pagePath } from '#app/content/registry.ts'
import { listPublishedSermons } from '#app/content/sermons/model.server.ts'
import { preachedOnText } from '#app/content/sermons/sermon-text.ts'
import { Data } from '#app/islands/markup.ts'
import { pageLanguageTag, publicLayoutData, shareCard } from '#app/lib/page-meta.ts'
import { pageMeta } from '#app/content/page-meta.ts'
import { languagePath } from '#app/lib/languages.ts'
import { pageWords } from '#app/i18n/pages.ts'
import { absoluteUrl, shareImagePath } from '#app/lib/seo.ts'
import { sanitizeHtml } from '#app/lib/sanitize-html.server.ts'
import { VALID_UNTIL_HEADER } from '#app/lib/valid-until.ts'
import { pageLanguage, pageLinkTo } from '#app/server/page-language.server.ts'
import { isoWithOffset, minutesUntil } from './live.ts'
import { LIVE_PAGE, liveEmbedUrl, liveNow, liveWatchUrl, serviceCalendarEntry } from './live.server.ts'
import { getService } from './model.server.ts'

/**
 * `/live` (issue 47): the Sunday stream, its state from the streamed services' schedules and the clock — the next
 * time (`later`), "Live in 25 minutes" (`soon`), the stream as a box that loads YouTube only on a click (`live`),
 * "Watch again" (`ended`). Made on the server; the page cache keeps it until the state next changes.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, clock } = context.get(runtimeContext)
  const live = await liveNow({ db, clock })
  if (!live) throw new Response('Not found', { status: 404 })
  const { answer, videoId, channelId, channelUrl } = live
  const locale = pageLanguage(context)
  const { language } = locale
  const service = await getService({ db, id: answer.occurrence.service.id, locale })
  const words = dateWords(language)
  const { occurrence } = answer
  const start = occurrence.start.toPlainDateTime()
  const end = occurrence.end.toPlainDateTime()
  const timing = { starts_at: null, ends_at: null, all_day: false, recurrence: null, exdates: [] }
  const {
    sermons: [latest],
  } = await listPublishedSermons({ db, limit: 1, locale })
  const sermon = latest ?? null
  const now = clock.now()
  const linkTo = pageLinkTo(context)
  const page = {
    state: answer.state,
    changesAt: answer.changesAt,
    service: service
      ? {
          name: service.name,
          description: sanitizeHtml(service.description),
          location: service.location,
          day: service.day,
          time: service.time,
          untranslated: service.untranslated,
        }
      : {
          name: occurrence.service.name,
          description: '',
          location: null,
          day: null,
          time: null,
          untranslated: [],
        },
    when: words.occurrenceText(timing, { start, end }),
    time: words.timeText({ ...timing, starts_at: start.toString({ smallestUnit: 'minute' }) }) ?? '',
    /** 'Sunday 6 December, 10:30 AM': the heading's short form of when it starts. */
    next: `${words.date(start, false)}, ${words.timeText({ ...timing, starts_at: start.toString({ smallestUnit: 'minute' }) }) ?? ''}`,
    minutes: minutesUntil(occurrence, now),
    startsAt: isoWithOffset(occurrence.start),
    endsAt: isoWithOffset(occurrence.end),
    embedUrl: liveEmbedUrl({ videoId, channelId }),
    watchUrl: liveWatchUrl({ videoId, channelId, channelUrl }),
    // Before and after the stream, the service for the visitor's calendar: the file, and Google's form (not for
    // a service with skip dates, which Google's link cannot carry).
    addToCalendar:
      answer.state !== 'live' && service?.starts_at
        ? {
            ics: linkTo(feedPath('live-calendar')),
            google: googleCalendarUrl(
              serviceCalendarEntry(service),
              live.zone,
              `${context.get(requestContext).origin}${linkTo(LIVE_PAGE)}`,
            ),
          }
        : null,
    // "Watch again": the sermon made from this occurrence's recording (preached that day), if there is one yet.
    recording: sermon && sermon.preached_on === occurrence.start.toPlainDate().toString() ? sermon.id : null,
    sermon: sermon
      ? {
          id: sermon.id,
          title: sermon.title,
          date: preachedOnText(sermon.preached_on, language),
          untranslated: sermon.untranslated,
        }
      : null,
  }
  // The page cache keeps it until its state changes by the clock (host/page-cache.ts), and no longer.
  return data(page, { headers: { [VALID_UNTIL_HEADER]: String(answer.changesAt) } })
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const until = loaderHeaders.get(VALID_UNTIL_HEADER)
  return until ? { [VALID_UNTIL_HEADER]: until } : new Headers()
}

export function meta(args: Route.MetaArgs) {
  const data = args.loaderData
  const layout = publicLayoutData(args.matches)
  // While it is about to start or on, the broadcast as structured data (a VideoObject with its BroadcastEvent), in
  // the page's language and at its address.
  const broadcast =
    data && layout && (data.state === 'soon' || data.state === 'live')
      ? [
          {
            '@context': 'https://schema.org' as const,
            '@type': 'VideoObject' as const,
            name: data.service.name,
            description: `${data.service.name}: ${data.when}`,
            url: absoluteUrl(
              layout.site.origin,
              languagePath(pagePath('live'), layout.site.language, layout.site.languages),
            ),
            inLanguage: pageLanguageTag(layout.site),
            thumbnailUrl: [
              absoluteUrl(
                layout.site.origin,
                shareImagePath('live', shareCard(layout, pageWords('live', layout.site.language).title)),
              ),
            ],
            uploadDate: data.startsAt,
            ...(data.embedUrl ? { embedUrl: data.embedUrl } : {}),
            publication: {
              '@type': 'BroadcastEvent' as const,
              isLiveBroadcast: true,
              startDate: data.startsAt,
              endDate: data.endsAt,
            },
          },
        ]
      : []
  return pageMeta(args, 'live', { jsonLd: broadcast })
}

export default function LivePage({ loaderData }: Route.ComponentProps) {
  const t = usePageTexts()
  const { to, langOf } = usePageLanguage()
  const { state, service, when, time, next, minutes, embedUrl, watchUrl, sermon, recording, addToCalendar } =
    loaderData
  const heading =
    state === 'live'
      ? t('live.live')
      : state === 'soon'
        ? t('live.soon', { count: minutes, time })
        : state === 'ended'
          ? t('live.ended')
          : `${t('live.later')}: ${next}`
  return (
    <>
      <PageHero title={t('live.title')} intro={t('live.intro')} />
      <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 md:py-16">
        <section
          aria-labelledby="live-state"
          className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8"
        >
          <p className="flex items-center gap-2 text-sm font-semibold tracking-wide text-primary-text uppercase">
            <Radio className="size-4" aria-hidden />
            <span lang={langOf(service, 'name')}>{service.name}</span>
          </p>
          <h2 id="live-state" className="mt-3 font-serif text-3xl font-bold text-balance md:text-4xl">
            {heading}
          </h2>
          {state === 'live' && embedUrl && watchUrl ? (
            <VideoFacade embedUrl={embedUrl} watchUrl={watchUrl} title={service.name} />
          ) : null}
          {state === 'live' && !embedUrl ? (
            <p className="mt-3 text-foreground/80">
              {watchUrl ? (
                <a href={watchUrl} className="font-semibold text-primary-text underline">
                  {t('live.openOnYouTube')}
                </a>
              ) : (
                t('live.onChannel')
              )}
            </p>
          ) : null}
          {state === 'ended' ? <p className="mt-3 text-foreground/80">{t('live.endedText')}</p> : null}
          <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-foreground/80">
            <li className="flex items-center gap-2">
              <CalendarDays className="size-5 shrink-0 text-primary-text" aria-hidden />
              {when}
            </li>
            {service.day ? (
              <li className="flex items-center gap-2">
                <Clock className="size-5 shrink-0 text-primary-text" aria-hidden />
                <span lang={langOf(service, 'day')}>{service.day}</span>
              </li>
            ) : null}
            {service.location ? (
              <li className="flex items-center gap-2">
                <MapPin className="size-5 shrink-0 text-primary-text" aria-hidden />
                <span lang={langOf(service, 'location')}>{service.location}</span>
              </li>
            ) : null}
          </ul>
          {state !== 'live' && service.description ? (
            <RichText html={service.description} lang={langOf(service, 'description')} className="mt-4" />
          ) : null}
          <div className="mt-8 flex flex-wrap gap-3">
            {state === 'ended' && recording ? (
              <a href={to(pagePath('sermon', { id: recording }))} className={buttonClasses({ size: 'lg' })}>
                {t('live.watchAgain')}
                <ArrowRight className="size-5" aria-hidden />
              </a>
            ) : state === 'ended' && watchUrl ? (
              <a href={watchUrl} className={buttonClasses({ size: 'lg' })}>
                {t('live.watchAgain')}
                <ArrowRight className="size-5" aria-hidden />
              </a>
            ) : null}
            {addToCalendar ? (
              <>
                <a
                  href={addToCalendar.ics}
                  download
                  className={buttonClasses({ variant: 'outline', size: 'lg' })}
                >
                  <Download className="size-5" aria-hidden />
                  {t('events.downloadIcs')}
                  <span className="sr-only"> {t('events.icsApps')}</span>
                </a>
                {addToCalendar.google ? (
                  <a
                    href={addToCalendar.google}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={buttonClasses({ variant: 'outline', size: 'lg' })}
                  >
                    <CalendarPlus className="size-5" aria-hidden />
                    {t('events.googleCalendar')}
                  </a>
                ) : null}
              </>
            ) : null}
            <a href={to(pagePath('services'))} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
              {t('live.serviceTimes')}
            </a>
          </div>
        </section>
        {sermon && state !== 'ended' ? <LatestSermon sermon={sermon} /> : null}
      </div>
    </>
  )
}

/** The live stream behind a play button: YouTube's player loads only when the visitor asks for it. */
function VideoFacade({ embedUrl, watchUrl, title }: { embedUrl: string; watchUrl: string; title: string }) {
  const t = usePageTexts()
  return (
    <a
      href={watchUrl}
      {...{
        [Data.videoFacade]: embedUrl,
        [Data.videoTitle]: title,
        [Data.playVideoLabel]: t('live.play'),
      }}
      className="group relative mt-6 flex aspect-video w-full cursor-pointer items-center justify-center overflow-hidden rounded-2xl bg-primary text-white shadow-sm focus-visible:outline-4 focus-visible:outline-offset-4 focus-visible:outline-primary"
    >
      <span className="relative flex flex-col items-center gap-3 px-6 text-center">
        <span className="inline-flex size-20 items-center justify-center rounded-full bg-white text-primary-text shadow-lg transition-transform group-hover:scale-105">
          <Play className="ml-1 size-9 fill-current" aria-hidden />
        </span>
        <span className="font-serif text-xl font-bold">{t('live.play')}</span>
        <span className="max-w-md text-sm text-white/90">{t('live.fromYouTube')}</span>
      </span>
    </a>
  )
}

/** The latest sermon, offered while the service is not yet over. */
function LatestSermon({ sermon }: { sermon: NonNullable<Route.ComponentProps['loaderData']['sermon']> }) {
  const t = usePageTexts()
  const { to, langOf } = usePageLanguage()
  return (
    <section
      aria-labelledby="live-sermon"
      className="mt-8 rounded-2xl border border-border bg-card p-6 sm:p-8"
    >
      <h2 id="live-sermon" className="text-sm font-semibold tracking-wide text-primary-text uppercase">
        {t('live.latestSermon')}
      </h2>
      <p className="mt-2 font-serif text-2xl font-bold" lang={langOf(sermon, 'title')}>
        <a href={to(pagePath('sermon', { id: sermon.id }))} className="hover:underline">
          {sermon.title}
        </a>
      </p>
      <p className="mt-1 text-foreground/70">{sermon.date}</p>
    </section>
  )
}

export function ErrorBoundary() {
  return <SiteError />
}
