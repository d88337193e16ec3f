import { Bus, Car, MapPin } from '#app/components/site/icons.tsx'
import type { ReactNode } from 'react'

import { MapPlaceholder, MapWidget } from '#app/components/site/map-widget.tsx'
import { useChurch, usePageTexts } from '#app/components/site/use-church.ts'

/** The Services page's card of where the church is: its map, its address, and how to get there and park. */
export function ChurchLocation({ className }: { className: string }) {
  const church = useChurch()
  const t = usePageTexts()
  return (
    <section aria-labelledby="location" className={className}>
      <h2 id="location" className="flex items-center gap-3 font-serif text-2xl font-bold">
        <span className="inline-flex size-11 items-center justify-center rounded-xl bg-primary text-white">
          <MapPin className="size-5" aria-hidden />
        </span>
        {t('services.location')}
      </h2>
      <div className="mt-6">
        {church.latitude !== null && church.longitude !== null ? (
          <MapWidget latitude={church.latitude} longitude={church.longitude} name={church.name} />
        ) : (
          <MapPlaceholder />
        )}
      </div>
      {church.address ? <p className="mt-5 font-medium">{church.address}</p> : null}
      {church.publicTransport.length > 0 || church.parking.length > 0 ? (
        <div className="mt-6 grid gap-5 sm:grid-cols-2">
          <TravelNote
            icon={<Bus className="size-4 text-primary-text" aria-hidden />}
            title={t('services.transport')}
          >
            {church.publicTransport}
          </TravelNote>
          <TravelNote
            icon={<Car className="size-4 text-primary-text" aria-hidden />}
            title={t('services.parking')}
          >
            {church.parking}
          </TravelNote>
        </div>
      ) : null}
    </section>
  )
}

/** A note on getting there (public transport, parking) under its heading, when the church gave one. */
function TravelNote({
  icon,
  title,
  children,
}: {
  icon: ReactNode
  title: string
  children: readonly string[]
}) {
  if (children.length === 0) return null
  return (
    <div>
      <h3 className="flex items-center gap-2 font-semibold">
        {icon}
        {title}
      </h3>
      <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{children.join(' ')}</p>
    </div>
  )
}
