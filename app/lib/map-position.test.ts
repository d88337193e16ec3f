import { expect, test } from 'vitest'

import { mapPositionProblem, parseMapPosition } from './map-position.ts'

const CORK = { latitude: 51.8969, longitude: -8.4863 }

test('parseMapPosition reads coordinates typed as a pair', () => {
  expect(parseMapPosition('51.8969, -8.4863')).toEqual(CORK)
  expect(parseMapPosition(' 51.8969 -8.4863 ')).toEqual(CORK)
  expect(parseMapPosition('51.8969;-8.4863')).toEqual(CORK)
  expect(parseMapPosition('51.89, -8.48')).toEqual({ latitude: 51.89, longitude: -8.48 })
})

test('parseMapPosition reads degrees with hemispheres, decimal or in minutes and seconds', () => {
  expect(parseMapPosition('51.8969° N, 8.4863° W')).toEqual(CORK)
  expect(parseMapPosition('8.4863° W 51.8969° N')).toEqual(CORK)
  const dms = parseMapPosition(`51°53'48.8"N 8°29'10.7"W`)!
  expect(dms.latitude).toBeCloseTo(51.89689, 5)
  expect(dms.longitude).toBeCloseTo(-8.48631, 5)
  expect(parseMapPosition("33°52'S 151°12'E")).toEqual({ latitude: -33.8666667, longitude: 151.2 })
})

test('parseMapPosition prefers a Google Maps place pin to the centre of the view', () => {
  expect(
    parseMapPosition(
      'https://www.google.com/maps/place/Kinsale+Rd,+Cork/@51.8901,-8.4702,17z/data=!3m1!4b1!4m6!3m5!1s0x48449:0x1!8m2!3d51.8969!4d-8.4863!16s',
    ),
  ).toEqual(CORK)
  expect(parseMapPosition('https://www.google.com/maps/@51.8969,-8.4863,15z')).toEqual(CORK)
  expect(parseMapPosition('https://www.google.ie/maps/place/51.8969,-8.4863')).toEqual(CORK)
  expect(parseMapPosition('https://maps.google.com/?q=51.8969,-8.4863')).toEqual(CORK)
  expect(parseMapPosition('https://www.google.com/maps/search/?api=1&query=51.8969%2C-8.4863')).toEqual(CORK)
  expect(parseMapPosition('google.com/maps?ll=51.8969,-8.4863&z=16')).toEqual(CORK)
})

test('parseMapPosition prefers an OpenStreetMap marker to the centre of the view', () => {
  expect(
    parseMapPosition('https://www.openstreetmap.org/?mlat=51.8969&mlon=-8.4863#map=18/51.8000/-8.4000'),
  ).toEqual(CORK)
  expect(parseMapPosition('https://www.openstreetmap.org/#map=17/51.8969/-8.4863')).toEqual(CORK)
  expect(parseMapPosition('geo:51.8969,-8.4863?z=17')).toEqual(CORK)
})

test('parseMapPosition finds nothing in other text, short links or positions off the globe', () => {
  for (const text of [
    '',
    'Kinsale Road, Cork',
    'https://maps.app.goo.gl/AbCdEf123',
    'https://example.org/@51.8969,-8.4863',
    '95.1, 10',
    '51.8, 200',
    '51.8969° N, 8.4863° N',
  ]) {
    expect(parseMapPosition(text), text).toBeNull()
  }
  expect(mapPositionProblem('https://maps.app.goo.gl/AbCdEf123')).toMatch(/^Short links name no position/)
  expect(mapPositionProblem('Kinsale Road')).toMatch(/^No map position found/)
})
