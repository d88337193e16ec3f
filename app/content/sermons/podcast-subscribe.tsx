import { Headphones, Rss } from '#app/components/site/icons.tsx'

import { buttonClasses } from '#app/components/site/button-classes.ts'
import { usePageTexts } from '#app/components/site/use-church.ts'
import type { PodcastLinks } from './podcast-links.ts'

/**
 * "Listen as a podcast": Apple Podcasts opens the feed itself (`podcast://`); any other app takes the feed's
 * address, shown to be copied (selected in one tap: a read-only field) and as a link.
 */
export function PodcastSubscribe({
  id,
  heading,
  links,
  series = [],
}: {
  id: string
  heading: string
  links: PodcastLinks
  /** Each series' own podcast, offered beneath the whole archive's. */
  series?: ReadonlyArray<{ title: string; links: PodcastLinks }>
}) {
  const t = usePageTexts()
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-border bg-card p-5 shadow-sm">
      <h2 id={id} className="font-serif text-xl font-bold">
        {heading}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t('sermons.subscribe')}</p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <a href={links.apple} className={buttonClasses({ size: 'sm' })}>
          <Headphones className="size-4" aria-hidden />
          {t('sermons.apple')}
        </a>
        <a href={links.url} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          <Rss className="size-4" aria-hidden />
          {t('sermons.rss')}
        </a>
      </div>
      <label htmlFor={`${id}-address`} className="mt-4 block text-sm font-semibold">
        {t('sermons.feedAddress')}
      </label>
      <input
        id={`${id}-address`}
        type="url"
        readOnly
        value={links.url}
        className="mt-1.5 h-11 w-full rounded-lg border border-border bg-background px-3 font-mono text-sm text-foreground"
      />
      {series.length > 0 ? (
        <>
          <h3 className="mt-5 text-sm font-semibold">{t('sermons.oneSeries')}</h3>
          <ul className="mt-2 space-y-2 text-sm">
            {series.map((item) => (
              <li key={item.links.url} className="flex flex-wrap gap-x-3">
                <span className="font-medium">{item.title}:</span>
                <a href={item.links.apple} className="text-primary-text underline">
                  {t('sermons.apple')}
                  <span className="sr-only"> ({item.title})</span>
                </a>
                <a href={item.links.url} className="text-primary-text underline">
                  {t('sermons.rss')}
                  <span className="sr-only"> ({item.title})</span>
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  )
}
