/** The non-empty lines of a text staff typed, trimmed. */
export function textLines(text: string | null | undefined) {
  return (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
}

/**
 * Office hours typed one row per line, 'Monday - Friday: 9:00 AM - 5:00 PM', as rows of days and hours. The days
 * end at the first colon followed by a space (times such as 9:00 have none); a line without one is a row of its
 * own ('Closed on bank holidays').
 */
export function officeHoursRows(text: string | null | undefined) {
  return textLines(text).map((line) => {
    const match = /^(.+?):\s+(.+)$/.exec(line)
    return match ? { days: match[1], hours: match[2] } : { days: line, hours: null }
  })
}

/** The first sentences of a text, up to `max` characters, cut at a word with an ellipsis when longer. */
export function summarise(text: string, max = 160) {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (clean.length <= max) return clean
  const sentences = clean.match(/[^.!?]+[.!?]+(\s|$)/g) ?? []
  let summary = ''
  for (const sentence of sentences) {
    if ((summary + sentence).trim().length > max) break
    summary += sentence
  }
  if (summary.trim()) return summary.trim()
  const cut = clean.slice(0, max - 1)
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length)}…`
}

/** Shown wherever the church's name is missing from its settings. */
export const FALLBACK_CHURCH_NAME = 'Our Church'
