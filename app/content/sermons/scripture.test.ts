import { expect, test } from 'vitest'

import { booksOf, scriptureInWords, scriptureShown } from './books.ts'
import { readScripture } from './scripture.ts'

test('readScripture reads what staff type into OSIS ranges and the books they touch', () => {
  expect(readScripture('John 3:16-21; Rom 8')).toEqual({
    osis: 'John.3.16-John.3.21,Rom.8.1-Rom.8.39',
    books: ' John Rom ',
  })
  expect(readScripture('1 Cor 13').osis).toBe('1Cor.13.1-1Cor.13.13')
  expect(readScripture('Romans').osis).toBe('Rom.1.1-Rom.16.27')
  expect(readScripture('Gen 50 - Exod 2').books).toBe(' Gen Exod ')
})

test('readScripture says what it could not read instead of dropping it', () => {
  expect(readScripture('hello').problem).toMatch(/^We could not read this reference/)
  expect(readScripture('John 99').problem).toMatch(/^We could not read this reference/)
  expect(readScripture('Rom 8 and the Psalms').problem).toContain('“and the”')
})

test('scriptureInWords says stored OSIS ranges the way a bulletin would', () => {
  expect(scriptureInWords('Rom.8.1-Rom.8.39')).toBe('Romans 8:1–39')
  expect(scriptureInWords('John.3.16')).toBe('John 3:16')
  expect(scriptureInWords('Matt.5.1-Matt.7.29,Ps.23.1-Ps.23.6')).toBe('Matthew 5:1–7:29; Psalm 23:1–6')
  expect(scriptureInWords('Gen.50.1-Exod.2.25')).toBe('Genesis 50:1 – Exodus 2:25')
  expect(scriptureInWords(null)).toBe('')
})

test('booksOf counts every book a range crosses, in canonical order', () => {
  expect(booksOf('Rom.1.1-Rom.1.7,Gen.50.1-Lev.1.2')).toEqual(['Gen', 'Exod', 'Lev', 'Rom'])
})

test('scripture is said in Malayalam with its Bible’s book names; a language without them keeps English, marked', () => {
  expect(scriptureInWords('Rom.8.1-Rom.8.39', 'ml')).toBe('റോമർ 8:1–39')
  expect(scriptureInWords('Matt.5.1-Matt.7.29,Ps.23.1-Ps.23.6', 'ml')).toBe(
    'മത്തായി 5:1–7:29; സങ്കീർത്തനം 23:1–6',
  )
  expect(scriptureInWords('Gen.50.1-Exod.2.25', 'ml')).toBe('ഉല്പത്തി 50:1 – പുറപ്പാട് 2:25')
  expect(scriptureShown({ scripture_osis: 'John.3.16' }, 'ml', 'en')).toEqual({
    scripture: 'യോഹന്നാൻ 3:16',
    scriptureLang: undefined,
  })
  expect(scriptureShown({ scripture_osis: 'John.3.16' }, 'de', 'en')).toEqual({
    scripture: 'John 3:16',
    scriptureLang: 'en',
  })
  // What staff typed, where the parser could not read it, is in the main language.
  expect(scriptureShown({ scripture_osis: null, scripture: 'The Sermon on the Mount' }, 'ml', 'en')).toEqual({
    scripture: 'The Sermon on the Mount',
    scriptureLang: 'en',
  })
})
