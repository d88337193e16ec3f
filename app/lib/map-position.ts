/** A point on the map, in decimal degrees. */
export interface MapPosition {
  latitude: number
  longitude: number
}

const NUMBER = String.raw`[-+]?\d{1,3}(?:\.\d+)?`
/** '51.8969, -8.4863', '51.8969 -8.4863', '51.8969;-8.4863' */
const PAIR = new RegExp(String.raw`^\s*(${NUMBER})\s*[,; ]\s*(${NUMBER})\s*$`)
/** '51.8969° N, 8.4863° W' and '51°53'48.8"N 8°29'10.7"W' (what Google Maps shows for a dropped pin). */
// The degree, minute and second signs (°, ′, ″) as the pattern's own escapes: the bundle stays all ASCII.
const HEMISPHERE_PART = String.raw`(\d{1,3}(?:\.\d+)?)\s*\u00b0?\s*(?:(\d{1,2}(?:\.\d+)?)\s*['\u2032]\s*)?(?:(\d{1,2}(?:\.\d+)?)\s*(?:"|\u2033|'')\s*)?([NSEW])`
const HEMISPHERE_PAIR = new RegExp(String.raw`^\s*${HEMISPHERE_PART}\s*[, ]?\s*${HEMISPHERE_PART}\s*$`, 'i')

/**
 * Reads a map position from what staff paste: a Google Maps or OpenStreetMap link, a `geo:` address, or
 * coordinates typed as '51.89, -8.48' or '51°53'48.8"N 8°29'10.7"W'. Answers null when it finds none (short
 * links such as maps.app.goo.gl name no position: only opening them would tell, and nothing is fetched).
 */
export function parseMapPosition(text: string): MapPosition | null {
  const input = text.trim()
  if (!input) return null
  return inRange(fromPair(input) ?? fromHemispheres(input) ?? fromAddress(input))
}

/** Why a pasted text gave no position, in words for the person who pasted it. */
export function mapPositionProblem(text: string) {
  if (/(?:goo\.gl|g\.co|osm\.org\/go)\//i.test(text)) {
    return 'Short links name no position: open the link, then copy the full address from the browser’s address bar'
  }
  return 'No map position found: paste a Google Maps or OpenStreetMap link, or type the coordinates as 51.8969, -8.4863'
}

function inRange(position: MapPosition | null) {
  if (!position) return null
  const { latitude, longitude } = position
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null
  return { latitude: round(latitude), longitude: round(longitude) }
}

/** Seven decimals are about a centimetre: more is noise from the link. */
const round = (value: number) => Math.round(value * 1e7) / 1e7

function fromPair(text: string): MapPosition | null {
  const match = PAIR.exec(text)
  return match ? { latitude: Number(match[1]), longitude: Number(match[2]) } : null
}

function fromHemispheres(text: string): MapPosition | null {
  const match = HEMISPHERE_PAIR.exec(text)
  if (!match) return null
  const first = degrees(match.slice(1, 5))
  const second = degrees(match.slice(5, 9))
  const isLatitude = (hemisphere: string) => /[NS]/i.test(hemisphere)
  if (isLatitude(first.hemisphere) === isLatitude(second.hemisphere)) return null
  const [latitude, longitude] = isLatitude(first.hemisphere) ? [first, second] : [second, first]
  return { latitude: latitude.value, longitude: longitude.value }
}

function degrees([whole, minutes, seconds, hemisphere]: string[]) {
  const value = Number(whole) + Number(minutes ?? 0) / 60 + Number(seconds ?? 0) / 3600
  return { value: /[SW]/i.test(hemisphere) ? -value : value, hemisphere }
}

/** The position a map address points at, from the parts Google Maps and OpenStreetMap put it in. */
function fromAddress(text: string): MapPosition | null {
  const geo = /^geo:(-?[\d.]+),(-?[\d.]+)/i.exec(text)
  if (geo) return { latitude: Number(geo[1]), longitude: Number(geo[2]) }
  let url: URL
  try {
    url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`)
  } catch {
    return null
  }
  const address = decodeURIComponent(url.href)
  const host = url.hostname.toLowerCase()
  const params = url.searchParams

  if (/(^|\.)(openstreetmap\.org|osm\.org)$/.test(host)) {
    // A marker (mlat/mlon) is the place itself; #map=zoom/lat/lon is only where the view was.
    const marker = pairOf(params.get('mlat'), params.get('mlon'))
    if (marker) return marker
    const view = /map=\d+(?:\.\d+)?\/(-?[\d.]+)\/(-?[\d.]+)/.exec(url.hash)
    return view ? { latitude: Number(view[1]), longitude: Number(view[2]) } : null
  }

  if (/(^|\.)google\.[a-z.]+$/.test(host) || host.startsWith('maps.google.')) {
    // A place's own pin ('!3d51.89!4d-8.48' in the data part) beats the view's centre ('@51.89,-8.48,17z').
    const pin = /!3d(-?[\d.]+)!4d(-?[\d.]+)/.exec(address)
    if (pin) return { latitude: Number(pin[1]), longitude: Number(pin[2]) }
    for (const name of ['q', 'query', 'll', 'destination', 'center', 'sll']) {
      const value = params.get(name)
      const position = value ? fromPair(value.replace(/^loc:/i, '')) : null
      if (position) return position
    }
    const place = /\/place\/(-?[\d.]+),\s*(-?[\d.]+)/.exec(address)
    if (place) return { latitude: Number(place[1]), longitude: Number(place[2]) }
    const view = /@(-?[\d.]+),(-?[\d.]+)/.exec(address)
    return view ? { latitude: Number(view[1]), longitude: Number(view[2]) } : null
  }
  return null
}

function pairOf(latitude: string | null, longitude: string | null): MapPosition | null {
  if (!latitude || !longitude) return null
  const position = { latitude: Number(latitude), longitude: Number(longitude) }
  return Number.isFinite(position.latitude) && Number.isFinite(position.longitude) ? position : null
}
