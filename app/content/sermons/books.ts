/**
 * The books of the Bible by their OSIS codes (what `bible-passage-reference-parser` answers and the archive's
 * `?book=` filter takes), in canonical order, with their English names: browser-safe, so pages and the admin show
 * a reference in words without loading the parser.
 */
export const BOOKS = [
  ['Gen', 'Genesis'],
  ['Exod', 'Exodus'],
  ['Lev', 'Leviticus'],
  ['Num', 'Numbers'],
  ['Deut', 'Deuteronomy'],
  ['Josh', 'Joshua'],
  ['Judg', 'Judges'],
  ['Ruth', 'Ruth'],
  ['1Sam', '1 Samuel'],
  ['2Sam', '2 Samuel'],
  ['1Kgs', '1 Kings'],
  ['2Kgs', '2 Kings'],
  ['1Chr', '1 Chronicles'],
  ['2Chr', '2 Chronicles'],
  ['Ezra', 'Ezra'],
  ['Neh', 'Nehemiah'],
  ['Esth', 'Esther'],
  ['Job', 'Job'],
  ['Ps', 'Psalms'],
  ['Prov', 'Proverbs'],
  ['Eccl', 'Ecclesiastes'],
  ['Song', 'Song of Songs'],
  ['Isa', 'Isaiah'],
  ['Jer', 'Jeremiah'],
  ['Lam', 'Lamentations'],
  ['Ezek', 'Ezekiel'],
  ['Dan', 'Daniel'],
  ['Hos', 'Hosea'],
  ['Joel', 'Joel'],
  ['Amos', 'Amos'],
  ['Obad', 'Obadiah'],
  ['Jonah', 'Jonah'],
  ['Mic', 'Micah'],
  ['Nah', 'Nahum'],
  ['Hab', 'Habakkuk'],
  ['Zeph', 'Zephaniah'],
  ['Hag', 'Haggai'],
  ['Zech', 'Zechariah'],
  ['Mal', 'Malachi'],
  ['Matt', 'Matthew'],
  ['Mark', 'Mark'],
  ['Luke', 'Luke'],
  ['John', 'John'],
  ['Acts', 'Acts'],
  ['Rom', 'Romans'],
  ['1Cor', '1 Corinthians'],
  ['2Cor', '2 Corinthians'],
  ['Gal', 'Galatians'],
  ['Eph', 'Ephesians'],
  ['Phil', 'Philippians'],
  ['Col', 'Colossians'],
  ['1Thess', '1 Thessalonians'],
  ['2Thess', '2 Thessalonians'],
  ['1Tim', '1 Timothy'],
  ['2Tim', '2 Timothy'],
  ['Titus', 'Titus'],
  ['Phlm', 'Philemon'],
  ['Heb', 'Hebrews'],
  ['Jas', 'James'],
  ['1Pet', '1 Peter'],
  ['2Pet', '2 Peter'],
  ['1John', '1 John'],
  ['2John', '2 John'],
  ['3John', '3 John'],
  ['Jude', 'Jude'],
  ['Rev', 'Revelation'],
] as const

export type BookCode = (typeof BOOKS)[number][0]

const NAMES: ReadonlyMap<string, string> = new Map(BOOKS)
const ORDER: ReadonlyMap<string, number> = new Map(BOOKS.map(([code], index) => [code, index]))

export function isBookCode(value: unknown): value is BookCode {
  return typeof value === 'string' && NAMES.has(value)
}

export function bookName(code: string) {
  return NAMES.get(code) ?? code
}

interface Point {
  book: string
  chapter: number
  verse: number
}

function point(text: string): Point | null {
  const [book, chapter, verse] = text.split('.')
  if (!book || !NAMES.has(book) || !/^\d+$/.test(chapter ?? '') || !/^\d+$/.test(verse ?? '')) return null
  return { book, chapter: Number(chapter), verse: Number(verse) }
}

/** The ranges of stored OSIS text (`John.3.16-John.3.21,Rom.8.1-Rom.8.39`), each as its first and last verse. */
function ranges(osis: string | null) {
  return (osis ?? '').split(',').flatMap((part) => {
    const [from, to = from] = part.split('-')
    const start = point(from ?? '')
    const end = point(to ?? '')
    return start && end ? [{ start, end }] : []
  })
}

/**
 * Stored OSIS ranges in words: `Rom.8.1-Rom.8.39` → "Romans 8:1–39", `John.3.16` → "John 3:16",
 * `Gen.50.1-Exod.2.25` → "Genesis 50:1 – Exodus 2:25"; several joined by semicolons.
 */
export function scriptureInWords(osis: string | null) {
  return passagesInWords(osis).join('; ')
}

/** Stored OSIS ranges in words, one passage each ("Romans 8:1–39"): what an online Bible is asked for. */
export function passagesInWords(osis: string | null) {
  return ranges(osis).map(({ start, end }) => {
    // One psalm is a Psalm.
    const name =
      start.book === 'Ps' && end.book === 'Ps' && start.chapter === end.chapter
        ? 'Psalm'
        : bookName(start.book)
    const first = `${name} ${start.chapter}:${start.verse}`
    if (start.book !== end.book) return `${first} – ${bookName(end.book)} ${end.chapter}:${end.verse}`
    if (start.chapter !== end.chapter) return `${first}–${end.chapter}:${end.verse}`
    return start.verse === end.verse ? first : `${first}–${end.verse}`
  })
}

/**
 * Every book stored OSIS ranges touch, in canonical order (a range from Genesis to Exodus touches both, and one
 * across three books the middle one too): what the archive's book filter finds a sermon by.
 */
export function booksOf(osis: string | null): BookCode[] {
  const touched = new Set<number>()
  for (const { start, end } of ranges(osis)) {
    for (let index = ORDER.get(start.book)!; index <= ORDER.get(end.book)!; index++) touched.add(index)
  }
  return [...touched].sort((a, b) => a - b).map((index) => BOOKS[index]![0])
}
