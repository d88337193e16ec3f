import { Home } from '#app/components/site/icons.tsx'
import { useChurch, useLinkTo, usePageTexts } from '#app/components/site/use-church.ts'
import { Link, useRouteError } from 'react-router'

import { buttonClasses } from './button-classes.ts'
import { describeRouteError } from '#app/lib/route-error.ts'
import { pagePath } from '#app/content/registry.ts'

/**
 * The error page inside the site's header and footer (docs/specification.md §2: 'Unexpected Application
 * Error!').
 */
export function SiteError({ notFound = false }: { notFound?: boolean }) {
  const to = useLinkTo()
  const t = usePageTexts()
  const error = useRouteError()
  // `notFound`: the layout's own 404 (an address whose first part names no language), outside any error boundary.
  const described = notFound ? { status: 404, text: '' } : describeRouteError(error)
  const { status } = described
  // A missing page says so in the page's language; other errors keep the server's own words.
  const text = status === 404 ? t('error.notFound') : described.text
  // The tab and a search result say what happened, in the page's words: 'Page not found · IPC Cork'.
  const church = useChurch()
  const title = `${status === 404 ? t('error.notFoundTitle') : `${status} · ${t('error.title')}`} · ${church.name}`
  return (
    <section className="relative isolate overflow-hidden">
      <div
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,hsl(var(--primary-h)_60%_50%/0.12),transparent_60%)]"
        aria-hidden
      />
      <div className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center px-6 py-24 text-center">
        <title>{title}</title>
        {/* An error answer is no page of the site: search engines are told to leave it out. */}
        <meta name="robots" content="noindex" />
        <p className="font-serif text-7xl font-bold text-primary-text/25 sm:text-8xl" aria-hidden>
          {status}
        </p>
        <h1 className="mt-4 font-serif text-3xl font-bold sm:text-4xl">{t('error.title')}</h1>
        <p className="mt-4 text-lg text-muted-foreground">{`${status} ${text}`.trim()}</p>
        <Link to={to(pagePath('home'))} className={buttonClasses({ size: 'lg', className: 'mt-10' })}>
          <Home className="size-5" aria-hidden />
          {t('error.home')}
        </Link>
      </div>
    </section>
  )
}
