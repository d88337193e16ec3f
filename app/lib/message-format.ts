// The church is in Ireland: fixing the zone keeps the server's and the browser's rendering identical.
const DATE_FORMAT = new Intl.DateTimeFormat('en-IE', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Dublin',
})

export const MESSAGE_PREVIEW_LENGTH = 20

/** A message's date as staff read it (spec §4): Irish English, long month, 2-digit hour and minute. */
export function formatMessageDate(iso: string) {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : DATE_FORMAT.format(date)
}

/** The first 20 characters of a message, with an ellipsis when there is more. */
export function messagePreview(message: string) {
  // By characters as people see them, not UTF-16 units: an emoji is never cut in half.
  const characters = Array.from(message)
  return characters.length > MESSAGE_PREVIEW_LENGTH
    ? `${characters.slice(0, MESSAGE_PREVIEW_LENGTH).join('')}...`
    : message
}
