import { CalendarDays, Clock, Sparkles } from '#app/components/site/icons.tsx'

import type { Route } from './+types/page.ts'
import { ChurchLocation } from './church-location.tsx'
import { ServiceDetails } from './service-details.tsx'
import { PageHero } from '#app/components/site/page-hero.tsx'
import { PageSection } from '#app/components/site/page-section.tsx'
import { SiteError } from '#app/components/site/site-error.tsx'
import { useChurch, usePageLanguage, usePageTexts } from '#app/components/site/use-church.ts'
import { runtimeContext } from '#app/context.ts'
import { pageMeta } from '#app/content/page-meta.ts'
import { sanitizeHtml } from '#app/lib/sanitize-html.server.ts'
import { pageLanguage } from '#app/server/page-language.server.ts'
import { listServices } from './model.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext)
  const services = (await listServices({ db, locale: pageLanguage(context) })).map((service) => ({
    ...service,
    description: sanitizeHtml(service.description),
  }))
  return {
    regular: services.filter((service) => service.type === 'regular'),
    special: services.filter((service) => service.type === 'special'),
  }
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'services')
}

const cardClass = 'rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8'

export default function Services({ loaderData }: Route.ComponentProps) {
  const church = useChurch()
  const { langOf } = usePageLanguage()
  const t = usePageTexts()
  const { regular, special } = loaderData
  // A service's day and time, each in the language it is shown in.
  const when = (service: (typeof regular)[number]) =>
    (['day', 'time'] as const)
      .filter((field) => service[field])
      .map((field, index) => (
        <span key={field} lang={langOf(service, field)}>
          {index > 0 ? ' · ' : null}
          {service[field]}
        </span>
      ))
  return (
    <>
      <PageHero title={t('services.title')} intro={t('services.intro', { church: church.name })} />

      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-16 sm:px-6 md:py-20 lg:grid-cols-2 lg:px-8">
        <section aria-labelledby="regular-services" className={cardClass}>
          <h2 id="regular-services" className="flex items-center gap-3 font-serif text-2xl font-bold">
            <span className="inline-flex size-11 items-center justify-center rounded-xl bg-primary text-white">
              <Clock className="size-5" aria-hidden />
            </span>
            {t('services.regular')}
          </h2>
          <ul className="mt-6 divide-y divide-border">
            {regular.map((service) => (
              <li key={service.id} className="py-5 first:pt-0 last:pb-0">
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <h3 className="text-lg font-semibold" lang={langOf(service, 'name')}>
                    {service.name}
                  </h3>
                  {service.day || service.time ? (
                    <p className="text-sm font-semibold text-primary-text">{when(service)}</p>
                  ) : null}
                </div>
                <ServiceDetails service={service} look="row" />
              </li>
            ))}
          </ul>
        </section>

        <ChurchLocation className={cardClass} />
      </div>

      {special.length > 0 ? (
        <PageSection id="special-services" title={t('services.special')} surface>
          <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {special.map((service) => (
              <article
                key={service.id}
                className="flex flex-col rounded-2xl border border-border bg-card p-7 shadow-sm"
              >
                <span className="inline-flex size-11 items-center justify-center rounded-xl bg-secondary/15 text-secondary">
                  <Sparkles className="size-5" aria-hidden />
                </span>
                <h3 className="mt-4 font-serif text-xl font-bold" lang={langOf(service, 'name')}>
                  {service.name}
                </h3>
                {service.day || service.time ? (
                  <p className="mt-2 flex items-center gap-2 text-sm font-semibold text-primary-text">
                    <CalendarDays className="size-4" aria-hidden />
                    {when(service)}
                  </p>
                ) : null}
                <ServiceDetails service={service} look="card" />
              </article>
            ))}
          </div>
        </PageSection>
      ) : null}
    </>
  )
}

export function ErrorBoundary() {
  return <SiteError />
}
