/**
 * The language switch (issue 28). Following a link to the page in another language remembers the choice in the
 * `lang` cookie for a year. A visitor who has not chosen yet and whose browser prefers one of the site's other
 * languages sees a one-line suggestion (rendered hidden, in that language, by the layout) — never a redirect:
 * search engines and people reach every language at its own address.
 */
import type { Behaviour } from '../behaviour.ts'
import { Data } from '../markup.ts'

const COOKIE = 'lang'
const YEAR_SECONDS = 365 * 24 * 60 * 60

function remember(language: string) {
  document.cookie = `${COOKIE}=${encodeURIComponent(language)}; path=/; max-age=${YEAR_SECONDS}; SameSite=Lax`
}

const chosen = () => document.cookie.split('; ').some((part) => part.startsWith(`${COOKIE}=`))

/** Whether the browser's preferred languages come to `code` before the page's own. */
function preferred(code: string, page: string) {
  for (const wanted of navigator.languages ?? [navigator.language]) {
    const base = wanted.toLowerCase().split('-')[0]
    if (base === page.toLowerCase().split('-')[0]) return false
    if (base === code.toLowerCase().split('-')[0]) return true
  }
  return false
}

export const language: Behaviour = {
  selector: `[${Data.languageChoice}],[${Data.languageDismiss}]`,
  start() {
    if (chosen()) return
    const page = document.documentElement.lang
    const suggestion = [...document.querySelectorAll<HTMLElement>(`[${Data.languageSuggestion}]`)].find(
      (element) => preferred(element.getAttribute(Data.languageSuggestion) ?? '', page),
    )
    if (suggestion) suggestion.hidden = false
  },
  click(control) {
    if (control.hasAttribute(Data.languageDismiss)) {
      remember(document.documentElement.lang)
      control.closest<HTMLElement>(`[${Data.languageSuggestion}]`)?.setAttribute('hidden', '')
      return
    }
    // The link goes on to its page; the cookie is written before it leaves.
    remember(control.getAttribute(Data.languageChoice) ?? '')
  },
}
