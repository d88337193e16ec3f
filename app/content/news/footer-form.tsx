import { Mail } from '#app/components/site/icons.tsx'
import { usePageLanguage, usePageTexts } from '#app/components/site/use-church.ts'

import { pagePath } from '#app/content/registry.ts'
import { HONEYPOT_FIELD } from '#app/lib/visitor-post.ts'
import type * as NewsSchema from './schema.ts'

// The schema's constant, checked by type: importing its value would bring zod into the browser bundle.
const FOOTER_PAGE_FIELD: typeof NewsSchema.FOOTER_PAGE_FIELD = 'footer_page'

const INPUT =
  'mt-1 block w-full rounded-lg border border-white/25 bg-white px-3 py-2.5 text-base text-neutral-900 outline-none focus:border-white focus:ring-3 focus:ring-white/40'

/**
 * The footer's "Weekly news by e-mail": an address and an optional name, posted to the news page in the page's
 * language, where the answer shows (an ordinary form: no script). Pages are kept in the cache and served alike to
 * every visitor, so it carries no form token (one would be shared by all, and used up by the third sign-up): the
 * news page judges such a post like the API's (decision 0036). It shows the news form's words, which are recorded.
 */
export function NewsFooterForm() {
  const { to, path } = usePageLanguage()
  const t = usePageTexts()
  return (
    <section aria-labelledby="footer-news" className="border-t border-white/10">
      <form
        method="post"
        action={to(pagePath('news'))}
        className="mx-auto grid max-w-7xl gap-x-6 gap-y-4 px-4 py-10 sm:px-6 lg:grid-cols-[1fr_1.6fr] lg:px-8"
      >
        <div>
          <h2 id="footer-news" className="font-serif text-base font-semibold tracking-wide text-white">
            {t('news.title')}
          </h2>
          <p className="mt-2 max-w-md text-sm leading-relaxed text-white/75">{t('news.consent')}</p>
        </div>
        <div className="grid items-end gap-4 sm:grid-cols-[1.2fr_1fr_auto]">
          <label className="text-sm font-semibold text-white">
            {t('news.email')}
            <input name="email" type="email" autoComplete="email" required className={INPUT} />
          </label>
          <label className="text-sm font-semibold text-white">
            {t('news.name')}
            <input name="name" type="text" autoComplete="name" className={INPUT} />
          </label>
          <input type="hidden" name={FOOTER_PAGE_FIELD} value={to(path)} />
          {/* People never see or fill this field; robots that fill every field give themselves away. */}
          <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden>
            <label>
              {t('forms.honeypot')}
              <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
            </label>
          </div>
          <button
            type="submit"
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-white px-5 py-2.5 text-sm font-semibold text-neutral-900 transition hover:bg-white/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <Mail className="size-4" aria-hidden />
            {t('news.submit')}
          </button>
        </div>
      </form>
    </section>
  )
}
