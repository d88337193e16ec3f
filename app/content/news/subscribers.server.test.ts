import { describe, expect, test } from 'vitest'

import { saveChurchInfo } from '#app/content/church-info/model.server.ts'
import { countWaitingMail, enqueueMail } from '#app/models/outbox.server.ts'
import { makeChurchInfo } from '#tests/factories.ts'
import { testDatabase, testDatabases } from '#tests/test-database.ts'
import {
  addConsent,
  clearSoftBounces,
  createSubscriber,
  listConsents,
  listSubscribers,
} from './model.server.ts'
import type { ConsentAction, SubscriberStatus } from './schema.ts'
import { subscriberToken, tokenHash } from './subscriber-links.server.ts'
import { deleteExpiredSignUps, recordRefusal, subscribe, subscriberOfLink } from './subscribers.server.ts'

const SECRET = 'a-test-secret-of-some-length'

test('a subscription’s confirm and unsubscribe tokens differ from each other and from another subscription’s', () => {
  const tokens = [
    subscriberToken(SECRET, 'confirm', 'one'),
    subscriberToken(SECRET, 'unsubscribe', 'one'),
    subscriberToken(SECRET, 'confirm', 'two'),
    subscriberToken('another-secret-of-some-length', 'confirm', 'one'),
  ]
  expect(new Set(tokens).size).toBe(4)
  expect(subscriberToken(SECRET, 'confirm', 'one')).toBe(tokens[0])
  expect(tokens[0]).toMatch(/^[\w-]{43}$/)
})

describe.each(testDatabases)('$name', (kind) => {
  test('footer sign-ups (no form token) past the hour’s allowance are not kept, and the visitor is asked to send it again', async () => {
    const db = await testDatabase(kind)
    await saveChurchInfo({ db, data: makeChurchInfo({ languages: ['en', 'ml'] }) })
    const runtime = {
      db,
      env: { CONTACT_RATE_LIMIT: 100, CONTACT_API_LIMIT: 1 },
      clock: { now: () => new Date('2027-01-05T10:00:00Z') },
      secret: SECRET,
      mail: null,
      mailer: { wake: () => {} },
    } as unknown as Parameters<typeof subscribe>[0]['runtime']
    const footer = (email: string, clientIp: string) =>
      subscribe({
        runtime,
        clientIp,
        data: { email, name: '' },
        source: { fromForm: true, untimed: true, page: '/ml/events', language: 'ml' },
      })
    expect(await footer('first@example.org', '203.0.113.1')).toBeUndefined()
    expect(await footer('second@example.org', '203.0.113.2')).toBe('ask-again')
    const kept = await listSubscribers({ db })
    expect(kept.items.map((row) => [row.email, row.status, row.language])).toEqual([
      ['first@example.org', 'pending', 'ml'],
    ])
  })

  async function insert(
    db: Awaited<ReturnType<typeof testDatabase>>,
    email: string,
    status: SubscriberStatus,
    createdAt: string,
    history: ConsentAction[],
  ) {
    const id = `id-${email}`
    await createSubscriber({
      db,
      row: {
        id,
        email,
        name: null,
        language: 'en',
        status,
        suspended_reason: null,
        confirm_token_hash: tokenHash(subscriberToken(SECRET, 'confirm', id)),
        unsubscribe_token_hash: tokenHash(subscriberToken(SECRET, 'unsubscribe', id)),
        created_at: createdAt,
        confirmed_at: null,
        last_confirmation_sent_at: createdAt,
      },
    })
    for (const [index, action] of history.entries()) {
      const at = new Date(Date.parse(createdAt) + index * 1000).toISOString()
      await addConsent({
        db,
        consent: {
          email,
          at,
          action,
          wording: null,
          wording_version: null,
          language: 'en',
          page: null,
        },
      })
    }
    return id
  }

  test('a link finds its subscription by the token’s hash only; a made-up or overlong token finds none', async () => {
    const db = await testDatabase(kind)
    const id = await insert(db, 'Reader@Example.org', 'pending', '2027-01-01T09:00:00.000Z', ['subscribe'])
    const found = await subscriberOfLink({
      db,
      link: 'confirm',
      token: subscriberToken(SECRET, 'confirm', id),
    })
    expect(found?.email).toBe('Reader@Example.org')
    // The unsubscribe token is not a confirm token.
    const unsubscribe = subscriberToken(SECRET, 'unsubscribe', id)
    expect(await subscriberOfLink({ db, link: 'confirm', token: unsubscribe })).toBeNull()
    expect((await subscriberOfLink({ db, link: 'unsubscribe', token: unsubscribe }))?.id).toBe(id)
    for (const token of ['forged', '', 'x'.repeat(200), null, 42]) {
      expect(await subscriberOfLink({ db, link: 'confirm', token })).toBeNull()
    }
    // The address is unique whatever its case.
    await expect(
      insert(db, 'reader@example.ORG', 'pending', '2027-01-01T09:00:00.000Z', []),
    ).rejects.toThrow()
  })

  test('sign-ups not confirmed within 7 days are deleted, with the history that only says they signed up', async () => {
    const db = await testDatabase(kind)
    const day0 = '2027-01-01T09:00:00.000Z'
    const never = await insert(db, 'never@example.org', 'pending', day0, ['subscribe', 'subscribe'])
    // Its confirmation, never sent (e-mail was off, say): it goes with the sign-up.
    await enqueueMail({
      db,
      mail: { to: 'never@example.org', subject: 'Please confirm', text: '…', refId: never },
    })
    await insert(db, 'recent@example.org', 'pending', '2027-01-05T09:00:00.000Z', ['subscribe'])
    await insert(db, 'active@example.org', 'active', day0, ['subscribe', 'confirm'])
    // Once subscribed, unsubscribed, then signed up again and never confirmed: its row goes, its history stays.
    await insert(db, 'again@example.org', 'pending', day0, [
      'subscribe',
      'confirm',
      'unsubscribe',
      'subscribe',
    ])

    expect(await deleteExpiredSignUps({ db, now: new Date('2027-01-08T08:59:00.000Z') })).toBe(0)
    expect(await deleteExpiredSignUps({ db, now: new Date('2027-01-08T09:01:00.000Z') })).toBe(2)
    expect(await deleteExpiredSignUps({ db, now: new Date('2027-01-08T09:01:00.000Z') })).toBe(0)
    const { items, total } = await listSubscribers({ db })
    expect(total).toBe(2)
    expect(items.map((subscriber) => subscriber.email).sort()).toEqual([
      'active@example.org',
      'recent@example.org',
    ])
    const actions = async (email: string) =>
      (await listConsents({ db, email })).map((consent) => consent.action)
    expect(await actions('never@example.org')).toEqual([])
    expect(await countWaitingMail({ db })).toBe(0)
    expect(await actions('again@example.org')).toEqual(['subscribe', 'confirm', 'unsubscribe', 'subscribe'])
    expect(await actions('ACTIVE@example.org')).toEqual(['subscribe', 'confirm'])
    expect((await listSubscribers({ db, status: 'active' })).total).toBe(1)
  })

  test('three temporary refusals in a row suspend an address, a retry of one e-mail counting once and a delivery starting again; a permanent one suspends at once', async () => {
    const db = await testDatabase(kind)
    const at = '2027-01-01T10:00:00.000Z'
    await insert(db, 'full@example.org', 'active', at, ['subscribe', 'confirm'])
    await insert(db, 'gone@example.org', 'active', at, ['subscribe', 'confirm'])
    const refuse = (email: string, permanent: boolean, repeated = false) =>
      recordRefusal({
        db,
        refId: `id-${email}`,
        address: email,
        permanent,
        repeated,
        reason: permanent ? '550 5.1.1 No such user' : '452 4.2.2 Mailbox full',
        now: new Date('2027-01-09T09:00:00Z'),
      })
    const state = async (email: string) => {
      const { items } = await listSubscribers({ db })
      return items.find((item) => item.email === email)
    }
    expect(await refuse('full@example.org', false)).toBe(false)
    expect(await refuse('full@example.org', false, true)).toBe(false)
    expect(await refuse('full@example.org', false)).toBe(false)
    // Delivered: the count starts again.
    await clearSoftBounces({ db, id: 'id-full@example.org' })
    expect(await refuse('full@example.org', false)).toBe(false)
    expect(await refuse('full@example.org', false)).toBe(false)
    expect((await state('full@example.org'))?.status).toBe('active')
    expect(await refuse('full@example.org', false)).toBe(true)
    expect(await state('full@example.org')).toMatchObject({
      status: 'suspended',
      suspended_reason: '3 temporary refusals in a row, the last: 452 4.2.2 Mailbox full',
    })

    expect(await refuse('gone@example.org', true)).toBe(true)
    expect(await state('gone@example.org')).toMatchObject({
      status: 'suspended',
      suspended_reason: '550 5.1.1 No such user',
    })
    expect((await listConsents({ db, email: 'gone@example.org' })).map((line) => line.action)).toEqual([
      'subscribe',
      'confirm',
      'bounce',
    ])
    // Another record's e-mail (an alert whose ref_id is a message) is none of the list's business.
    expect(
      await recordRefusal({
        db,
        refId: 'a-message-id',
        address: 'gone@example.org',
        permanent: true,
        repeated: false,
        reason: '550',
        now: new Date(),
      }),
    ).toBe(false)
  })
})
