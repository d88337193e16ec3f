import { pageLanguage, pageLinkTo } from '#app/server/page-language.server.ts'
import { usePageLanguage, usePageTexts } from '#app/components/site/use-church.ts'
import type { Route } from './+types/sermons-page.ts'
import { SermonCard } from './sermon-card.tsx'
import { PageHero } from '#app/components/site/page-hero.tsx'
import { SiteError } from '#app/components/site/site-error.tsx'
import { buttonClasses } from '#app/components/site/button-classes.ts'
import { requestContext, runtimeContext } from '#app/context.ts'
import { metaTexts, pageMeta } from '#app/content/page-meta.ts'
import { BOOKS, bookName, isBookCode } from './books.ts'
import { listPublishedSermonBooks, listPublishedSermons } from './model.server.ts'
import { SERMONS_PER_PAGE, sermonCard, sermonNames } from './sermons.server.ts'
import { pagePath } from '#app/content/registry.ts'
import { feedLinkTag, podcastLinks } from './podcast-links.ts'
import { PodcastSubscribe } from './podcast-subscribe.tsx'

const selectClass =
  'h-11 w-full rounded-lg border border-border bg-card px-3 text-sm text-foreground shadow-sm focus-visible:outline-2 focus-visible:outline-primary'

export async function loader({ request, context }: Route.LoaderArgs) {
  const to = pageLinkTo(context)
  const { db } = context.get(runtimeContext)
  const params = new URL(request.url).searchParams
  const locale = pageLanguage(context)
  const names = await sermonNames({ db, locale })
  // A filter naming nothing that exists is no filter: the address still shows the archive.
  const series = names.seriesById.get(params.get('series') ?? '') ?? null
  const speaker = names.speakersById.get(params.get('speaker') ?? '') ?? null
  const book = isBookCode(params.get('book')) ? params.get('book') : null
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get('page') ?? '1', 10) || 1))
  const [{ sermons, total }, books] = await Promise.all([
    listPublishedSermons({
      db,
      seriesId: series?.id,
      speakerId: speaker?.id,
      book,
      limit: SERMONS_PER_PAGE,
      offset: (page - 1) * SERMONS_PER_PAGE,
      locale,
    }),
    listPublishedSermonBooks({ db }),
  ])
  const filter = { series: series?.id ?? '', speaker: speaker?.id ?? '', book: book ?? '' }
  const pageLink = (number: number) => {
    const query = new URLSearchParams(Object.entries(filter).filter(([, value]) => value))
    if (number > 1) query.set('page', String(number))
    const text = query.toString()
    return text ? `${to(pagePath('sermons'))}?${text}` : to(pagePath('sermons'))
  }
  const pages = Math.max(1, Math.ceil(total / SERMONS_PER_PAGE))
  return {
    sermons: sermons.map((sermon) => sermonCard(sermon, names)),
    total,
    filter,
    filtered: Boolean(series || speaker || book),
    options: {
      series: names.series.map((item) => ({ value: item.id, label: item.title })),
      speakers: names.speakers.map((item) => ({ value: item.id, label: item.name })),
      books: BOOKS.filter(([code]) => books.has(code) || code === book).map(([value]) => ({
        value,
        label: bookName(value, names.language),
      })),
    },
    page,
    pages,
    newer: page > 1 ? pageLink(page - 1) : null,
    older: page < pages ? pageLink(page + 1) : null,
    // The site's address (never a Host a visitor made up, once it is known: decision 0018).
    podcast: podcastLinks(context.get(requestContext).origin, to),
    seriesPodcasts: names.series.map((item) => ({
      title: item.title,
      links: podcastLinks(context.get(requestContext).origin, to, item.id),
    })),
  }
}

export function meta(args: Route.MetaArgs) {
  const tags = pageMeta(args, 'sermons')
  // The feed's name in the page's language.
  const t = metaTexts(args.matches)
  return args.loaderData && tags.length > 0
    ? [...tags, feedLinkTag(args.loaderData.podcast, t('sermons.feedTitle'))]
    : tags
}

function FilterSelect({
  name,
  label,
  value,
  options,
  all,
}: {
  name: string
  label: string
  value: string
  options: ReadonlyArray<{ value: string; label: string }>
  all: string
}) {
  return (
    <div>
      <label htmlFor={`sermon-${name}`} className="mb-1.5 block text-sm font-semibold">
        {label}
      </label>
      <select id={`sermon-${name}`} name={name} defaultValue={value} className={selectClass}>
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}

export default function Sermons({ loaderData }: Route.ComponentProps) {
  const { to } = usePageLanguage()
  const t = usePageTexts()
  const { sermons, filter, options, filtered, page, pages, newer, older, total, podcast, seriesPodcasts } =
    loaderData
  return (
    <>
      <PageHero title={t('sermons.title')} intro={t('sermons.intro')} />

      <section
        aria-labelledby="sermon-list"
        className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16 lg:px-8"
      >
        {/* A plain GET form: the filters work without a script, and their addresses can be shared. */}
        <form
          method="get"
          action={to(pagePath('sermons'))}
          aria-label={t('sermons.filter')}
          className="grid gap-4 rounded-2xl border border-border bg-card p-5 shadow-sm sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
        >
          <FilterSelect
            name="series"
            label={t('sermons.series')}
            value={filter.series}
            options={options.series}
            all={t('sermons.allSeries')}
          />
          <FilterSelect
            name="speaker"
            label={t('sermons.speaker')}
            value={filter.speaker}
            options={options.speakers}
            all={t('sermons.allSpeakers')}
          />
          <FilterSelect
            name="book"
            label={t('sermons.book')}
            value={filter.book}
            options={options.books}
            all={t('sermons.allBooks')}
          />
          <div className="flex items-center gap-3">
            <button type="submit" className={buttonClasses()}>
              {t('sermons.show')}
            </button>
            {filtered ? (
              <a
                href={to(pagePath('sermons'))}
                className="text-sm font-semibold text-primary-text hover:underline"
              >
                {t('sermons.clear')}
              </a>
            ) : null}
          </div>
        </form>

        <h2 id="sermon-list" className="mt-10 font-serif text-2xl font-bold">
          {filtered ? t('sermons.found', { count: total }) : t('sermons.latest')}
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
          <p className="mt-6 text-muted-foreground">{filtered ? t('sermons.noMatch') : t('sermons.none')}</p>
        )}

        {pages > 1 ? (
          <nav aria-label={t('sermons.pages')} className="mt-10 flex items-center justify-between gap-4">
            {newer ? (
              <a href={newer} rel="prev" className={buttonClasses({ variant: 'outline' })}>
                {t('sermons.newer')}
              </a>
            ) : (
              <span />
            )}
            <p className="text-sm text-muted-foreground">{t('sermons.pageOf', { page, pages })}</p>
            {older ? (
              <a href={older} rel="next" className={buttonClasses({ variant: 'outline' })}>
                {t('sermons.older')}
              </a>
            ) : (
              <span />
            )}
          </nav>
        ) : null}

        <div className="mt-12 max-w-2xl">
          <PodcastSubscribe
            id="podcast"
            heading={t('sermons.podcast')}
            links={podcast}
            series={seriesPodcasts}
          />
        </div>
      </section>
    </>
  )
}

export function ErrorBoundary() {
  return <SiteError />
}
