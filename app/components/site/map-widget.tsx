import { MapPin } from 'lucide-react'
import { lazy, Suspense, useSyncExternalStore } from 'react'

import { cn } from '#app/lib/cn.ts'

// Leaflet touches `window` when imported and weighs ~150 kB: it loads only in the browser, only on pages that
// show a map.
const LeafletMap = lazy(() => import('./leaflet-map.tsx'))

const noSubscription = () => () => {}

export interface MapWidgetProps {
  latitude: number
  longitude: number
  name: string
  className?: string
}

/** A map at zoom 15 centred on the church, with a marker whose popup names it (spec §2 "Map widget"). */
export function MapWidget({ className, ...props }: MapWidgetProps) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
  const placeholder = (
    <div className="flex size-full items-center justify-center text-sm text-muted-foreground">
      <MapPin className="mr-2 size-5 animate-pulse text-primary-text" aria-hidden />
      Loading map…
    </div>
  )
  return (
    <div className={cn('relative isolate h-72 overflow-hidden rounded-xl bg-surface md:h-80', className)}>
      {hydrated ? (
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
