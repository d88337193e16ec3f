/**
 * Text as the inbox compares it: lower case with accents taken off, so 'Órla', 'órla' and 'orla' are one name
 * to search for and sort by. (SQLite's own lower() changes only A–Z.)
 */
export function foldText(text: string) {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}
