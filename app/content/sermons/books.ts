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

/**
 * The books' names in the site's other languages, as their Bibles name them (Malayalam: the Sathyavedapusthakam's),
 * with the name of one psalm. A language not here is shown the English names, marked as English
 * (`scriptureLanguage`).
 */
const OTHER_NAMES: Readonly<Record<string, { books: Record<BookCode, string>; psalm: string }>> = {
  ml: {
    psalm: 'സങ്കീർത്തനം',
    books: {
      Gen: 'ഉല്പത്തി',
      Exod: 'പുറപ്പാട്',
      Lev: 'ലേവ്യപുസ്തകം',
      Num: 'സംഖ്യാപുസ്തകം',
      Deut: 'ആവർത്തനം',
      Josh: 'യോശുവ',
      Judg: 'ന്യായാധിപന്മാർ',
      Ruth: 'രൂത്ത്',
      '1Sam': '1 ശമൂവേൽ',
      '2Sam': '2 ശമൂവേൽ',
      '1Kgs': '1 രാജാക്കന്മാർ',
      '2Kgs': '2 രാജാക്കന്മാർ',
      '1Chr': '1 ദിനവൃത്താന്തം',
      '2Chr': '2 ദിനവൃത്താന്തം',
      Ezra: 'എസ്രാ',
      Neh: 'നെഹെമ്യാവ്',
      Esth: 'എസ്ഥേർ',
      Job: 'ഇയ്യോബ്',
      Ps: 'സങ്കീർത്തനങ്ങൾ',
      Prov: 'സദൃശവാക്യങ്ങൾ',
      Eccl: 'സഭാപ്രസംഗി',
      Song: 'ഉത്തമഗീതം',
      Isa: 'യെശയ്യാവ്',
      Jer: 'യിരെമ്യാവ്',
      Lam: 'വിലാപങ്ങൾ',
      Ezek: 'യെഹെസ്കേൽ',
      Dan: 'ദാനീയേൽ',
      Hos: 'ഹോശേയ',
      Joel: 'യോവേൽ',
      Amos: 'ആമോസ്',
      Obad: 'ഓബദ്യാവ്',
      Jonah: 'യോനാ',
      Mic: 'മീഖാ',
      Nah: 'നഹൂം',
      Hab: 'ഹബക്കൂക്ക്',
      Zeph: 'സെഫന്യാവ്',
      Hag: 'ഹഗ്ഗായി',
      Zech: 'സെഖര്യാവ്',
      Mal: 'മലാഖി',
      Matt: 'മത്തായി',
      Mark: 'മർക്കൊസ്',
      Luke: 'ലൂക്കൊസ്',
      John: 'യോഹന്നാൻ',
      Acts: 'പ്രവൃത്തികൾ',
      Rom: 'റോമർ',
      '1Cor': '1 കൊരിന്ത്യർ',
      '2Cor': '2 കൊരിന്ത്യർ',
      Gal: 'ഗലാത്യർ',
      Eph: 'എഫെസ്യർ',
      Phil: 'ഫിലിപ്പിയർ',
      Col: 'കൊലൊസ്സ്യർ',
      '1Thess': '1 തെസ്സലൊനീക്യർ',
      '2Thess': '2 തെസ്സലൊനീക്യർ',
      '1Tim': '1 തിമൊഥെയൊസ്',
      '2Tim': '2 തിമൊഥെയൊസ്',
      Titus: 'തീത്തൊസ്',
      Phlm: 'ഫിലേമോൻ',
      Heb: 'എബ്രായർ',
      Jas: 'യാക്കോബ്',
      '1Pet': '1 പത്രൊസ്',
      '2Pet': '2 പത്രൊസ്',
      '1John': '1 യോഹന്നാൻ',
      '2John': '2 യോഹന്നാൻ',
      '3John': '3 യോഹന്നാൻ',
      Jude: 'യൂദാ',
      Rev: 'വെളിപ്പാട്',
    },
  },
}

/** The language scripture is said in on a page in `language`: its own where its book names are known. */
export function scriptureLanguage(language: string) {
  return OTHER_NAMES[language] ? language : 'en'
}

export function isBookCode(value: unknown): value is BookCode {
  return typeof value === 'string' && NAMES.has(value)
}

/** A book's name in `language` where known (`scriptureLanguage`), else in English. */
export function bookName(code: string, language = 'en') {
  return OTHER_NAMES[language]?.books[code as BookCode] ?? NAMES.get(code) ?? code
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
export function scriptureInWords(osis: string | null, language = 'en') {
  return passagesInWords(osis, language).join('; ')
}

/**
 * Stored OSIS ranges in words, one passage each ("Romans 8:1–39"), in `language` where its book names are known:
 * in English, what an online Bible is asked for.
 */
export function passagesInWords(osis: string | null, language = 'en') {
  return ranges(osis).map(({ start, end }) => {
    // One psalm is a Psalm.
    const name =
      start.book === 'Ps' && end.book === 'Ps' && start.chapter === end.chapter
        ? (OTHER_NAMES[language]?.psalm ?? 'Psalm')
        : bookName(start.book, language)
    const first = `${name} ${start.chapter}:${start.verse}`
    if (start.book !== end.book)
      return `${first} – ${bookName(end.book, language)} ${end.chapter}:${end.verse}`
    if (start.chapter !== end.chapter) return `${first}–${end.chapter}:${end.verse}`
    return start.verse === end.verse ? first : `${first}–${end.verse}`
  })
}

/**
 * A sermon's scripture as a page in `language` shows it: from its parsed ranges in the language's book names
 * where known, else what staff typed; `lang` names the language of the words where it is not the page's (English
 * book names, or the typed text in the main language).
 */
export function scriptureShown(
  sermon: { scripture_osis: string | null; scripture?: string | null },
  language: string,
  main: string,
): { scripture: string | null; scriptureLang: string | undefined } {
  const words = scriptureInWords(sermon.scripture_osis, language)
  if (words)
    return { scripture: words, scriptureLang: scriptureLanguage(language) !== language ? 'en' : undefined }
  return { scripture: sermon.scripture || null, scriptureLang: language !== main ? main : undefined }
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
