import { MapPin } from '#app/components/site/icons.tsx'

import { cn } from '#app/lib/cn.ts'
import { LEAFLET_BASE, MAP_TILE_ATTRIBUTION, MAP_TILE_URL, MAP_ZOOM } from '#app/lib/map-tiles.ts'
import { Data } from '#app/islands/markup.ts'
import { usePageTexts } from './use-church.ts'

export interface MapWidgetProps {
  latitude: number
  longitude: number
  name: string
  className?: string
}

/**
 * A map at zoom 15 centred on the church, with a marker whose popup names it (docs/specification.md §2, "Map
 * widget"). Leaflet (~150 kB) is fetched by the page's script (app/islands/behaviours/map.ts) only when the map
 * is about to scroll into view; until then — and for good without JavaScript — the box holds a link to the
 * same place on OpenStreetMap.
 */
export function MapWidget({ latitude, longitude, name, className }: MapWidgetProps) {
  const t = usePageTexts()
  return (
    <div
      {...{
        [Data.map]: true,
        [Data.mapLatitude]: latitude,
        [Data.mapLongitude]: longitude,
        [Data.mapName]: name,
        [Data.mapZoom]: MAP_ZOOM,
        [Data.mapTiles]: MAP_TILE_URL,
        [Data.mapAttribution]: MAP_TILE_ATTRIBUTION,
        [Data.leafletBase]: LEAFLET_BASE,
        [Data.mapZoomIn]: t('map.zoomIn'),
        [Data.mapZoomOut]: t('map.zoomOut'),
        [Data.mapClose]: t('map.close'),
      }}
      className={cn('relative isolate h-72 overflow-hidden rounded-xl bg-surface md:h-80', className)}
    >
      <div className="flex size-full items-center justify-center text-sm text-muted-foreground">
        <MapPin className="mr-2 size-5 text-primary-text" aria-hidden />
        <a
          href={`https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=15/${latitude}/${longitude}`}
          target="_blank"
          rel="noopener noreferrer"
          className="font-semibold text-primary-text underline underline-offset-2"
        >
          {t('map.open')}
        </a>
      </div>
    </div>
  )
}

/** What shows instead of the map when the church has no coordinates. */
export function MapPlaceholder({ className }: { className?: string }) {
  const t = usePageTexts()
  return (
    <div
      className={cn(
        'flex h-72 flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-border bg-surface text-muted-foreground md:h-80',
        className,
      )}
    >
      <MapPin className="size-8" aria-hidden />
      <p>{t('map.missing')}</p>
    </div>
  )
}
