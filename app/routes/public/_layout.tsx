import { data, Outlet } from 'react-router'

import type { Route } from './+types/_layout.ts'
import { CookieBanner } from '#app/components/site/cookie-banner.tsx'
import { MobileMenu } from '#app/components/site/mobile-menu.tsx'
import { SiteFooter } from '#app/components/site/site-footer.tsx'
import { SiteHeader } from '#app/components/site/site-header.tsx'
import '#app/components/site/site.css'
import { ThemePicker } from '#app/components/site/theme-picker.tsx'
import { WhatsAppButton } from '#app/components/site/whatsapp-button.tsx'
import { requestContext, runtimeContext } from '#app/context.ts'
import { useNonce } from '#app/lib/nonce-provider.tsx'
import { loadPublicSite } from '#app/server/public-site.server.ts'
import { givingShown } from '#app/content/giving/giving.server.ts'
import { pageLanguage, setPageLanguage } from '#app/server/page-language.server.ts'
import { SiteError } from '#app/components/site/site-error.tsx'
import { LanguageSuggestions } from '#app/components/site/language-links.tsx'
import { useFirstScreenStyles } from '#app/components/site/rest-of-styles.tsx'
import { textsFor } from '#app/i18n/texts.ts'
import { THEME_BOOT_SCRIPT } from '#app/lib/theme-boot-script.ts'
import { Data } from '#app/islands/markup.ts'
import PUBLIC_SITE_SCRIPT from '#app/islands/public-site.ts?script-text'
import PUBLIC_SITE_SCRIPT_FILE from '#app/islands/public-site.ts?script-file'
// The same file public.css names for Malayalam letters (one asset, one address).
import MALAYALAM_FONT from '@fontsource/noto-sans-malayalam/files/noto-sans-malayalam-malayalam-400-normal.woff2?url'

// The page's language, from its address (`/ml/…`), for every loader below the layout.
export const middleware: Route.MiddlewareFunction[] = [setPageLanguage]

/**
 * The church's public settings and where the site is reached, shared by every public page (`useChurch`), in the
 * page's language. An address whose first part names no language of the site is the site's 404.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext)
  const { db } = runtime
  const language = pageLanguage(context)
  const site = await loadPublicSite({
    db,
    origin: context.get(requestContext).origin,
    siteAddress: await runtime.siteAddress.get(),
    language,
    givingOn: await givingShown(runtime),
  })
  return language.known ? site : data(site, { status: 404 })
}

/**
 * The browser prerenders a page a visitor is likely to open next (on hover or touch start), so moving between
 * pages of the site is instant without a client-side router. Addresses that are not pages are left out.
 */
const SPECULATION_RULES = JSON.stringify({
  prerender: [
    {
      where: {
        and: [
          { href_matches: '/*' },
          {
            not: {
              href_matches: ['/admin', '/admin/*', '/api/*', '/media/*', '/assets/*', '/*.ics', '/*.jpg'],
            },
          },
        ],
      },
      eagerness: 'moderate',
    },
  ],
})

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const { church } = loaderData
  const nonce = useNonce()
  const t = textsFor(loaderData.site.language)
  const firstScreen = useFirstScreenStyles()

  return (
    <>
      {/* Applies the saved theme before anything paints; see THEME_BOOT_SCRIPT. */}
      <script
        nonce={nonce || undefined}
        dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }}
        suppressHydrationWarning
      />
      {/* A Malayalam page asks for its font with the first bytes, so the text is drawn in it from the first paint
          more often than swapped in later (a swap moves lines: layout shift). English pages never fetch it. */}
      {loaderData.site.language.split('-')[0] === 'ml' ? (
        <link rel="preload" href={MALAYALAM_FONT} as="font" type="font/woff2" crossOrigin="anonymous" />
      ) : null}
      <a
        href="#main"
        className="sr-only z-[60] rounded-full bg-primary px-5 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('site.skip')}
      </a>
      <div className="flex min-h-screen flex-col">
        <LanguageSuggestions />
        <SiteHeader name={church.name} subtitle={church.subtitle} logo={church.logo} />
        <MobileMenu name={church.name} subtitle={church.subtitle} />
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          {loaderData.site.known ? <Outlet /> : <SiteError notFound />}
        </main>
        <SiteFooter church={church} />
      </div>
      <WhatsAppButton url={church.whatsAppUrl} />
      <ThemePicker />
      {/* Sticky, after the page: while it shows, the page ends above it, so the footer's last line can be read. */}
      <CookieBanner />
      {/* The spec's toast area, top right; the page's script shows the contact form's outcome there. */}
      <section
        aria-label={t('site.notifications')}
        className="pointer-events-none fixed top-4 right-4 z-[60] w-[356px] max-w-[calc(100vw-2rem)]"
      >
        <ol {...{ [Data.toasts]: true }} className="flex flex-col gap-[14px]" />
      </section>
      <script
        type="speculationrules"
        nonce={nonce || undefined}
        dangerouslySetInnerHTML={{ __html: SPECULATION_RULES }}
      />
      {/* Everything the page does in the browser (decisions 0013, 0031), last, so every element it serves exists.
          A page that fetches the rest of its styles after its first screen (the home) fetches this beside them, as
          one cached file run once the page is parsed; a page with its whole sheet inline carries it inline too,
          so nothing but pictures is fetched on its way to the first paint. */}
      {firstScreen ? (
        <script nonce={nonce || undefined} src={PUBLIC_SITE_SCRIPT_FILE} defer />
      ) : (
        <script nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: PUBLIC_SITE_SCRIPT }} />
      )}
    </>
  )
}
