import { Link } from 'react-router'

import { MobileMenuButton } from './mobile-menu.tsx'
import { pagePath } from '#app/content/registry.ts'
import { SiteImage } from './site-image.tsx'
import { useNavLinks, usePageLanguage, usePageTexts } from './use-church.ts'
import { LanguageLinks } from './language-links.tsx'
import { cn } from '#app/lib/cn.ts'
import { pageWords } from '#app/i18n/pages.ts'
import type { ImageSource } from '#app/lib/images.ts'
import { isActivePath } from '#app/lib/is-active-path.ts'

/** English's eight labels are 53 letters together, which fit beside the name from a laptop up. */
const LABELS_IN_ONE_ROW = 60

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
  const links = useNavLinks()
  const labels = links.map((link) => pageWords(link.key, language).nav)
  // On a tablet the links have a row of their own under the church's name, which would otherwise be squeezed to a
  // few letters; from a laptop up they sit beside it, unless they are long (Malayalam's are twice English's).
  const ownRow = labels.join('').length > LABELS_IN_ONE_ROW
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur-md supports-[backdrop-filter]:bg-background/75">
      <div
        className={cn(
          'mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8',
          'h-16 md:h-auto md:flex-wrap md:gap-y-0 md:pt-3',
          !ownRow && 'lg:h-20 lg:flex-nowrap lg:pt-0',
        )}
      >
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

        <nav
          aria-label={t('site.mainNav')}
          className={cn(
            'hidden md:order-last md:mt-3 md:block md:w-full md:border-t md:border-border/50 md:py-1.5',
            !ownRow && 'lg:order-none lg:mt-0 lg:w-auto lg:border-t-0 lg:py-0',
          )}
        >
          <ul
            className={cn(
              'flex flex-wrap items-center justify-center gap-0.5 lg:gap-1',
              !ownRow && 'lg:flex-nowrap',
            )}
          >
            {links.map((link, index) => {
              const active = isActivePath(pathname, link.to)
              return (
                <li key={link.to}>
                  <Link
                    to={to(link.to)}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'block rounded-full px-3 py-2 text-sm font-medium transition-colors lg:px-2.5 xl:px-4',
                      active
                        ? 'bg-primary text-white shadow-sm'
                        : 'text-foreground/80 hover:bg-primary/10 hover:text-primary-text dark:hover:bg-primary-text/10',
                    )}
                  >
                    {labels[index]}
                  </Link>
                </li>
              )
            })}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          {/* The same page in the site's other languages (issue 28), beside the church's name at every width. */}
          <LanguageLinks className="rounded-full border border-border px-3 py-1.5 text-sm font-medium text-foreground/80 hover:bg-primary/10 hover:text-primary-text" />
          <MobileMenuButton />
        </div>
      </div>
    </header>
  )
}
