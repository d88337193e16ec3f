/**
 * Every language with a catalogue of fixed texts (`app/i18n/<code>/`), one line each: its texts (typed against
 * English's) and, for a language other than English, its pages' own words (navigation, titles, descriptions; pages.ts).
 */
import type { PageKey } from '#app/content/registry.ts'

import { en } from './en/catalogue.ts'
import { ml } from './ml/catalogue.ts'
import { mlPages } from './ml/page-words.ts'
import type { Messages, PageWords } from './shape.ts'

export const CATALOGUES: Readonly<
  Record<string, { texts: Messages; pages?: Partial<Record<PageKey, PageWords>> }>
> = {
  en: { texts: en },
  ml: { texts: ml, pages: mlPages },
}
