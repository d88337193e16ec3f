import { Link } from 'react-router'

import { MobileMenuButton } from './mobile-menu.tsx'
import { NAV_LINKS, pagePath } from '#app/content/registry.ts'
import { SiteImage } from './site-image.tsx'
import { usePageLanguage, usePageTexts } from './use-church.ts'
import { LanguageLinks } from './language-links.tsx'
import { cn } from '#app/lib/cn.ts'
import { pageWords } from '#app/i18n/pages.ts'
import type { ImageSource } from '#app/lib/images.ts'
import { isActivePath } from '#app/lib/is-active-path.ts'

export function SiteHeader({
  name,
  subtitle,
  logo,
}: {
  name: string
  subtitle: string | null
  logo: ImageSource
}) {
  const { path: pathname, to, language } = usePageLanguage()
  const t = usePageTexts()
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur-md supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 md:h-20 lg:px-8">
        <Link to={to(pagePath('home'))} className="group flex min-w-0 items-center gap-3 rounded-lg">
          <SiteImage
            image={logo}
            alt=""
            sizes="48px"
            loading="eager"
            className="size-10 shrink-0 rounded-full object-contain md:size-12"
          />
          <span className="flex min-w-0 flex-col">
            <span className="truncate font-serif text-lg leading-tight font-bold text-foreground md:text-xl">
              {name}
            </span>
            {subtitle ? (
              <span className="truncate text-xs leading-tight text-muted-foreground">{subtitle}</span>
            ) : null}
          </span>
        </Link>

        <nav aria-label={t('site.mainNav')} className="hidden md:block">
          <ul className="flex items-center gap-0.5 lg:gap-1">
            {NAV_LINKS.map((link) => {
              const active = isActivePath(pathname, link.to)
              return (
                <li key={link.to}>
                  <Link
                    to={to(link.to)}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'block rounded-full px-3 py-2 text-sm font-medium transition-colors xl:px-4',
                      active
                        ? 'bg-primary text-white shadow-sm'
                        : 'text-foreground/80 hover:bg-primary/10 hover:text-primary-text dark:hover:bg-primary-text/10',
                    )}
                  >
                    {pageWords(link.key, language).nav}
                  </Link>
                </li>
              )
            })}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          {/* The same page in the site's other languages (issue 28): beside the navigation only where there is
              room for the church's name too (on a tablet it is in the footer); on a phone beside the menu button. */}
          <LanguageLinks className="rounded-full border border-border px-3 py-1.5 text-sm font-medium text-foreground/80 hover:bg-primary/10 hover:text-primary-text md:hidden lg:inline-block" />
          <MobileMenuButton />
        </div>
      </div>
    </header>
  )
}
