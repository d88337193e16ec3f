import { useState } from 'react'

import type { CustomControlProps } from '#app/lib/admin-fields.ts'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { canonicalLanguage, languageList, languageName, siteLanguages } from '#app/lib/languages.ts'

/**
 * The site's languages as codes in order (`en, ml`), the main one first; below them, the languages they name as
 * they are typed, so a mistyped code shows before it is saved. The server's messages are shown at the field.
 */
export function LanguagesField({ formId, values, errors }: CustomControlProps) {
  const id = `${formId}-languages`
  const [text, setText] = useState(() => siteLanguages(values.languages).join(', '))
  const codes = languageList(text).map((code) => ({ code, canonical: canonicalLanguage(code) }))
  const error = errors.languages
  const hintId = `${id}-hint`
  const readId = `${id}-read`
  return (
    <div className="space-y-1.5 sm:col-span-2">
      <Label htmlFor={id}>Languages</Label>
      <Input
        id={id}
        name="languages"
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? `${id}-error` : null, readId, hintId].filter(Boolean).join(' ')}
      />
      <p id={readId} className="text-sm text-gray-800">
        {codes.length === 0
          ? 'English alone, when left empty.'
          : codes.map(({ code, canonical }, index) => (
              <span key={`${index}-${code}`}>
                {index > 0 ? ', ' : null}
                {canonical ? (
                  <>
                    {languageName(canonical, 'en')}
                    {index === 0 ? ' (main)' : null}
                  </>
                ) : (
                  <span className="text-red-700">“{code}” is not a language code</span>
                )}
              </span>
            ))}
      </p>
      <p id={hintId} className="text-xs text-gray-600">
        Language codes, the main language first, separated by commas: <code>en, ml</code> for English and
        Malayalam. The main language’s pages are at the site’s addresses; each other language’s under its code
        (<code>/ml/events</code>), and every form gets a tab to translate its text.
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}
