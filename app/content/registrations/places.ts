// How many places a date of an event has left, in words: shared by the event's page and the admin's list.

/** "12 places left", "Full: join the waiting list". */
export function placesText(date: { left: number | null; waiting: number }, words = ENGLISH_PLACES) {
  if (date.left === null) return null
  if (date.left === 0 || date.waiting > 0) return words.full
  return words.left(date.left)
}

/** English's words for places (the admin's: its interface stays English and carries no catalogue). */
const ENGLISH_PLACES = {
  full: 'Full: you can join the waiting list',
  left: (count: number) => (count === 1 ? '1 place left' : `${count} places left`),
}
