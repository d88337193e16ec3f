import { useEffect } from 'react'
import { Outlet, type ShouldRevalidateFunctionArgs } from 'react-router'
import { Toaster } from 'sonner'

import type { Route } from './+types/_layout.ts'
import { CookieBanner } from '#app/components/site/cookie-banner.tsx'
import { RouteProgress } from '#app/components/site/route-progress.tsx'
import { SiteFooter } from '#app/components/site/site-footer.tsx'
import { SiteHeader } from '#app/components/site/site-header.tsx'
import '#app/components/site/site.css'
import { ThemePicker } from '#app/components/site/theme-picker.tsx'
import { applyStoredTheme, useThemePreference } from '#app/components/site/use-theme-preference.ts'
import { WhatsAppButton } from '#app/components/site/whatsapp-button.tsx'
import { requestContext, runtimeContext } from '#app/context.ts'
import { useNonce } from '#app/lib/nonce-provider.tsx'
import { loadPublicSite } from '#app/server/public-site.server.ts'
import { THEME_BOOT_SCRIPT } from '#app/lib/themes.ts'

/** The church's public settings and where the site is reached, shared by every public page (`useChurch`). */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext)
  return loadPublicSite({ db, origin: context.get(requestContext).origin })
}

/**
 * A contact message changes nothing any page shows, so sending one reloads no data; that also keeps a failed
 * send (no connection) from turning into a failed reload and the error screen.
 */
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction && new URL(formAction, 'http://x').pathname === '/contact') return false
  return defaultShouldRevalidate
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const { church } = loaderData
  const nonce = useNonce()
  const { darkMode } = useThemePreference()

  useEffect(() => {
    applyStoredTheme()
    // The theme is a preference of the public site: leaving it for the admin takes the dark class away.
    return () => document.documentElement.classList.remove('dark')
  }, [])

  return (
    <>
      {/* Applies the saved theme before anything paints; see THEME_BOOT_SCRIPT. */}
      <script
        nonce={nonce || undefined}
        dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }}
        suppressHydrationWarning
      />
      <a
        href="#main"
        className="sr-only z-[60] rounded-full bg-primary px-5 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <RouteProgress />
      {/* While the cookie banner shows, the page ends above it, so the footer's last line can be read. */}
      <div className="flex min-h-screen flex-col pb-(--cookie-banner-offset)">
        <SiteHeader name={church.name} subtitle={church.subtitle} logo={church.logo} />
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          <Outlet />
        </main>
        <SiteFooter church={church} />
      </div>
      <WhatsAppButton url={church.whatsAppUrl} />
      <ThemePicker />
      <CookieBanner />
      {/* Sonner's own width is the spec's 356 px; the rest is spelled out to match spec §9. */}
      <Toaster
        position="top-right"
        richColors
        visibleToasts={3}
        duration={4000}
        gap={14}
        theme={darkMode ? 'dark' : 'light'}
      />
    </>
  )
}
