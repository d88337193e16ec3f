import { useLinkTo, usePageTexts } from '#app/components/site/use-church.ts'
import { ArrowRight, GraduationCap, HandHeart } from '#app/components/site/icons.tsx'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

import type { Route } from './+types/page.ts'
import { buttonClasses } from '#app/components/site/button-classes.ts'
import { MinistryCard } from './ministry-card.tsx'
import { PageHero } from '#app/components/site/page-hero.tsx'
import { SectionHeading } from '#app/components/site/section-heading.tsx'
import { SiteError } from '#app/components/site/site-error.tsx'
import { runtimeContext } from '#app/context.ts'
import { loadImageSources } from '#app/server/image-sources.server.ts'
import { FALLBACK_IMAGES } from '#app/lib/images.ts'
import { pageMeta } from '#app/content/page-meta.ts'
import { sanitizeHtml } from '#app/lib/sanitize-html.server.ts'
import { listMinistries } from './model.server.ts'
import { pageLanguage } from '#app/server/page-language.server.ts'
import { pagePath } from '#app/content/registry.ts'

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext)
  const ministries = await listMinistries({ db, locale: pageLanguage(context) })
  const image = await loadImageSources({ db, urls: ministries.map((ministry) => ministry.image_url) })
  return {
    ministries: ministries.map((ministry) => ({
      ...ministry,
      description: sanitizeHtml(ministry.description),
      image: image(ministry.image_url, FALLBACK_IMAGES.ministry)!,
    })),
  }
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'ministries')
}

export default function Ministries({ loaderData }: Route.ComponentProps) {
  const t = usePageTexts()
  const to = useLinkTo()
  return (
    <>
      <PageHero title={t('ministries.title')} intro={t('ministries.intro')} />

      <section
        aria-label={t('ministries.list')}
        className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-20 lg:px-8"
      >
        <div className="grid gap-8 md:grid-cols-2">
          {loaderData.ministries.map((ministry, index) => (
            <MinistryCard
              key={ministry.id}
              priority={index === 0}
              ministry={ministry}
              anchor
              headingLevel="h2"
              action={
                <Link to={to(pagePath('contact'))} className={buttonClasses()}>
                  {t('ministries.getInvolved')}
                  <span className="sr-only">: {ministry.name}</span>
                  <ArrowRight className="size-4" aria-hidden />
                </Link>
              }
            />
          ))}
        </div>
      </section>

      <section aria-labelledby="get-involved" className="bg-surface">
        <div className="mx-auto max-w-5xl px-4 py-20 sm:px-6 lg:px-8">
          <SectionHeading
            id="get-involved"
            title={t('ministries.getInvolved')}
            intro={t('ministries.involvedIntro')}
          />
          <div className="mt-12 grid gap-6 md:grid-cols-2">
            <InvolvementCard
              icon={<HandHeart className="size-6" aria-hidden />}
              title={t('ministries.volunteer')}
              items={[
                t('ministries.volunteer1'),
                t('ministries.volunteer2'),
                t('ministries.volunteer3'),
                t('ministries.volunteer4'),
              ]}
              action={
                <Link to={to(pagePath('contact'))} className={buttonClasses()}>
                  {t('ministries.contactUs')}
                </Link>
              }
            />
            <InvolvementCard
              icon={<GraduationCap className="size-6" aria-hidden />}
              title={t('ministries.training')}
              items={[
                t('ministries.training1'),
                t('ministries.training2'),
                t('ministries.training3'),
                t('ministries.training4'),
              ]}
              action={
                <Link to={to(pagePath('contact'))} className={buttonClasses({ variant: 'outline' })}>
                  {t('ministries.learnMore')}
                  {/* 'Learn More' alone tells a search engine (and a screen reader's list of links) nothing. */}
                  <span className="sr-only"> {t('ministries.aboutTraining')}</span>
                </Link>
              }
            />
          </div>
        </div>
      </section>
    </>
  )
}

export function ErrorBoundary() {
  return <SiteError />
}

function InvolvementCard({
  icon,
  title,
  items,
  action,
}: {
  icon: ReactNode
  title: string
  items: string[]
  action: ReactNode
}) {
  return (
    <article className="flex flex-col rounded-2xl border border-border bg-card p-8 shadow-sm">
      <span className="inline-flex size-12 items-center justify-center rounded-xl bg-primary text-white shadow-sm">
        {icon}
      </span>
      <h3 className="mt-5 font-serif text-2xl font-bold">{title}</h3>
      <ul className="mt-4 space-y-2 text-foreground/80">
        {items.map((item) => (
          <li key={item} className="flex items-center gap-2.5">
            <span className="size-1.5 shrink-0 rounded-full bg-secondary" aria-hidden />
            {item}
          </li>
        ))}
      </ul>
      <div className="mt-auto pt-7">{action}</div>
    </article>
  )
}
