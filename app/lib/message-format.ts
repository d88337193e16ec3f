import { DEFAULT_TIME_ZONE } from './time-zone.ts'

// One formatter per zone, made on first use. The zone is always named (the church's), so the server's and the
// browser's rendering are identical wherever either runs.
const formats = new Map<string, Intl.DateTimeFormat>()
function dateFormat(timeZone: string) {
  let format = formats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-IE', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
    })
    formats.set(timeZone, format)
  }
  return format
}

export const MESSAGE_PREVIEW_LENGTH = 20

/**
 * A message's date as staff read it (docs/specification.md §4): Irish English, long month, 2-digit hour and
 * minute, on the clock of the church's time zone (church info's `timezone`).
 */
export function formatMessageDate(iso: string, timeZone: string = DEFAULT_TIME_ZONE) {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : dateFormat(timeZone).format(date)
}

/** The first 20 characters of a message, with an ellipsis when there is more. */
export function messagePreview(message: string) {
  // By characters as people see them, not UTF-16 units: an emoji is never cut in half.
  const characters = Array.from(message)
  return characters.length > MESSAGE_PREVIEW_LENGTH
    ? `${characters.slice(0, MESSAGE_PREVIEW_LENGTH).join('')}...`
    : message
}
