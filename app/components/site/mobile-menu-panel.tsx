import { X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import type { RefObject } from 'react'
import { Link, useLocation } from 'react-router'

import { NAV_LINKS } from './site-constants.ts'
import { cn } from '#app/lib/cn.ts'
import { isActivePath } from '#app/lib/is-active-path.ts'

/**
 * The mobile menu's panel, sliding in from the right: a chunk of its own, loaded when the menu is first opened
 * (see MobileMenu). Radix's dialog locks the page's scrolling, keeps focus inside and closes on Escape; focus goes
 * back to the menu button when it closes.
 */
export default function MobileMenuPanel({
  name,
  subtitle,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  name: string
  subtitle: string | null
  open: boolean
  onOpenChange: (open: boolean) => void
  returnFocusTo: RefObject<HTMLButtonElement | null>
}) {
  const { pathname } = useLocation()
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="mobile-menu-overlay fixed inset-0 z-50 bg-stone-950/50 backdrop-blur-sm md:hidden" />
        <Dialog.Content
          id="mobile-menu"
          className="mobile-menu-panel fixed inset-y-0 right-0 z-50 flex w-[85%] max-w-sm flex-col bg-background shadow-2xl outline-none md:hidden"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            // The button is in the sticky header, always in view: focusing it must not scroll the page.
            returnFocusTo.current?.focus({ preventScroll: true })
          }}
        >
          <div className="flex items-center justify-between gap-3 border-b border-border px-5 py-4">
            <div className="min-w-0">
              <Dialog.Title className="truncate font-serif text-lg font-bold">{name}</Dialog.Title>
              {subtitle ? <p className="truncate text-xs text-muted-foreground">{subtitle}</p> : null}
            </div>
            <Dialog.Close
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-full transition hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-primary-text"
              aria-label="Close menu"
            >
              <X className="size-6" aria-hidden />
            </Dialog.Close>
          </div>
          <nav aria-label="Mobile" className="flex-1 overflow-y-auto px-3 py-4">
            <ul className="space-y-1">
              {NAV_LINKS.map((link) => {
                const active = isActivePath(pathname, link.to)
                return (
                  <li key={link.to}>
                    <Link
                      to={link.to}
                      onClick={() => onOpenChange(false)}
                      aria-current={active ? 'page' : undefined}
                      className={cn(
                        'flex items-center rounded-xl px-4 py-3 text-base font-medium transition-colors',
                        active
                          ? 'bg-primary text-white shadow-sm'
                          : 'text-foreground hover:bg-primary/10 hover:text-primary-text',
                      )}
                    >
                      {link.label}
                    </Link>
                  </li>
                )
              })}
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
