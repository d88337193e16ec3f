import { pageLanguage, pageLinkTo } from '#app/server/page-language.server.ts'
import { ArrowLeft } from '#app/components/site/icons.tsx'
import { usePageLanguage, usePageTexts } from '#app/components/site/use-church.ts'

import type { Route } from './+types/series-page.ts'
import { SermonCard } from './sermon-card.tsx'
import { PageHero } from '#app/components/site/page-hero.tsx'
import { RichText } from '#app/components/site/rich-text.tsx'
import { SiteError } from '#app/components/site/site-error.tsx'
import { requestContext, runtimeContext } from '#app/context.ts'
import { htmlToText } from '#app/lib/html-to-text.ts'
import { metaTexts, pageMeta } from '#app/content/page-meta.ts'
import { sanitizeHtml } from '#app/lib/sanitize-html.server.ts'
import { summarise } from '#app/lib/church-text.ts'
import { listPublishedSermons } from './model.server.ts'
import { sermonCard, sermonNames } from './sermons.server.ts'
import { pagePath } from '#app/content/registry.ts'
import { feedLinkTag, podcastLinks } from './podcast-links.ts'
import { PodcastSubscribe } from './podcast-subscribe.tsx'

/** A series is a few months of Sundays: all of it on one page. */
const SERIES_MAX = 200

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext)
  const locale = pageLanguage(context)
  const names = await sermonNames({ db, locale })
  const series = names.seriesById.get(params.id)
  if (!series) throw new Response('Not found', { status: 404 })
  const { sermons } = await listPublishedSermons({ db, seriesId: series.id, limit: SERIES_MAX, locale })
  return {
    series: {
      id: series.id,
      title: series.title,
      description: sanitizeHtml(series.description),
      summary: summarise(htmlToText(series.description ?? '')),
    },
    sermons: sermons.map((sermon) => sermonCard(sermon, names)),
    podcast: podcastLinks(context.get(requestContext).origin, pageLinkTo(context), series.id),
  }
}

export function meta(args: Route.MetaArgs) {
  const data = args.loaderData
  if (!data) return []
  const { series } = data
  const t = metaTexts(args.matches)
  const tags = pageMeta(args, {
    path: pagePath('sermon-series', { id: series.id }),
    title: series.title,
    description: series.summary || t('sermons.seriesDescription', { title: series.title }),
    // The archive's share card until sermons draw their own (with the audio and feeds, issue 27).
    shareImage: { key: 'sermons' },
  })
  return tags.length > 0
    ? [...tags, feedLinkTag(data.podcast, t('sermons.seriesFeedTitle', { title: series.title }))]
    : tags
}

export default function SeriesPage({ loaderData }: Route.ComponentProps) {
  const { to } = usePageLanguage()
  const t = usePageTexts()
  const { series, sermons, podcast } = loaderData
  return (
    <>
      <PageHero title={series.title} intro={t('sermons.aSeries')} />
      <section
        aria-labelledby="series-sermons"
        className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16 lg:px-8"
      >
        <a
          href={to(pagePath('sermons'))}
          className="inline-flex items-center gap-2 font-semibold text-primary-text hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden />
          {t('sermons.all')}
        </a>
        <RichText
          html={series.description}
          className="mt-6 max-w-3xl text-lg leading-relaxed text-foreground/85"
        />
        <h2 id="series-sermons" className="mt-10 font-serif text-2xl font-bold">
          {t('sermons.inSeries')}
        </h2>
        {sermons.length > 0 ? (
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {sermons.map((sermon) => (
              <li key={sermon.id}>
                <SermonCard sermon={sermon} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-6 text-muted-foreground">{t('sermons.noneInSeries')}</p>
        )}
        <div className="mt-12 max-w-2xl">
          <PodcastSubscribe id="series-podcast" heading={t('sermons.seriesPodcast')} links={podcast} />
        </div>
      </section>
    </>
  )
}

export function ErrorBoundary() {
  return <SiteError />
}
