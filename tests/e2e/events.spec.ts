import fs from 'node:fs'

import ICAL from 'ical.js'
import { RRuleTemporal } from 'rrule-temporal'
import { Temporal } from 'temporal-polyfill'

import { expectToast, unique } from './admin-helpers.ts'
import { expect, expectNoAxeViolations, signInAt, test } from './fixtures.ts'
import { openDatabase } from '#app/db/database.server.ts'
import { todayIn } from '#app/dates/engine.ts'
import { formatDate } from '#app/dates/text.ts'

const ZONE = 'Europe/Dublin'

/** The first Sunday of next month, in the church's zone. */
function firstSundayOfNextMonth() {
  const month = todayIn(ZONE, new Date()).toPlainYearMonth().add({ months: 1 }).toPlainDate({ day: 1 })
  return month.add({ days: (7 - month.dayOfWeek) % 7 })
}

test('The secretary adds a monthly "first Sunday" event with its preview, finds it on /events and on its own page, downloads it and sees how to subscribe', async ({
  page,
}) => {
  const title = unique('Family Communion')
  const first = firstSundayOfNextMonth()
  // What the rule gives, by the library's own expansion.
  const expected = new RRuleTemporal({
    rruleString: `DTSTART;TZID=${ZONE}:${first.toString().replace(/-/g, '')}T103000\nRRULE:FREQ=MONTHLY;BYDAY=1SU`,
  })
    .all((_, index) => index < 5)
    .map((date) => formatDate(Temporal.PlainDate.from(date.toPlainDate().toString())))

  await signInAt(page, '/admin/events')
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title)
  await page.getByLabel('Starts on').fill(first.toString())
  await page.getByLabel('Starts at').fill('10:30')
  await page.getByLabel('Ends on').fill(first.toString())
  await page.getByLabel('Ends at').fill('11:45')
  await page.getByRole('combobox', { name: 'Repeats' }).selectOption({ label: 'Every month' })
  // The other choice names the day of the month as people say it ("the 1st", "the 7th"), not "the 1".
  const ordinal = ['st', 'nd', 'rd'][first.day - 1] ?? 'th'
  await expect(
    page.getByRole('radio', { name: `The same date each month (the ${first.day}${ordinal})` }),
  ).toBeVisible()
  await page.getByRole('radio', { name: 'The first Sunday of each month' }).check()
  await page.getByRole('textbox', { name: 'Location', exact: true }).fill('Main Hall')

  // The preview: the next five dates, before anything is saved.
  const preview = page.getByRole('region', { name: 'Next five dates' })
  await expect(preview).toContainText('First Sunday of the month')
  const dates = preview.getByRole('listitem')
  await expect(dates).toHaveCount(5)
  for (const [index, date] of expected.entries()) {
    await expect(dates.nth(index)).toHaveText(`${date}, 10:30 AM – 11:45 AM`)
  }
  await expectNoAxeViolations(page)

  // A wrong end is said in words before saving, and nothing is sent.
  await page.getByLabel('Ends at').fill('09:00')
  await expect(page.getByText('The end is before the start')).toBeVisible()
  await page.getByLabel('Ends at').fill('11:45')

  await page.getByRole('button', { name: 'Add Event' }).click()
  await expectToast(page, 'Event added successfully')
  const item = page.getByRole('listitem').filter({ hasText: title })
  await expect(item).toContainText('Regular')
  await expect(item).toContainText('First Sunday of the month')

  // On /events with its rule and its next date.
  await page.goto('/events')
  const regular = page
    .getByRole('region', { name: 'Regular Events' })
    .getByRole('listitem')
    .filter({ hasText: title })
  await expect(regular).toContainText(
    `First Sunday of the month at 10:30 AM – 11:45 AM · next ${formatDate(first, first.year !== todayIn(ZONE, new Date()).year)}`,
  )
  const subscribe = page.getByRole('link', { name: 'Subscribe' })
  await expect(subscribe).toHaveAttribute('href', /^webcal:\/\/127\.0\.0\.1:\d+\/calendar\.ics$/)
  await expect(page.getByText(/^http:\/\/127\.0\.0\.1:\d+\/calendar\.ics$/)).toBeVisible()
  await expectNoAxeViolations(page)

  // Its own page, and its calendar file.
  await regular.getByRole('link', { name: title, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByText(`${formatDate(first)}, 10:30 AM – 11:45 AM`)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Google Calendar' })).toHaveAttribute(
    'href',
    /^https:\/\/calendar\.google\.com\/calendar\/render\?.*recur=RRULE%3AFREQ%3DMONTHLY%3BBYDAY%3D1SU/,
  )
  await expectNoAxeViolations(page)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: /Download \.ics/ }).click(),
  ])
  const calendar = new ICAL.Component(ICAL.parse(fs.readFileSync((await download.path())!, 'utf8')))
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!)
  expect(event.summary).toBe(title)
  expect(event.component.getFirstPropertyValue('rrule')?.toString()).toBe('FREQ=MONTHLY;BYDAY=1SU')
  expect(event.startDate.toString()).toBe(`${first.toString()}T10:30:00`)

  const id = new URL(page.url()).pathname.split('/').pop()
  await page.request.delete(`/api/events/${id}`, { headers: { origin: new URL(page.url()).origin } })
})

test('A repeat rule no one could mean says what is wrong in the form at once, whether chosen there or saved before the checks', async ({
  page,
  server,
}) => {
  await signInAt(page, '/admin/events')
  // Chosen in the form: ten million times.
  await page.getByLabel('Starts on').fill('2027-01-03')
  await page.getByRole('combobox', { name: 'Repeats' }).selectOption({ label: 'Every week' })
  await page.getByRole('radio', { name: 'A number of times' }).check()
  await page.getByLabel('How many times').fill('10000000')
  await expect(page.getByText(/at most 5,000 times/)).toBeVisible()
  const preview = page.getByRole('region', { name: 'Next five dates' })
  await expect(preview).toContainText('Fix the dates above to see them here.')

  // Stored before the checks (as an older version let them be): the form opens with the rule and says why.
  const origin = new URL(page.url()).origin
  const made = await page.request.post('/api/events', {
    headers: { origin },
    data: { title: unique('Old rule'), starts_at: '2026-12-01T07:00', recurrence: 'FREQ=DAILY' },
  })
  const { id } = (await made.json()) as { id: string }
  const db = openDatabase({ dataDir: server.dataDir, databaseUrl: server.databaseUrl })
  for (const [recurrence, problem] of [
    ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30', /^This rule gives no dates: no day matches it/],
    ['FREQ=MONTHLY;BYSETPOS=1000;BYDAY=MO', /^A position \(BYSETPOS\) must be a whole number from 1 to 366/],
    ['FREQ=DAILY;INTERVAL=2147483647', /^The interval \(INTERVAL\) must be a whole number/],
  ] as const) {
    await db.kysely.updateTable('events').set({ recurrence }).where('id', '=', id).execute()
    await page.goto(`/admin/events?edit=${id}`)
    await expect(page.getByText(problem)).toBeVisible()
    await expect(page.getByRole('region', { name: 'Next five dates' })).toContainText(
      'Fix the dates above to see them here.',
    )
  }
  await db.close()
  await page.request.delete(`/api/events/${id}`, { headers: { origin } })
})
