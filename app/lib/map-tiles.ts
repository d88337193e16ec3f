/** Where the map's pictures come from: the one outside host a page may load images from (see the CSP). */
export const MAP_TILE_ORIGIN = 'https://tile.openstreetmap.org'
export const MAP_TILE_URL = `${MAP_TILE_ORIGIN}/{z}/{x}/{y}.png`
