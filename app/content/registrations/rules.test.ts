import { Temporal } from 'temporal-polyfill'
import { expect, test } from 'vitest'

import {
  addressKey,
  erasedEndingOnOrBefore,
  erasureDay,
  holdsLargeShare,
  movedUp,
  placeFor,
  placeLimits,
  placesLeft,
  registrationClosed,
} from './rules.ts'

test('placeFor confirms while the places last, then puts sign-ups on the waiting list', () => {
  expect(placeFor({ capacity: 3, taken: 0, waiting: 0, people: 1 })).toBe('confirmed')
  expect(placeFor({ capacity: 3, taken: 2, waiting: 0, people: 1 })).toBe('confirmed')
  expect(placeFor({ capacity: 3, taken: 3, waiting: 0, people: 1 })).toBe('waiting')
  // A party is confirmed whole or waits whole.
  expect(placeFor({ capacity: 3, taken: 2, waiting: 0, people: 2 })).toBe('waiting')
  // Nobody jumps the queue, even a party that would fit.
  expect(placeFor({ capacity: 3, taken: 1, waiting: 1, people: 1 })).toBe('waiting')
  expect(placeFor({ capacity: null, taken: 500, waiting: 0, people: 10 })).toBe('confirmed')
})

test('movedUp takes the waiting list in order while each party fits, and stops at the first that does not', () => {
  const waiting = [
    { id: 'a', people: 1 },
    { id: 'b', people: 2 },
    { id: 'c', people: 1 },
  ]
  expect(movedUp({ capacity: 3, taken: 2, waiting })).toEqual(['a'])
  expect(movedUp({ capacity: 3, taken: 0, waiting })).toEqual(['a', 'b'])
  // 'b' does not fit in two places after 'a': 'c' waits behind it.
  expect(movedUp({ capacity: 3, taken: 1, waiting })).toEqual(['a'])
  expect(movedUp({ capacity: 3, taken: 3, waiting })).toEqual([])
  expect(movedUp({ capacity: null, taken: 3, waiting })).toEqual(['a', 'b', 'c'])
})

test('placesLeft never goes below none', () => {
  expect(placesLeft(3, 1)).toBe(2)
  expect(placesLeft(3, 5)).toBe(0)
  expect(placesLeft(null, 5)).toBeNull()
})

test('a registration is erased the set number of days after its date, and not a day before', () => {
  expect(erasureDay('2027-03-01', 30)).toBe('2027-03-31')
  // The daily erasure on 30 March keeps a date that ended on 1 March; on 31 March it goes.
  expect('2027-03-01' <= erasedEndingOnOrBefore(Temporal.PlainDate.from('2027-03-30'), 30)).toBe(false)
  expect('2027-03-01' <= erasedEndingOnOrBefore(Temporal.PlainDate.from('2027-03-31'), 30)).toBe(true)
  expect(erasedEndingOnOrBefore(Temporal.PlainDate.from('2027-01-05'), 7)).toBe('2026-12-29')
})

test('sign-ups close at the closing time, and in any case when the date starts', () => {
  const at = (text: string) => Temporal.PlainDateTime.from(text)
  const occurrence = at('2027-02-12T18:00')
  expect(registrationClosed({ now: at('2027-02-12T17:59'), occurrence, closesAt: null })).toBe(false)
  expect(registrationClosed({ now: at('2027-02-12T18:00'), occurrence, closesAt: null })).toBe(true)
  const closesAt = at('2027-02-05T23:59')
  expect(registrationClosed({ now: at('2027-02-05T23:58'), occurrence, closesAt })).toBe(false)
  expect(registrationClosed({ now: at('2027-02-05T23:59'), occurrence, closesAt })).toBe(true)
})

test('addressKey is one key for one mailbox: case, a +tag and Gmail’s dots make no other', () => {
  expect(addressKey(' Mary.Murphy+Retreat@Example.ORG ')).toBe('mary.murphy@example.org')
  expect(addressKey('mary.murphy@example.org')).toBe('mary.murphy@example.org')
  expect(addressKey('M.a.r.y+1@googlemail.com')).toBe('mary@gmail.com')
  expect(addressKey('mary@gmail.com')).toBe('mary@gmail.com')
  // Dots elsewhere are part of the name, and a +tag with nothing before it is left as it is.
  expect(addressKey('m.ary@example.org')).not.toBe(addressKey('mary@example.org'))
  expect(addressKey('+tag@example.org')).toBe('+tag@example.org')
})

test('placeLimits: an address its allowance; a connection its own, at most half a limited date, never below an address', () => {
  const limits = (capacity: number | null) => placeLimits({ capacity, perAddress: 10, perConnection: 20 })
  expect(limits(null)).toEqual({ address: 10, connection: 20 })
  expect(limits(200)).toEqual({ address: 10, connection: 20 })
  expect(limits(20)).toEqual({ address: 10, connection: 10 })
  expect(limits(30)).toEqual({ address: 10, connection: 15 })
  // A small date: one family from its only connection may still come.
  expect(limits(6)).toEqual({ address: 10, connection: 10 })
  // An operator's lower allowance for connections holds whatever the date.
  expect(placeLimits({ capacity: 100, perAddress: 10, perConnection: 5 })).toEqual({
    address: 10,
    connection: 5,
  })
})

test('holdsLargeShare: half a limited date’s places or more, from 4 places up', () => {
  expect(holdsLargeShare(10, 20)).toBe(true)
  expect(holdsLargeShare(9, 20)).toBe(false)
  expect(holdsLargeShare(4, 6)).toBe(true)
  // A couple at a small date, or any number at a date without a limit, is no notice.
  expect(holdsLargeShare(3, 4)).toBe(false)
  expect(holdsLargeShare(50, null)).toBe(false)
})
