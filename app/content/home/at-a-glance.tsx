import { Clock, MapPin, Navigation, Phone } from '#app/components/site/icons.tsx'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

import type { Route } from './+types/page.ts'
import { buttonClasses } from '#app/components/site/button-classes.ts'
import { useChurch, usePageLanguage, usePageTexts } from '#app/components/site/use-church.ts'
import { directionsUrl, telHref } from '#app/lib/contact-links.ts'
import { pagePath } from '#app/content/registry.ts'

/** The home page's band of three cards: the regular services' times, where the church is, how to reach it. */
export function AtAGlance({ services }: { services: Route.ComponentProps['loaderData']['services'] }) {
  const { to, langOf } = usePageLanguage()
  const t = usePageTexts()
  const church = useChurch()
  return (
    <section aria-label={t('home.glance')} className="bg-surface">
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-16 sm:px-6 md:grid-cols-3 lg:px-8">
        <InfoCard icon={<Clock className="size-6" aria-hidden />} title={t('home.serviceTimes')}>
          {services.length > 0 ? (
            <ul className="space-y-3">
              {services.map((service) => (
                <li key={service.id}>
                  <p className="font-semibold" lang={langOf(service, 'name')}>
                    {service.name}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {[service.day, service.time].filter(Boolean).join(' · ')}
                  </p>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground">{t('home.noServices')}</p>
          )}
        </InfoCard>
        <InfoCard icon={<MapPin className="size-6" aria-hidden />} title={t('home.location')}>
          {church.address ? <p className="text-foreground/80">{church.address}</p> : null}
          <a
            href={directionsUrl(church)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses({ variant: 'outline', size: 'sm', className: 'mt-5' })}
          >
            <Navigation className="size-4" aria-hidden />
            {t('home.directions')}
          </a>
        </InfoCard>
        <InfoCard icon={<Phone className="size-6" aria-hidden />} title={t('home.contact')}>
          <div className="space-y-1 text-foreground/80">
            {church.phone ? (
              <p>
                <a href={telHref(church.phone)} className="hover:text-primary-text">
                  {church.phoneDisplay}
                </a>
              </p>
            ) : null}
            {church.email ? (
              <p>
                <a href={`mailto:${church.email}`} className="break-all hover:text-primary-text">
                  {church.email}
                </a>
              </p>
            ) : null}
          </div>
          <Link
            to={to(pagePath('contact'))}
            className={buttonClasses({ variant: 'outline', size: 'sm', className: 'mt-5' })}
          >
            {t('home.contactUs')}
          </Link>
        </InfoCard>
      </div>
    </section>
  )
}

function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col rounded-2xl border border-border bg-card p-7 shadow-sm">
      <div className="flex items-center gap-3">
        <span className="inline-flex size-12 items-center justify-center rounded-xl bg-primary text-white shadow-sm">
          {icon}
        </span>
        <h3 className="font-serif text-xl font-bold">{title}</h3>
      </div>
      <div className="mt-5 flex flex-1 flex-col items-start">{children}</div>
    </div>
  )
}
