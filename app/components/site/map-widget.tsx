import { MapPin } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'

import { cn } from '#app/lib/cn.ts'

// Leaflet touches `window` when imported and weighs ~150 kB: it loads only in the browser, only on pages that
// show a map, and only when the map is about to scroll into view (on a phone it is far below the first screen,
// and setting it up is the longest piece of work on the page).
const LeafletMap = lazy(() => import('./leaflet-map.tsx'))

/** Starts loading this far before the map reaches the screen, so it is usually ready when it arrives. */
const LOAD_MARGIN = '400px'

export interface MapWidgetProps {
  latitude: number
  longitude: number
  name: string
  className?: string
}

/** A map at zoom 15 centred on the church, with a marker whose popup names it (spec §2 "Map widget"). */
export function MapWidget({ className, ...props }: MapWidgetProps) {
  const { latitude, longitude } = props
  const box = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(false)
  useEffect(() => {
    const element = box.current
    if (!element || near) return
    if (typeof IntersectionObserver === 'undefined') return setNear(true)
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true)
      },
      { rootMargin: LOAD_MARGIN },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [near])
  // Until the map has loaded — and for good without JavaScript — a link to the same place on OpenStreetMap.
  const placeholder = (
    <div className="flex size-full items-center justify-center text-sm text-muted-foreground">
      <MapPin className="mr-2 size-5 text-primary-text" aria-hidden />
      <a
        href={`https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=15/${latitude}/${longitude}`}
        target="_blank"
        rel="noopener noreferrer"
        className="font-semibold text-primary-text underline underline-offset-2"
      >
        View the map on OpenStreetMap
      </a>
    </div>
  )
  return (
    <div
      ref={box}
      data-map
      className={cn('relative isolate h-72 overflow-hidden rounded-xl bg-surface md:h-80', className)}
    >
      {near ? (
        <Suspense fallback={placeholder}>
          <LeafletMap {...props} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  )
}

/** What shows instead of the map when the church has no coordinates. */
export function MapPlaceholder({ className }: { className?: string }) {
  return (
    <div
      className={cn(
        'flex h-72 flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-border bg-surface text-muted-foreground md:h-80',
        className,
      )}
    >
      <MapPin className="size-8" aria-hidden />
      <p>Map coordinates not set</p>
    </div>
  )
}
