import { Data } from '#app/islands/markup.ts'
import { textsFor } from '#app/i18n/texts.ts'
import { useNonce } from '#app/lib/nonce-provider.tsx'
import { languageName } from '#app/lib/languages.ts'
import { X } from '#app/components/site/icons.tsx'

import { usePageLanguage } from './use-church.ts'

/** Links to this very page in each of the site's other languages (issue 28), as the header and footer show them. */
export function LanguageLinks({ className }: { className: string }) {
  const { switches } = usePageLanguage()
  return switches.map((other) => (
    <a
      key={other.code}
      href={other.href}
      hrefLang={other.code}
      lang={other.lang}
      {...{ [Data.languageChoice]: other.code }}
      className={className}
    >
      {other.name}
    </a>
  ))
}

/**
 * One line offering this page in another language, written in that language, for a visitor whose browser prefers
 * it (issue 28). Rendered hidden: the script beside it shows it as the page is parsed, and a hidden
 * line draws no glyph, so an English page still fetches no Malayalam font unless it is shown.
 */
export function LanguageSuggestions() {
  const { switches } = usePageLanguage()
  const nonce = useNonce()
  if (switches.length === 0) return null
  const suggestions = switches.map((other) => {
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
  return (
    <>
      {suggestions}
      {/* Decided here, as the page is parsed and before anything below it exists: showing it later (from the
          page's script) would push the whole page down under the visitor's eyes (a layout shift). */}
      <script nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: SUGGESTION_SCRIPT }} />
    </>
  )
}

/**
 * Shows the suggestion of the first language the browser prefers before the page's own, unless the visitor has
 * chosen (the `lang` cookie). Plain ES5: it runs before any bundle.
 */
const SUGGESTION_SCRIPT = `(function(){try{if(/(^|; )lang=/.test(document.cookie))return;var p=document.documentElement.lang.split('-')[0].toLowerCase(),l=navigator.languages||[navigator.language];for(var i=0;i<l.length;i++){var b=String(l[i]).split('-')[0].toLowerCase();if(b===p)return;var e=document.querySelector('[${Data.languageSuggestion}="'+b+'"]');if(e){e.hidden=false;return}}}catch(x){}})()`
