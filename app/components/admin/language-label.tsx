import { languageName } from '#app/lib/languages.ts'

/**
 * "English", "മലയാളം (Malayalam)": a language's own name (marked as in that language, for screen readers), then
 * the admin's English name for it where they differ.
 */
export function LanguageLabel({ code }: { code: string }) {
  const own = languageName(code)
  const english = languageName(code, 'en')
  return (
    <>
      <span lang={code}>{own}</span>
      {english === own ? null : ` (${english})`}
    </>
  )
}
