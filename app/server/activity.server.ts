import type { ActivityRow } from '#app/lib/activity.ts'
import type { Db } from '#app/db/database.server.ts'
import { activityActionLabel, readableKey } from '#app/lib/activity.ts'
import type { Clock } from '#app/lib/clock.ts'
import {
  ACTIVITY_PAGE_SIZE,
  activityFilterChoices,
  type ActivityEntry,
  listActivity,
} from '#app/models/activity.server.ts'

import { churchTimeZone } from '#app/content/church-info/model.server.ts'
import { TABLE_ACTIVITY_LABELS } from '#app/content/registry.ts'

/** The admin's screens, as its top bar names them; content sections are keyed by their table (app/content). */
export const ACTIVITY_SECTIONS: Readonly<Record<string, string>> = {
  ...TABLE_ACTIVITY_LABELS,
  uploads: 'Pictures and audio',
  settings: 'Settings',
  staff: 'Staff',
  account: 'Account',
  sign_in: 'Sign-in',
  gifts: 'Gifts',
  tax_reclaim: 'Tax reclaim',
}

/** What a section of the log reads as to staff; a key the list does not know reads as itself. */
export function activitySectionLabel(section: string): string {
  return Object.hasOwn(ACTIVITY_SECTIONS, section) ? ACTIVITY_SECTIONS[section] : readableKey(section)
}

/** Sections whose entries name an item by the title staff gave it (quoted); the others describe it. */
const DESCRIBED = new Set(['contact_messages', 'settings', 'sign_in', 'staff', 'account'])

/** Deeds that say all there is without an item. */
const WHOLE_DEEDS = new Set(['signed_in', 'sent', 'joined', 'password_reset', 'signed_out_others'])

function dayKey(date: Date, zone: string) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, dateStyle: 'short' }).format(date)
}

/** Says when, as a person would: today and yesterday by name, the year only when it is not this one. */
function whenText(at: Date, now: Date, zone: string) {
  const time = new Intl.DateTimeFormat('en-IE', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at)
  const day = dayKey(at, zone)
  if (day === dayKey(now, zone)) return `Today, ${time}`
  if (day === dayKey(new Date(now.getTime() - 24 * 60 * 60 * 1000), zone)) return `Yesterday, ${time}`
  const sameYear = day.slice(0, 4) === dayKey(now, zone).slice(0, 4)
  const date = new Intl.DateTimeFormat('en-IE', {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(at)
  return `${date.replace(/,/g, '')}, ${time}`
}

function toRow(entry: ActivityEntry, now: Date, zone: string): ActivityRow {
  const section = activitySectionLabel(entry.section)
  let item = entry.item_title
  // An entry about the whole section (a list reordered, About Us saved) names the section instead.
  if (!item && !WHOLE_DEEDS.has(entry.action)) item = section
  return {
    id: entry.id,
    at: entry.at,
    when: whenText(new Date(entry.at), now, zone),
    person: entry.user_name,
    email: entry.user_email,
    verb: activityActionLabel(entry.action).toLowerCase(),
    item,
    quoted: Boolean(entry.item_title) && !DESCRIBED.has(entry.section),
    section,
  }
}

/** The newest `limit` entries (the dashboard's last ten). */
export async function recentActivity({ db, clock, limit }: { db: Db; clock: Clock; limit: number }) {
  const [zone, { items }] = await Promise.all([churchTimeZone({ db }), listActivity({ db, limit })])
  const now = clock.now()
  return items.map((entry) => toRow(entry, now, zone))
}

/** A page of the activity screen: entries newest first, filtered by person and section, and the filters' choices. */
export async function activityPage({
  db,
  clock,
  person,
  section,
  page,
}: {
  db: Db
  clock: Clock
  person?: string
  section?: string
  page: number
}) {
  const [zone, choices] = await Promise.all([churchTimeZone({ db }), activityFilterChoices({ db })])
  const { items, total } = await listActivity({
    db,
    userId: person,
    section,
    limit: ACTIVITY_PAGE_SIZE,
    offset: (page - 1) * ACTIVITY_PAGE_SIZE,
  })
  const now = clock.now()
  return {
    rows: items.map((entry) => toRow(entry, now, zone)),
    total,
    page,
    pageSize: ACTIVITY_PAGE_SIZE,
    people: choices.people,
    sections: choices.sections
      .map((key) => ({ key, label: activitySectionLabel(key) }))
      .sort((a, b) => a.label.localeCompare(b.label)),
  }
}
