import { ArrowRight } from '#app/components/site/icons.tsx'
import { Link } from 'react-router'

import type { Route } from './+types/page.ts'
import { buttonClasses } from '#app/components/site/button-classes.ts'
import { SiteImage } from '#app/components/site/site-image.tsx'
import { usePageLanguage, usePageTexts } from '#app/components/site/use-church.ts'
import { cn } from '#app/lib/cn.ts'
import { pagePath } from '#app/content/registry.ts'
import { SermonFacts } from '#app/content/sermons/sermon-facts.tsx'

type LatestSermonData = NonNullable<Route.ComponentProps['loaderData']['sermon']>

/** The newest sermon in a band of the theme's colour: what it is, who preached it, and a link to hear it. */
export function LatestSermon({ sermon }: { sermon: LatestSermonData }) {
  const { to } = usePageLanguage()
  const t = usePageTexts()
  const action = t(`home.${sermon.action}`)
  return (
    <section aria-labelledby="latest-sermon" className="bg-primary text-white">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 md:grid-cols-5 md:py-20 lg:px-8">
        {sermon.image ? (
          <SiteImage
            image={sermon.image}
            alt=""
            loading="lazy"
            sizes="(min-width: 768px) 40vw, 100vw"
            className="aspect-[3/2] w-full rounded-2xl object-cover shadow-lg md:col-span-2"
          />
        ) : null}
        <div
          className={sermon.image ? 'md:col-span-3' : 'md:col-span-5 md:mx-auto md:max-w-3xl md:text-center'}
        >
          <h2 id="latest-sermon" className="text-sm font-semibold tracking-[0.2em] text-white/85 uppercase">
            {t('home.latestSermon')}
          </h2>
          <h3 className="mt-3 font-serif text-3xl font-bold text-balance md:text-4xl">{sermon.title}</h3>
          {sermon.series ? <p className="mt-2 text-lg text-white/90">{sermon.series.title}</p> : null}
          <SermonFacts
            sermon={sermon}
            className={cn(
              'mt-5 flex flex-wrap gap-x-6 gap-y-2 text-white/90',
              !sermon.image && 'md:justify-center',
            )}
            iconClassName="size-5 shrink-0"
          />
          <div className={cn('mt-8 flex flex-wrap gap-3', !sermon.image && 'md:justify-center')}>
            <Link
              to={to(pagePath('sermon', { id: sermon.id }))}
              // Which sermon, for a list of links; it starts with the words shown ("Listen").
              aria-label={`${action}: ${sermon.title}`}
              className={buttonClasses({ variant: 'light', size: 'lg' })}
            >
              {action}
              <ArrowRight className="size-5" aria-hidden />
            </Link>
            <Link
              to={to(pagePath('sermons'))}
              className="inline-flex h-12 items-center rounded-full px-5 font-semibold text-white underline-offset-4 hover:underline"
            >
              {t('home.allSermons')}
            </Link>
          </div>
        </div>
      </div>
    </section>
  )
}
