import type { en } from './en/catalogue.ts'

/** A page's words in a language other than English (pages.ts); each falls back to English's declaration. */
export interface PageWords {
  nav?: string
  footerLabel?: string
  title?: string
  description?: string
}

/** A catalogue of the same keys as `T`, each a string: how every language's is checked against English's. */
export type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> }

/** Another language's catalogue: every key of English's, each a string. */
export type Messages = Shape<typeof en>
