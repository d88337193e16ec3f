import { Menu } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'

const loadPanel = () => import('./mobile-menu-panel.tsx')
const MobileMenuPanel = lazy(loadPanel)

/**
 * The navigation below the `md` width: a button here, and a panel (with Radix's dialog) in a chunk of its own,
 * fetched when a visitor reaches for the button, so pages load no dialog code until someone opens the menu. The
 * menu closes on a link choice and on any route change.
 */
export function MobileMenu({ name, subtitle }: { name: string; subtitle: string | null }) {
  const { pathname } = useLocation()
  const button = useRef<HTMLButtonElement>(null)
  // Remembering the page it was opened on closes the menu as soon as the route changes, whatever changed it.
  const [openOn, setOpenOn] = useState<string | null>(null)
  const [wanted, setWanted] = useState(false)
  const open = openOn === pathname
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null)

  // At the `md` width and above the panel is hidden; a window widened (or a tablet turned) while it is open
  // must not leave the page locked behind a menu nobody can see.
  useEffect(() => {
    if (!open) return
    const wide = window.matchMedia('(min-width: 48rem)')
    const close = () => {
      if (wide.matches) setOpenOn(null)
    }
    close()
    wide.addEventListener('change', close)
    return () => wide.removeEventListener('change', close)
  }, [open])

  return (
    <>
      <button
        ref={button}
        type="button"
        className="inline-flex size-11 items-center justify-center rounded-full text-foreground transition hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-primary-text md:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? 'mobile-menu' : undefined}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setWanted(true)
          setOpen(true)
        }}
      >
        <Menu className="size-6" aria-hidden />
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <MobileMenuPanel
            name={name}
            subtitle={subtitle}
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={button}
          />
        </Suspense>
      ) : null}
    </>
  )
}
