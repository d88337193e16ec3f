import leaflet from 'leaflet/package.json' with { type: 'json' }

/** Where the map's pictures come from: the one outside host a page may load images from (see the CSP). */
export const MAP_TILE_ORIGIN = 'https://tile.openstreetmap.org'
export const MAP_TILE_URL = `${MAP_TILE_ORIGIN}/{z}/{x}/{y}.png`
export const MAP_TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
export const MAP_ZOOM = 15

/** Leaflet's own browser files, copied into the build by vite.config.ts (vendorLeaflet). */
export const LEAFLET_BASE = `/assets/leaflet-${leaflet.version}`
