/** A sermon's day in words: `2026-11-22` → "Sunday 22 November 2026" (a calendar date, the same everywhere). */
export function preachedOnText(date: string) {
  const [year, month, day] = date.split('-').map(Number)
  return new Intl.DateTimeFormat('en-IE', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year!, month! - 1, day!)))
}

/** A sermon as a list shows it (sermon-card.tsx). */
export interface SermonCardData {
  id: string
  title: string
  date: string
  speaker: string | null
  series: { id: string; title: string } | null
  scripture: string | null
}
