import { intlLocale, isSourceLanguage, SOURCE_LANGUAGE } from '#app/lib/languages.ts'

/** A sermon's day in words: `2026-11-22` → "Sunday 22 November 2026" (a calendar date, the same everywhere). */
export function preachedOnText(date: string, language = SOURCE_LANGUAGE) {
  const [year, month, day] = date.split('-').map(Number)
  return preachedOnFormat(language).format(new Date(Date.UTC(year!, month! - 1, day!)))
}

// Made once per language: making an Intl.DateTimeFormat costs far more than using it.
const preachedOnFormats = new Map<string, Intl.DateTimeFormat>()

function preachedOnFormat(language: string) {
  let format = preachedOnFormats.get(language)
  if (!format) {
    // English as Ireland writes it; another language as Intl writes it where it is spoken (`ml` → `ml-IN`).
    format = new Intl.DateTimeFormat(intlLocale(language), {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    })
    if (preachedOnFormats.size < 50) preachedOnFormats.set(language, format)
  }
  return format
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

const SOURCE_UNITS = { hour: 'h', minute: 'min', second: 's' } as const

/**
 * An audio file's length in words: 2,700 s → "45 min", 4,000 s → "1 h 7 min", 6 s → "6 s"; none for none. In
 * another language its units as Intl names them there, in full (`ml`: "45 മിനിറ്റ്"): a short form such as "മി."
 * is not one its readers know (issue 46).
 */
export function audioLengthText(seconds: number | null, language: string = SOURCE_LANGUAGE) {
  if (!seconds || seconds <= 0) return null
  const unit = (value: number, name: keyof typeof SOURCE_UNITS) =>
    isSourceLanguage(language)
      ? `${value} ${SOURCE_UNITS[name]}`
      : new Intl.NumberFormat(intlLocale(language), {
          style: 'unit',
          unit: name,
          unitDisplay: 'long',
        }).format(value)
  if (seconds < 60) return unit(Math.round(seconds), 'second')
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return unit(minutes, 'minute')
  return `${unit(Math.floor(minutes / 60), 'hour')} ${unit(minutes % 60, 'minute')}`
}
