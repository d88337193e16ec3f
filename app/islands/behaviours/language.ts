/**
 * The language switch (issue 28). Following a link to the page in another language remembers the choice in the
 * `lang` cookie for a year, and so does closing the one-line suggestion of another language (which the layout
 * shows, as the page is parsed, to a browser that prefers that language: app/components/site/language-links.tsx).
 * Never a redirect: search engines and people reach every language at its own address.
 */
import type { Behaviour } from '../behaviour.ts'
import { Data } from '../markup.ts'

const COOKIE = 'lang'
const YEAR_SECONDS = 365 * 24 * 60 * 60

function remember(language: string) {
  document.cookie = `${COOKIE}=${encodeURIComponent(language)}; path=/; max-age=${YEAR_SECONDS}; SameSite=Lax`
}

export const language: Behaviour = {
  selector: `[${Data.languageChoice}],[${Data.languageDismiss}]`,
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
