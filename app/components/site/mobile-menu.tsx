import { Menu, X } from '#app/components/site/icons.tsx'

import { useNavLinks, usePageLanguage, usePageTexts } from './use-church.ts'
import { pageWords } from '#app/i18n/pages.ts'
import { cn } from '#app/lib/cn.ts'
import { isActivePath } from '#app/lib/is-active-path.ts'
import { DialogId } from '#app/islands/markup.ts'

// Invoker commands: the browser opens and closes the dialog itself, with no script. (Not yet in React's types.)
const OPEN_MENU = { command: 'show-modal', commandfor: DialogId.menu } as Record<string, string>
const CLOSE_MENU = { command: 'close', commandfor: DialogId.menu } as Record<string, string>

/** The header's menu button below the `md` width; it opens MobileMenu. */
export function MobileMenuButton() {
  const t = usePageTexts()
  return (
    <button
      type="button"
      {...OPEN_MENU}
      className="inline-flex size-11 items-center justify-center rounded-full text-foreground transition hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-primary-text md:hidden"
      aria-label={t('site.openMenu')}
    >
      <Menu className="size-6" aria-hidden />
    </button>
  )
}

/**
 * The navigation below the `md` width: a panel sliding in from the right. It is a modal <dialog> that
 * MobileMenuButton opens with an invoker command, so the browser opens it on the first tap, keeps focus inside,
 * closes it on Escape, a tap outside or the close button — with no script (site.css: the slide, the backdrop and
 * the page held still). Its links load the next page. The page's script (app/islands/behaviours/menu.ts) only
 * adds what the platform cannot: closing it when the window grows past `md` or the page is left.
 */
export function MobileMenu({ name, subtitle }: { name: string; subtitle: string | null }) {
  const { path: pathname, to, language } = usePageLanguage()
  const t = usePageTexts()
  const links = useNavLinks()
  return (
    <dialog
      id={DialogId.menu}
      closedby="any"
      aria-labelledby="mobile-menu-title"
      className="flex-col bg-background text-foreground shadow-2xl outline-none open:flex"
    >
      <div className="flex items-center justify-between gap-3 border-b border-border px-5 py-4">
        <div className="min-w-0">
          <p id="mobile-menu-title" className="truncate font-serif text-lg font-bold">
            {name}
          </p>
          {subtitle ? <p className="truncate text-xs text-muted-foreground">{subtitle}</p> : null}
        </div>
        <button
          type="button"
          {...CLOSE_MENU}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full transition hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-primary-text"
          aria-label={t('site.closeMenu')}
        >
          <X className="size-6" aria-hidden />
        </button>
      </div>
      <nav aria-label={t('site.mobileNav')} className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {links.map((link) => {
            const active = isActivePath(pathname, link.to)
            return (
              <li key={link.to}>
                <a
                  href={to(link.to)}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'flex items-center rounded-xl px-4 py-3 text-base font-medium transition-colors',
                    active
                      ? 'bg-primary text-white shadow-sm'
                      : 'text-foreground hover:bg-primary/10 hover:text-primary-text',
                  )}
                >
                  {pageWords(link.key, language).nav}
                </a>
              </li>
            )
          })}
        </ul>
      </nav>
    </dialog>
  )
}
