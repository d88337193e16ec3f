import { Data } from '#app/islands/markup.ts'
import { textsFor } from '#app/i18n/texts.ts'
import { languageName } from '#app/lib/languages.ts'
import { X } from 'lucide-react'

import { usePageLanguage } from './use-church.ts'

/** Links to this very page in each of the site's other languages (issue 28), as the header and footer show them. */
export function LanguageLinks({ className }: { className: string }) {
  const { switches } = usePageLanguage()
  return switches.map((other) => (
    <a
      key={other.code}
      href={other.href}
      hrefLang={other.code}
      {...{ [Data.languageChoice]: other.code }}
      className={className}
    >
      {other.name}
    </a>
  ))
}

/**
 * One line offering this page in another language, written in that language, for a visitor whose browser prefers
 * it (issue 28). Rendered hidden: the page's script shows it (app/islands/behaviours/language.ts), and a hidden
 * line draws no glyph, so an English page still fetches no Malayalam font unless it is shown.
 */
export function LanguageSuggestions() {
  const { switches } = usePageLanguage()
  return switches.map((other) => {
    const t = textsFor(other.code)
    const name = languageName(other.code, other.code)
    return (
      <aside
        key={other.code}
        lang={other.code}
        hidden
        aria-label={t('site.languages')}
        {...{ [Data.languageSuggestion]: other.code }}
        className="flex items-center justify-center gap-3 bg-primary px-4 py-2 text-center text-sm text-white"
      >
        <p>
          {t('suggestion.text', { name })}{' '}
          <a
            href={other.href}
            hrefLang={other.code}
            {...{ [Data.languageChoice]: other.code }}
            className="font-semibold underline underline-offset-2"
          >
            {t('suggestion.link', { name })}
          </a>
        </p>
        <button
          type="button"
          {...{ [Data.languageDismiss]: true }}
          aria-label={t('suggestion.dismiss')}
          className="inline-flex size-8 shrink-0 items-center justify-center rounded-full hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
        >
          <X className="size-4" aria-hidden />
        </button>
      </aside>
    )
  })
}
