import 'leaflet/dist/leaflet.css'
import L from 'leaflet'
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png'
import markerIcon from 'leaflet/dist/images/marker-icon.png'
import markerShadow from 'leaflet/dist/images/marker-shadow.png'
import { useEffect, useRef } from 'react'
import { MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet'

import type { MapWidgetProps } from './map-widget.tsx'
import { MAP_TILE_URL } from '#app/lib/map-tiles.ts'

const MAP_ZOOM = 15
const TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'

// Leaflet finds its marker images relative to its CSS, which a bundler moves; give it the bundled addresses.
const icon = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
})

/** Keeps the view on the point when the coordinates change (MapContainer reads `center` only once). */
function Recentre({ latitude, longitude }: { latitude: number; longitude: number }) {
  const map = useMap()
  useEffect(() => {
    map.setView([latitude, longitude], MAP_ZOOM)
  }, [map, latitude, longitude])
  return null
}

function ChurchMarker({ latitude, longitude, name }: Omit<MapWidgetProps, 'className'>) {
  const marker = useRef<L.Marker>(null)
  useEffect(() => {
    marker.current?.openPopup()
  }, [])
  return (
    <Marker ref={marker} position={[latitude, longitude]} icon={icon} alt={name}>
      <Popup autoPan={false}>{name}</Popup>
    </Marker>
  )
}

export default function LeafletMap({ latitude, longitude, name }: Omit<MapWidgetProps, 'className'>) {
  return (
    <MapContainer
      center={[latitude, longitude]}
      zoom={MAP_ZOOM}
      scrollWheelZoom={false}
      className="size-full"
    >
      <TileLayer url={MAP_TILE_URL} attribution={TILE_ATTRIBUTION} />
      <Recentre latitude={latitude} longitude={longitude} />
      {/* A new key replaces the marker (and reopens its popup) when the place changes. */}
      <ChurchMarker
        key={`${latitude},${longitude},${name}`}
        latitude={latitude}
        longitude={longitude}
        name={name}
      />
    </MapContainer>
  )
}
