/** A directions link to the church in the visitor's maps app: its coordinates when set, else its address. */
export function directionsUrl({
  latitude,
  longitude,
  address,
}: {
  latitude: number | null
  longitude: number | null
  address: string | null
}) {
  const destination = latitude !== null && longitude !== null ? `${latitude},${longitude}` : (address ?? '')
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`
}

/** A `tel:` link for a phone number as people write it ('+353 21 432 0199' → 'tel:+353214320199'). */
export function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, '')}`
}
