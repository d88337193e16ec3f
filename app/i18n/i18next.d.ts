// The keys of `t()` are the English catalogue's: a misspelt key is a type error.
import 'i18next'

import type { en } from './en/catalogue.ts'

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: { translation: typeof en }
    returnNull: false
  }
}
