import { expect, test } from 'vitest'

import {
  absoluteUrl,
  churchJsonLd,
  eventJsonLd,
  fingerprint,
  seoMeta,
  shareCardVersion,
  shareImagePath,
  themeHex,
  webPageJsonLd,
} from './seo.ts'
import { THEMES } from './themes.ts'

const CHURCH = {
  origin: 'https://church.example',
  name: 'Grace Church',
  description: null,
  logo: 'https://church.example/images/default-logo.png',
  image: 'https://church.example/og/home.jpg?v=1',
  telephone: '+353214320199',
  email: 'office@church.example',
  address: 'Unit 4, Kinsale Road,\nCork T12 X2Y8, Ireland',
  streetAddress: null,
  locality: null,
  postalCode: null,
  country: 'IE',
  countryName: 'Ireland',
  latitude: 51.8969,
  longitude: -8.4863,
  sameAs: ['https://www.facebook.com/grace'],
}

test('the themes’ colours as hex, for the manifest and the pictures', () => {
  expect(THEMES.map((theme) => themeHex(theme))).toEqual(['#1f4d7a', '#1d6d44', '#4d1f7a'])
})

test('addresses on the site are made absolute; absolute ones are kept', () => {
  expect(absoluteUrl('https://church.example', '/og/home.jpg')).toBe('https://church.example/og/home.jpg')
  expect(absoluteUrl('https://church.example', 'x')).toBe('https://church.example/x')
  expect(absoluteUrl('https://church.example', 'https://cdn.example/a.jpg')).toBe('https://cdn.example/a.jpg')
})

test('a share card’s address changes with anything it shows, and only then', () => {
  const card = {
    name: 'Grace',
    subtitle: null,
    title: 'Events',
    logo: '/images/l.png',
    host: 'church.example',
  }
  expect(shareCardVersion(card)).toBe(shareCardVersion({ ...card }))
  for (const change of [
    { name: 'Grace2' },
    { title: 'Event' },
    { logo: '/media/x.webp' },
    { photo: '/media/p.webp' },
  ]) {
    expect(shareCardVersion({ ...card, ...change })).not.toBe(shareCardVersion(card))
  }
  expect(shareImagePath('events', card)).toBe(`/og/events.jpg?v=${shareCardVersion(card)}`)
  expect(fingerprint('a')).not.toBe(fingerprint('b'))
  // Another language's picture is another picture, at an address naming it; the main language's is as it was.
  const malayalam = { ...card, language: 'ml' }
  expect(shareCardVersion(malayalam)).not.toBe(shareCardVersion(card))
  expect(shareImagePath('events/abc', malayalam)).toBe(
    `/og/ml/events/abc.jpg?v=${shareCardVersion(malayalam)}`,
  )
  expect(shareCardVersion({ ...card, language: null })).toBe(shareCardVersion(card))
})

test('seoMeta gives one of each tag, with absolute addresses and the structured data last', () => {
  const tags = seoMeta(
    { origin: 'https://church.example', name: 'Grace Church', locale: 'en_IE' },
    {
      path: '/events',
      title: 'Events',
      description: 'What is on.',
      image: { url: '/og/events.jpg?v=1', width: 1200, height: 630, alt: 'Events · Grace Church' },
      jsonLd: [churchJsonLd(CHURCH)],
    },
  )
  expect(tags).toContainEqual({ title: 'Events | Grace Church' })
  expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://church.example/events' })
  expect(tags).toContainEqual({ property: 'og:image', content: 'https://church.example/og/events.jpg?v=1' })
  expect(tags).toContainEqual({
    property: 'og:image:secure_url',
    content: 'https://church.example/og/events.jpg?v=1',
  })
  expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' })
  expect(tags.at(-1)).toHaveProperty('script:ld+json.@type', 'Church')
})

test('the Church block says the address without the country, which it gives as a code', () => {
  const block = churchJsonLd(CHURCH) as unknown as Record<string, unknown>
  expect(block.address).toEqual({
    '@type': 'PostalAddress',
    streetAddress: 'Unit 4, Kinsale Road, Cork T12 X2Y8',
    addressCountry: 'IE',
  })
  // In parts once staff give them: street, locality and postcode as search engines read them.
  const parts = churchJsonLd({
    ...CHURCH,
    streetAddress: 'Unit 4, Kinsale Road',
    locality: 'Cork',
    postalCode: 'T12 X2Y8',
  }) as unknown as Record<string, unknown>
  expect(parts.address).toEqual({
    '@type': 'PostalAddress',
    streetAddress: 'Unit 4, Kinsale Road',
    addressLocality: 'Cork',
    postalCode: 'T12 X2Y8',
    addressCountry: 'IE',
  })
  const bare = churchJsonLd({
    ...CHURCH,
    telephone: null,
    email: null,
    address: null,
    latitude: null,
    sameAs: [],
  })
  expect(Object.keys(bare)).toEqual(['@context', '@type', '@id', 'name', 'url', 'logo', 'image'])
})

test('an Event block has what search engines require for event results', () => {
  const block = JSON.parse(
    JSON.stringify(
      eventJsonLd({
        origin: 'https://church.example',
        path: '/events/abc',
        name: 'Harvest Supper',
        description: 'Bring a dish.',
        startDate: '2027-03-28T18:00:00+01:00',
        endDate: '2027-03-28T21:00:00+01:00',
        images: ['https://church.example/og/events/abc.jpg?v=1'],
        church: CHURCH,
        venue: 'Church hall',
      }),
    ),
  )
  expect(block).toEqual({
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: 'Harvest Supper',
    url: 'https://church.example/events/abc',
    startDate: '2027-03-28T18:00:00+01:00',
    endDate: '2027-03-28T21:00:00+01:00',
    description: 'Bring a dish.',
    image: ['https://church.example/og/events/abc.jpg?v=1'],
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: 'Church hall',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Unit 4, Kinsale Road, Cork T12 X2Y8',
        addressCountry: 'IE',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 51.8969, longitude: -8.4863 },
    },
    organizer: { '@type': 'Organization', name: 'Grace Church', url: 'https://church.example/' },
  })
  expect(block.startDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/)
})

test('an Event block on a page in another language says so, with that language’s addresses', () => {
  const block = eventJsonLd({
    origin: 'https://church.example',
    path: '/ml/events/abc',
    home: '/ml',
    inLanguage: 'ml',
    name: 'കൊയ്ത്തുത്സവം',
    description: null,
    startDate: '2027-03-28T18:00:00+01:00',
    endDate: null,
    images: [],
    church: CHURCH,
  })
  expect(block).toMatchObject({
    url: 'https://church.example/ml/events/abc',
    inLanguage: 'ml',
    name: 'കൊയ്ത്തുത്സവം',
    organizer: { url: 'https://church.example/ml' },
  })
})

test('a page about the church says which language its words are in; the Church block takes its home', () => {
  const church = churchJsonLd({ ...CHURCH, home: '/ml' }) as unknown as Record<string, unknown>
  expect(church).toMatchObject({
    '@id': 'https://church.example/ml#church',
    url: 'https://church.example/ml',
  })
  expect(
    webPageJsonLd({
      type: 'AboutPage',
      url: 'https://church.example/ml/about',
      name: 'About Us | Grace Church',
      description: '',
      inLanguage: 'ml',
      about: 'https://church.example/ml#church',
    }),
  ).toEqual({
    '@context': 'https://schema.org',
    '@type': 'AboutPage',
    '@id': 'https://church.example/ml/about',
    url: 'https://church.example/ml/about',
    name: 'About Us | Grace Church',
    inLanguage: 'ml',
    about: { '@id': 'https://church.example/ml#church' },
  })
})

test('an event away from the church is at its own place, never at the church’s address', () => {
  const event = {
    origin: 'https://church.example',
    path: '/events/retreat',
    name: 'Youth Retreat',
    description: null,
    startDate: '2027-02-12T18:00:00+00:00',
    endDate: null,
    images: [],
    church: CHURCH,
  }
  const place = (facts: Partial<Parameters<typeof eventJsonLd>[0]>) =>
    (eventJsonLd({ ...event, ...facts }) as unknown as { location: Record<string, unknown> }).location
  expect(place({ venue: 'Glengarriff', latitude: 51.7497, longitude: -9.5516 })).toEqual({
    '@type': 'Place',
    name: 'Glengarriff',
    address: 'Glengarriff',
    geo: { '@type': 'GeoCoordinates', latitude: 51.7497, longitude: -9.5516 },
  })
  // A room of the church, or a map position within a stone's throw of it, is at the church.
  for (const at of [{ venue: 'Main Hall' }, { venue: 'Car park', latitude: 51.897, longitude: -8.4862 }]) {
    expect(place(at)).toMatchObject({
      name: at.venue,
      address: { '@type': 'PostalAddress', addressCountry: 'IE' },
      geo: { latitude: 51.8969, longitude: -8.4863 },
    })
  }
  expect(place({})).toMatchObject({ name: 'Grace Church', address: { '@type': 'PostalAddress' } })
  // Without a map position, a location that names a room of the church, or its own street, is at the church…
  for (const venue of [
    "Children's Room",
    'Fellowship Room',
    'Upstairs prayer room',
    'Main Hall, Kinsale Road',
  ]) {
    expect(place({ venue }), venue).toMatchObject({
      name: venue,
      address: { '@type': 'PostalAddress' },
      geo: { latitude: 51.8969 },
    })
  }
  // …and any other is where it says, with no map pin at all rather than the church's (an outside audit's find).
  for (const venue of [
    'Homes across Cork',
    'The English Market, Princes Street',
    'Parish Hall, Douglas',
    'Cork City Hall',
    'Ballyphehane Community Centre',
  ]) {
    expect(place({ venue }), venue).toEqual({ '@type': 'Place', name: venue, address: venue })
  }
})
