/**
 * When the weekly news leaves, and at what pace (issue 48). Pure: the caller gives the clock and the settings.
 */
import { Temporal } from 'temporal-polyfill'

const MINUTE_MS = 60 * 1000
const DAY_MS = 24 * 60 * MINUTE_MS
/** A digest that could not start within this long of its time is dropped, never sent late. */
export const DIGEST_LATEST_MS = DAY_MS

/**
 * This week's digest as of `now`: the last time the church's `day` (0–6, 0 = Sunday) and `hour` came round in
 * its time zone, at or before `now`, and that day's date as the week's key. An hour the clocks skip (spring
 * forward) is the first instant after it.
 */
export function digestWeek({
  zone,
  day,
  hour,
  now,
}: {
  zone: string
  day: number
  hour: number
  now: Date
}): { week: string; dueAt: Date } {
  const local = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(zone)
  // Temporal numbers Monday 1 … Sunday 7; ours are Sunday 0 … Saturday 6.
  const back = (local.dayOfWeek % 7) - day
  let date = local.toPlainDate().subtract({ days: (back + 7) % 7 })
  if (hourOn(date, zone, hour) > now.getTime()) date = date.subtract({ days: 7 })
  return { week: date.toString(), dueAt: new Date(hourOn(date, zone, hour)) }
}

const hourOn = (date: Temporal.PlainDate, zone: string, hour: number) =>
  date.toZonedDateTime({ timeZone: zone, plainTime: Temporal.PlainTime.from({ hour }) }).epochMilliseconds

/**
 * When the `index`th e-mail of a digest (from 0) may leave: `rate` a minute from `start`, `dailyLimit` a day, the
 * rest the next day at the same pace.
 */
export function digestSendAt({
  start,
  index,
  rate,
  dailyLimit,
}: {
  start: number
  index: number
  rate: number
  dailyLimit: number
}) {
  const day = Math.floor(index / dailyLimit)
  const minute = Math.floor((index % dailyLimit) / rate)
  return start + day * DAY_MS + minute * MINUTE_MS
}

/** The next digest after `now` (this week's, before its hour; else next week's). */
export function nextDigestWeek(args: { zone: string; day: number; hour: number; now: Date }) {
  const date = Temporal.PlainDate.from(digestWeek(args).week).add({ days: 7 })
  return { week: date.toString(), dueAt: new Date(hourOn(date, args.zone, args.hour)) }
}

/** When staff get a week's preview: the day before it leaves, at 18:00 where the church is. */
export const PREVIEW_HOUR = 18

export function digestPreviewAt({ zone, week }: { zone: string; week: string }) {
  return new Date(
    Temporal.PlainDate.from(week)
      .subtract({ days: 1 })
      .toZonedDateTime({ timeZone: zone, plainTime: Temporal.PlainTime.from({ hour: PREVIEW_HOUR }) })
      .epochMilliseconds,
  )
}
