/**
 * The cookie banner's answers. Accept stores the consent for good; Decline lasts while the visitor moves from page
 * to page (sessionStorage), so the banner asks again on a reload or a new visit (decision 0013). Either hides the
 * banner at once: site.css hides it while the root has `data-cookie-consent`, which the <head> boot script sets
 * before the first paint when an answer is stored.
 */
import type { Behaviour } from '../behaviour.ts'
import { Data } from '../markup.ts'
import { writeStorage } from '../storage.ts'
import { COOKIE_DECLINED_KEY, STORAGE_KEYS } from '#app/lib/themes.ts'

export const cookieBanner: Behaviour = {
  selector: `[${Data.cookieAnswer}]`,
  click(button) {
    const accepted = button.getAttribute(Data.cookieAnswer) === 'accept'
    if (accepted) writeStorage(STORAGE_KEYS.cookieConsent, 'true')
    else
      try {
        sessionStorage.setItem(COOKIE_DECLINED_KEY, 'true')
      } catch {
        // Storage disabled: the banner asks again on the next page.
      }
    document.documentElement.dataset.cookieConsent = accepted ? 'true' : 'declined'
  },
}
