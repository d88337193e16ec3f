import { Bus, Car, Compass, Eye, Heart, Target, Train } from '#app/components/site/icons.tsx'
import type { ReactNode } from 'react'

import type { Route } from './+types/page.ts'
import { pageLanguage } from '#app/server/page-language.server.ts'
import { LeaderCard } from '#app/content/leadership/leader-card.tsx'
import { PageHero } from '#app/components/site/page-hero.tsx'
import { RichText } from '#app/components/site/rich-text.tsx'
import { SectionHeading } from '#app/components/site/section-heading.tsx'
import { SiteError } from '#app/components/site/site-error.tsx'
import { SiteImage } from '#app/components/site/site-image.tsx'
import { useChurch, usePageLanguage, usePageTexts } from '#app/components/site/use-church.ts'
import { runtimeContext } from '#app/context.ts'
import { loadImageSources } from '#app/server/image-sources.server.ts'
import { FALLBACK_IMAGES } from '#app/lib/images.ts'
import { pageMeta } from '#app/content/page-meta.ts'
import { sanitizeHtml } from '#app/lib/sanitize-html.server.ts'
import { getAboutUs } from './model.server.ts'
import { listGettingHere } from '#app/content/getting-here/model.server.ts'
import { listLeadershipTeam } from '#app/content/leadership/model.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext)
  // In the page's language, field by field (issue 28).
  const locale = pageLanguage(context)
  const [about, leaders, directions] = await Promise.all([
    getAboutUs({ db, locale }),
    listLeadershipTeam({ db, locale }),
    listGettingHere({ db, locale }),
  ])
  const image = await loadImageSources({
    db,
    urls: [about?.image_url, ...leaders.map((leader) => leader.image_url)],
  })
  return {
    about: {
      history: sanitizeHtml(about?.history),
      mission: sanitizeHtml(about?.mission),
      vision: sanitizeHtml(about?.vision),
      values: sanitizeHtml(about?.values),
      image: image(about?.image_url, FALLBACK_IMAGES.about)!,
      untranslated: about?.untranslated ?? [],
    },
    leaders: leaders.map((leader) => ({
      ...leader,
      bio: sanitizeHtml(leader.bio),
      image: image(leader.image_url, FALLBACK_IMAGES.person)!,
    })),
    directions: directions.map((entry) => ({
      id: entry.id,
      transport_type: entry.transport_type,
      title: entry.title,
      description: sanitizeHtml(entry.description),
      untranslated: entry.untranslated,
    })),
  }
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'about', { church: true })
}

export default function About({ loaderData }: Route.ComponentProps) {
  const church = useChurch()
  const { langOf } = usePageLanguage()
  const t = usePageTexts()
  const { about, leaders, directions } = loaderData
  return (
    <>
      <PageHero title={t('about.title')} intro={t('about.intro', { church: church.name })} />

      <section aria-labelledby="our-story" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 md:py-24 lg:px-8">
        <div className="grid items-center gap-12 lg:grid-cols-2 lg:gap-16">
          <div>
            <h2 id="our-story" className="font-serif text-3xl font-bold md:text-4xl">
              {t('about.story')}
            </h2>
            <span className="mt-4 block h-1 w-14 rounded-full bg-secondary" aria-hidden />
            <RichText
              html={about.history}
              lang={langOf(about, 'history')}
              className="mt-6 text-lg leading-relaxed text-foreground/80"
            />
          </div>
          <div className="relative">
            <div className="absolute -inset-3 -z-10 rotate-2 rounded-3xl bg-primary/15" aria-hidden />
            <SiteImage
              image={about.image}
              alt={t('about.throughTheYears', { church: church.name })}
              sizes="(min-width: 1024px) 600px, 100vw"
              className="aspect-[3/2] w-full rounded-2xl object-cover shadow-xl"
            />
          </div>
        </div>
      </section>

      <section aria-label={t('about.values')} className="bg-surface">
        <div className="mx-auto grid max-w-7xl gap-6 px-4 py-20 sm:px-6 md:grid-cols-3 lg:px-8">
          <ValueCard
            icon={<Target className="size-6" aria-hidden />}
            title={t('about.mission')}
            html={about.mission}
            lang={langOf(about, 'mission')}
          />
          <ValueCard
            icon={<Eye className="size-6" aria-hidden />}
            title={t('about.vision')}
            html={about.vision}
            lang={langOf(about, 'vision')}
          />
          <ValueCard
            icon={<Heart className="size-6" aria-hidden />}
            title={t('about.ourValues')}
            html={about.values}
            lang={langOf(about, 'values')}
          />
        </div>
      </section>

      <section aria-labelledby="leadership" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 md:py-24 lg:px-8">
        <SectionHeading id="leadership" title={t('about.leadership')} />
        <div className="mt-12 flex flex-wrap justify-center gap-8">
          {leaders.map((leader) => (
            <LeaderCard key={leader.id} leader={leader} />
          ))}
        </div>
      </section>

      {directions.length > 0 ? (
        <section aria-labelledby="getting-here" className="bg-surface">
          <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 md:py-24 lg:px-8">
            <SectionHeading id="getting-here" title={t('about.gettingHere')} />
            <div className="mt-12 grid gap-6 md:grid-cols-3">
              {directions.map((entry) => (
                <article key={entry.id} className="rounded-2xl border border-border bg-card p-7 shadow-sm">
                  <span className="inline-flex size-12 items-center justify-center rounded-xl bg-primary/10 text-primary-text dark:bg-primary-text/15">
                    <TransportIcon type={entry.transport_type} />
                  </span>
                  <h3 className="mt-4 font-serif text-xl font-bold" lang={langOf(entry, 'title')}>
                    {entry.title}
                  </h3>
                  <RichText
                    html={entry.description}
                    lang={langOf(entry, 'description')}
                    className="mt-3 leading-relaxed text-foreground/80"
                  />
                </article>
              ))}
            </div>
          </div>
        </section>
      ) : null}
    </>
  )
}

export function ErrorBoundary() {
  return <SiteError />
}

function ValueCard({
  icon,
  title,
  html,
  lang,
}: {
  icon: ReactNode
  title: string
  html: string | null
  lang?: string
}) {
  return (
    <article className="rounded-2xl border border-border bg-card p-8 shadow-sm">
      <span className="inline-flex size-12 items-center justify-center rounded-xl bg-primary text-white shadow-sm">
        {icon}
      </span>
      <h3 className="mt-5 font-serif text-2xl font-bold">{title}</h3>
      <RichText html={html} lang={lang} className="mt-4 leading-relaxed text-foreground/80" />
    </article>
  )
}

function TransportIcon({ type }: { type: string }) {
  const kind = type.toLowerCase()
  const Icon = kind.includes('bus')
    ? Bus
    : kind.includes('train') || kind.includes('rail')
      ? Train
      : kind.includes('car')
        ? Car
        : Compass
  return <Icon className="size-6" aria-hidden />
}
