// `--large`: a church with years of history. Rows go straight into the database in one transaction with
// multi-row inserts (the models would take minutes for 100,000 messages); run it while no server is open on
// the data directory, since the server's page cache would not see the writes.
import crypto from 'node:crypto'

import { Temporal } from 'temporal-polyfill'

import { openDatabase } from '#app/db/database.server.ts'
import { completeEvent } from '#app/content/events/schema.ts'
import { messageKeys } from '#app/content/messages/message-keys.ts'

export const LARGE = { events: 1_000, galleryImages: 1_000, messages: 100_000, sermons: 500 }

const FIRST_NAMES = ['Anil', 'Mary', 'John', 'Priya', 'Seán', 'Aoife', 'Thomas', 'Grace', 'Joseph', 'Niamh']
const LAST_NAMES = [
  'Mathew',
  'Kelly',
  'Varghese',
  'Murphy',
  'Joseph',
  "O'Brien",
  'George',
  'Walsh',
  'Abraham',
]
const SUBJECTS = [
  'Prayer request',
  'Visiting on Sunday',
  'Youth group',
  'Baptism',
  '',
  'Wedding',
  'Volunteering',
]
const WORDS =
  'we would love to visit the church this sunday with our family and hear more about the youth ministry and bible study groups please let us know what time the service starts and whether there is parking nearby'.split(
    ' ',
  )
const CATEGORIES = ['worship', 'prayer', 'youth', 'children', 'events'] as const

/** Batches of this many rows keep every INSERT under SQLite's 32,766 bound parameters. */
const BATCH = 500

function pick<T>(list: readonly T[], index: number) {
  return list[index % list.length]
}

function sentence(seed: number, words: number) {
  return Array.from({ length: words }, (_, i) => pick(WORDS, seed * 7 + i * 13)).join(' ')
}

const FROM = Date.parse('2020-01-01T00:00:00Z')

/** The `index`th of `total` moments spread from 2020 until now. */
const at = (index: number, total: number) =>
  new Date(FROM + Math.floor(((Date.now() - FROM) * index) / total)).toISOString()

/** Makes `count` rows with `make` and inserts them BATCH at a time. */
async function insertAll<T>(
  count: number,
  make: (index: number) => T,
  insert: (rows: T[]) => Promise<unknown>,
) {
  for (let offset = 0; offset < count; offset += BATCH) {
    const size = Math.min(BATCH, count - offset)
    await insert(Array.from({ length: size }, (_, i) => make(offset + i)))
  }
}

/** The `i`th event: a year of past events and a year to come, one in ten repeating (weekly or monthly, some ending). */
function eventRow(i: number, images: string[]) {
  const when = at(i, LARGE.events)
  const day = Temporal.Now.plainDateISO('UTC').add({ days: (i % 730) - 365 })
  const start = day.toPlainDateTime({ hour: 9 + (i % 12), minute: i % 2 ? 30 : 0 })
  const timing = {
    starts_at: start.toString({ smallestUnit: 'minute' }),
    ends_at: start.add({ hours: 2 }).toString({ smallestUnit: 'minute' }),
    all_day: false,
    recurrence:
      i % 10 !== 0
        ? null
        : pick(
            [
              'FREQ=WEEKLY;BYDAY=SU',
              'FREQ=MONTHLY;BYDAY=1SU',
              'FREQ=WEEKLY;INTERVAL=2;BYDAY=WE',
              'FREQ=MONTHLY;BYDAY=-1FR;COUNT=12',
            ],
            i / 10,
          ),
    exdates: [] as string[],
  }
  const complete = completeEvent({
    ...timing,
    title: '',
    description: null,
    date: null,
    time: null,
    location: null,
    latitude: null,
    longitude: null,
    image_url: null,
    is_regular: false,
    registration: false,
    capacity: null,
    registration_closes_at: null,
  })
  return {
    id: crypto.randomUUID(),
    title: `${pick(['Prayer Breakfast', 'Harvest Festival', 'Youth Camp', 'Choir Evening', 'Family Picnic'], i)} ${i + 1}`,
    description: `<p>${sentence(i, 24)}.</p>`,
    starts_at: complete.starts_at,
    ends_at: complete.ends_at,
    all_day: 0,
    recurrence: complete.recurrence,
    exdates: '[]',
    date: complete.date,
    time: complete.time,
    location: pick(['Main Hall', 'Fitzgerald Park', 'Fellowship Room', 'Myrtleville Beach'], i),
    image_url: i % 4 === 3 ? null : pick(images, i),
    is_regular: complete.is_regular ? 1 : 0,
    registration: 0,
    capacity: null,
    registration_closes_at: null,
    sequence: 0,
    created_at: when,
    updated_at: when,
  }
}

function galleryImageRow(i: number, images: string[]) {
  const when = at(i, LARGE.galleryImages)
  const title = `${pick(['Sunday worship', 'Prayer night', 'Youth outing', 'Kids club', 'Church picnic'], i)} ${i + 1}`
  return {
    id: crypto.randomUUID(),
    title,
    category: pick(CATEGORIES, i),
    image_url: pick(images, i),
    image_alt: `A photo of ${title.toLowerCase()}`,
    created_at: when,
    updated_at: when,
  }
}

function messageRow(i: number) {
  const first = pick(FIRST_NAMES, i)
  const last = pick(LAST_NAMES, Math.floor(i / 10))
  const message = {
    id: crypto.randomUUID(),
    first_name: first,
    last_name: last,
    email: `${first.toLowerCase()}.${last.toLowerCase().replace(/\W/g, '')}${i}@example.org`,
    phone: i % 3 === 0 ? null : `+353 87 ${String(1_000_000 + i).slice(-7)}`,
    subject: pick(SUBJECTS, i) || null,
    message: `${sentence(i, 12 + (i % 40))}.`,
    created_at: at(i, LARGE.messages),
  }
  return { ...message, ...messageKeys(message) }
}

/** The `i`th of ten years of Sundays, published with its audio as the upload leaves it: the podcast's episodes. */
function sermonRow(i: number) {
  const when = at(i, LARGE.sermons)
  const title = `${pick(['The Good Shepherd', 'Grace and peace', 'The Prodigal Son', 'No condemnation'], i)} ${i + 1}`
  return {
    id: crypto.randomUUID(),
    title,
    preached_on: when.slice(0, 10),
    summary: `<p>${sentence(i, 30)}.</p>`,
    audio_url: `/media/sermon-${i + 1}.mp3`,
    audio_bytes: 20_000_000 + i * 1000,
    audio_duration_seconds: 1800 + (i % 900),
    status: 'published' as const,
    guid: crypto.randomUUID(),
    created_at: when,
    updated_at: when,
  }
}

/** Adds LARGE's rows to the SQLite database in `dataDir`; reuses the seeded pictures. Returns the counts. */
export async function addLargeData(dataDir: string) {
  const db = openDatabase({ dataDir })
  try {
    const kysely = db.kysely
    const images = (
      await kysely.selectFrom('gallery_images').select('image_url').distinct().limit(12).execute()
    ).map((row) => row.image_url)
    if (images.length === 0) throw new Error('The data directory has no gallery pictures to reuse')
    await kysely.transaction().execute(async (trx) => {
      await insertAll(
        LARGE.events,
        (i) => eventRow(i, images),
        (rows) => trx.insertInto('events').values(rows).execute(),
      )
      await insertAll(
        LARGE.galleryImages,
        (i) => galleryImageRow(i, images),
        (rows) => trx.insertInto('gallery_images').values(rows).execute(),
      )
      await insertAll(LARGE.messages, messageRow, (rows) =>
        trx.insertInto('contact_messages').values(rows).execute(),
      )
      await insertAll(LARGE.sermons, sermonRow, (rows) => trx.insertInto('sermons').values(rows).execute())
    })
    return LARGE
  } finally {
    await db.close()
  }
}
