/**
 * What a public form (the contact form, an event's registration) says in the page's language when the server's
 * words are in the main language only: its field messages come from the schemas, in English.
 */
import { isSourceLanguage } from '#app/lib/languages.ts'
import type { TFunction } from 'i18next'

import type { HttpError } from '#app/lib/errors.ts'

import { en } from './en/catalogue.ts'

type InvalidField = keyof typeof en.forms.invalid

/**
 * A refused post's message and field messages for a page in `language`: the server's own on an English page, the
 * catalogue's for each field otherwise (a rate limit says so; anything else asks to correct the fields).
 */
export function formProblem(error: HttpError, t: TFunction, language: string) {
  if (isSourceLanguage(language)) return { message: error.message, fields: error.fields }
  const fields = error.fields
    ? Object.fromEntries(
        Object.keys(error.fields).map((field) => [
          field,
          field in en.forms.invalid ? t(`forms.invalid.${field as InvalidField}`) : t('forms.invalid.form'),
        ]),
      )
    : undefined
  const message =
    error.status === 429 ? t('forms.tooMany') : fields ? t('forms.correct') : t('forms.failedLater')
  return { message, fields }
}
