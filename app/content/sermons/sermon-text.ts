import { intlLocale, isEnglish } from '#app/lib/languages.ts'

/** A sermon's day in words: `2026-11-22` → "Sunday 22 November 2026" (a calendar date, the same everywhere). */
export function preachedOnText(date: string, language = 'en') {
  const [year, month, day] = date.split('-').map(Number)
  // English as Ireland writes it; another language as Intl writes it where it is spoken (`ml` → `ml-IN`).
  const locale = isEnglish(language) ? 'en-IE' : intlLocale(language)
  return new Intl.DateTimeFormat(locale, {
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
  /** The scripture's language where it is not the page's (books' names not known in it). */
  scriptureLang?: string
}

/** An audio file's length in words: 2,700 s → "45 min", 4,000 s → "1 h 7 min", 6 s → "6 s"; none for none. */
export function audioLengthText(seconds: number | null) {
  if (!seconds || seconds <= 0) return null
  if (seconds < 60) return `${Math.round(seconds)} s`
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `${minutes} min`
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`
}
