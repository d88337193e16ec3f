import { Cookie } from '#app/components/site/icons.tsx'
import { useLinkTo, usePageTexts } from '#app/components/site/use-church.ts'

import { buttonClasses } from './button-classes.ts'
import { pagePath } from '#app/content/registry.ts'
import { Data } from '#app/islands/markup.ts'

/**
 * Asks for cookie consent until it is given. Whether it shows is decided by the root's `data-cookie-consent`
 * (set before first paint from localStorage), so it never flashes for a visitor who already accepted. Accept
 * stores the consent; Decline only hides the banner, so it asks again on the next visit
 * (docs/specification.md §4). The page's script (app/islands/behaviours/cookie-banner.ts) answers the buttons.
 * It sticks to the bottom of the screen from its place at the end of the page, so it is as tall as its words need
 * (Malayalam's are half as long again as English's on a phone) and the page's last line still ends above it.
 */
export function CookieBanner() {
  const to = useLinkTo()
  const t = usePageTexts()
  return (
    <section
      {...{ [Data.cookieBanner]: true }}
      aria-label={t('cookies.region')}
      className="sticky bottom-0 z-50 flex items-center border-t border-border bg-card/97 py-3.5 shadow-[0_-8px_30px_-12px_rgb(0_0_0/0.25)] backdrop-blur sm:min-h-20 sm:py-2"
    >
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-2.5 px-4 sm:flex-row sm:items-center sm:justify-between sm:gap-6 sm:px-6 lg:px-8">
        <p className="flex gap-3 text-[13px] leading-snug text-foreground/85 sm:text-sm">
          <Cookie className="mt-0.5 hidden size-5 shrink-0 text-primary-text sm:block" aria-hidden />
          <span>
            {t('cookies.text')}{' '}
            <a
              href={to(pagePath('privacy-policy'))}
              className="font-semibold text-primary-text underline underline-offset-2"
            >
              {t('cookies.learnMore')}
              <span className="sr-only"> {t('cookies.aboutCookies')}</span>
            </a>
          </span>
        </p>
        <div className="flex shrink-0 gap-2">
          <button
            type="button"
            {...{ [Data.cookieAnswer]: 'decline' }}
            className={buttonClasses({ variant: 'outline', size: 'sm', className: 'flex-auto sm:flex-none' })}
          >
            {t('cookies.decline')}
          </button>
          <button
            type="button"
            {...{ [Data.cookieAnswer]: 'accept' }}
            className={buttonClasses({ size: 'sm', className: 'flex-auto sm:flex-none' })}
          >
            {t('cookies.accept')}
          </button>
        </div>
      </div>
    </section>
  )
}
