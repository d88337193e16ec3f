import { bcv_parser } from 'bible-passage-reference-parser/esm/bcv_parser.js'
import * as english from 'bible-passage-reference-parser/esm/lang/en.js'

import { booksOf } from './books.ts'

/**
 * What staff type as a sermon's scripture ("John 3:16-21; Rom 8"), read by `bible-passage-reference-parser`
 * into OSIS ranges. Loaded only where a sermon is saved (content.ts imports it when it is needed): the parser and
 * its English book names are 300 kB the admin's pages need not carry.
 */
const parser = new bcv_parser(english)
parser.set_options({
  // Whole verse ranges ("Rom.8.1-Rom.8.39", not "Rom.8"): every range is comparable, shown the same way.
  osis_compaction_strategy: 'bcv',
  // "Romans" alone is the whole book, as a sermon series on it would be typed.
  book_alone_strategy: 'full',
  book_range_strategy: 'include',
  // "Matt 5, 6" stays two chapters, as typed.
  consecutive_combination_strategy: 'separate',
})

export const SCRIPTURE_UNREADABLE = 'We could not read this reference'

/** What is left of the text once the references are taken out: punctuation and spaces only, if all was read. */
const LEFT_OVER_ALLOWED = /^[\s,;.:()&+–—-]*$/

export type ScriptureReading =
  | { osis: string; books: string; problem?: undefined }
  | { osis?: undefined; books?: undefined; problem: string }

/**
 * A typed reference as OSIS ranges and the books they touch (` Rom John `, spaced for a `like '% Rom %'`), or
 * the problem in staff's words: nothing recognised, or words the parser could not place (never silently
 * dropped: "Rom 8 and the Psalms" is a message, not "Rom 8").
 */
export function readScripture(text: string): ScriptureReading {
  const found = parser.parse(text).osis_and_indices()
  let rest = text
  for (const { indices } of [...found].reverse()) rest = rest.slice(0, indices[0]) + rest.slice(indices[1])
  const osis = found.map((item: { osis: string }) => item.osis).join(',')
  if (!osis) {
    return {
      problem: `${SCRIPTURE_UNREADABLE}: write it as a book, chapter and verses, such as John 3:16-21; Rom 8`,
    }
  }
  if (!LEFT_OVER_ALLOWED.test(rest)) {
    const words = rest.replace(/[\s,;]+/g, ' ').trim()
    return {
      problem: `${SCRIPTURE_UNREADABLE}: “${words.slice(0, 60)}” is not a book, chapter or verse we know`,
    }
  }
  return { osis, books: ` ${booksOf(osis).join(' ')} ` }
}
