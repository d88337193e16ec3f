import { describe, expect, test } from 'vitest'

import { countWaitingMail } from '#app/models/outbox.server.ts'
import { saveRegistrationSettings } from '#app/models/settings.server.ts'
import { testDatabase, testDatabases } from '#tests/test-database.ts'
import { createEvent } from '#app/content/events/model.server.ts'
import { listRegistrations } from './model.server.ts'
import { createRegistration } from './sign-up-model.server.ts'
import { eraseEndedRegistrations } from './erasure.server.ts'

describe.each(testDatabases)('$name', (kind) => {
  test('registrations are erased, with their e-mails, the set number of days after their date, by the clock', async () => {
    const db = await testDatabase(kind)
    const event = await createEvent({
      db,
      data: { title: 'Retreat', starts_at: '2027-03-01T10:00', registration: true, capacity: 10 },
    })
    const signUp = (endsOn: string, email: string) =>
      createRegistration({
        db,
        eventId: event.id,
        occurrence: `${endsOn}T10:00`,
        endsOn,
        input: { name: 'A', email, people: 1, note: null },
        clock: { now: () => new Date('2027-02-01T12:00:00Z') },
        mails: (registration) => [
          { to: registration.email, subject: 'You are registered', text: '…', refId: registration.id },
        ],
      })
    await signUp('2027-03-01', 'march@example.org')
    await signUp('2027-03-08', 'later@example.org')
    const left = async () =>
      (await listRegistrations({ db, eventId: event.id })).items.map((registration) => registration.email)

    // 30 days by default: kept through 30 March (Dublin), erased on 31 March.
    expect(await eraseEndedRegistrations({ db, now: new Date('2027-03-30T22:59:00Z') })).toBe(0)
    expect(await eraseEndedRegistrations({ db, now: new Date('2027-03-30T23:00:00Z') })).toBe(1)
    expect(await left()).toEqual(['later@example.org'])
    expect(await countWaitingMail({ db })).toBe(1)

    // A shorter setting takes effect at the next run.
    await saveRegistrationSettings({
      db,
      data: { registration_kept_days: '7', editors_manage_registrations: false },
    })
    expect(await eraseEndedRegistrations({ db, now: new Date('2027-03-14T12:00:00Z') })).toBe(0)
    expect(await eraseEndedRegistrations({ db, now: new Date('2027-03-15T12:00:00Z') })).toBe(1)
    expect(await left()).toEqual([])
    expect(await countWaitingMail({ db })).toBe(0)
  })
})
