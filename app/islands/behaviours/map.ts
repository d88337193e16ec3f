/**
 * Maps: the box holds a link to OpenStreetMap, and Leaflet's own files (copied into the build by vite.config.ts)
 * are fetched when a map scrolls into view, then draw the map with a marker whose popup names the place. Without
 * Leaflet the link stays: nothing is lost.
 *
 * Leaflet's script runs as one long task on a phone (150–170 ms at 4× CPU), and drawing the map is another: each
 * waits for a moment the page is idle, and only for a map on the screen. Fetched 400 px ahead, it ran just as a
 * visitor reached the event page's sign-up form above the map, and their tap on Register waited behind it (Event
 * Timing 264–400 ms in three of ten taps; bench:interaction).
 */
import type { Behaviour } from '../behaviour.ts'
import { Data } from '../markup.ts'

interface LeafletGlobal {
  map(element: HTMLElement, options: object): LeafletMap
  tileLayer(url: string, options: object): { addTo(map: LeafletMap): void }
  marker(position: [number, number], options: object): LeafletMarker
  control: { zoom(options: object): { addTo(map: LeafletMap): void } }
}
interface LeafletMap {
  setView(position: [number, number], zoom: number): LeafletMap
}
interface LeafletMarker {
  addTo(map: LeafletMap): LeafletMarker
  bindPopup(text: string, options: object): LeafletMarker
  openPopup(): LeafletMarker
}

let leaflet: Promise<void> | undefined

function loadLeaflet(base: string) {
  // Both the script and its stylesheet: Leaflet finds its marker's pictures through the stylesheet, and with the
  // script first it asked for `leaflet-1.9.4marker-icon.png` (a 404, now and then, as the two raced).
  const loaded = (element: HTMLLinkElement | HTMLScriptElement) =>
    new Promise<void>((resolve, reject) => {
      element.onload = () => resolve()
      element.onerror = () => reject(new Error('Leaflet did not load'))
      document.head.append(element)
    })
  if (leaflet) return leaflet
  const style = document.createElement('link')
  style.rel = 'stylesheet'
  style.href = `${base}/leaflet.css`
  const script = document.createElement('script')
  script.src = `${base}/leaflet.js`
  leaflet = Promise.all([loaded(style), loaded(script)]).then(() => undefined)
  return leaflet
}

/** A moment the page has nothing else to do (at the latest after a second), for work a visitor is not waiting on. */
function idle() {
  return new Promise<void>((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 1000 })
    else setTimeout(resolve, 50)
  })
}

async function showMap(box: HTMLElement) {
  const read = (name: Data) => box.getAttribute(name) ?? ''
  const name = read(Data.mapName)
  const position: [number, number] = [Number(read(Data.mapLatitude)), Number(read(Data.mapLongitude))]
  await idle()
  await loadLeaflet(read(Data.leafletBase))
  await idle()
  const L = (window as unknown as { L: LeafletGlobal }).L
  const canvas = document.createElement('div')
  canvas.className = 'size-full'
  box.replaceChildren(canvas)
  const map = L.map(canvas, { scrollWheelZoom: false, zoomControl: false }).setView(
    position,
    Number(read(Data.mapZoom)) || 15,
  )
  // Leaflet's own buttons, named in the page's language.
  L.control.zoom({ zoomInTitle: read(Data.mapZoomIn), zoomOutTitle: read(Data.mapZoomOut) }).addTo(map)
  L.tileLayer(read(Data.mapTiles), { attribution: read(Data.mapAttribution) }).addTo(map)
  const label = document.createElement('span')
  label.textContent = name
  L.marker(position, { alt: name }).addTo(map).bindPopup(label.innerHTML, { autoPan: false }).openPopup()
  box.querySelector('.leaflet-popup-close-button')?.setAttribute('aria-label', read(Data.mapClose))
}

export const map: Behaviour = {
  selector: `[${Data.map}][${Data.mapLatitude}]`,
  start(boxes) {
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue
          observer.unobserve(entry.target)
          showMap(entry.target as HTMLElement).catch(() => {})
        }
      },
      { rootMargin: '0px' },
    )
    for (const box of boxes) observer.observe(box)
  },
}
