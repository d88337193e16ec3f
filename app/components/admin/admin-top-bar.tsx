import { ExternalLink, LogOut, Menu, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Form, NavLink, useLocation } from 'react-router'

import {
  ACCOUNT_SECTION,
  ACTIVITY_SECTION,
  ADMIN_SECTIONS,
  type AdminArea,
  SETTINGS_SECTION,
  STAFF_SECTION,
} from './admin-sections.ts'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { cn } from '#app/lib/cn.ts'

const MENU_ID = 'admin-menu'

/**
 * The fixed top bar: title, tools and Sign Out in the first row, the sections in a second (a toggled menu below
 * the xl width). It shows only the sections the person's role may use (`areas`); the server refuses the others
 * whatever the bar shows.
 */
export function AdminTopBar({
  email,
  newMessages,
  areas,
}: {
  email: string
  newMessages: number
  areas: readonly AdminArea[]
}) {
  const { pathname } = useLocation()
  const sections = ADMIN_SECTIONS.filter((section) => areas.includes(section.area))
  const tools = [
    ...[ACTIVITY_SECTION, STAFF_SECTION, SETTINGS_SECTION].filter((section) => areas.includes(section.area)),
    ACCOUNT_SECTION,
  ]
  const [open, setOpen] = useMenu(pathname)

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-gray-200 bg-white/95 shadow-xs backdrop-blur print:hidden">
      <div className="mx-auto flex h-16 max-w-[90rem] items-center gap-4 px-4 sm:px-6">
        <NavLink
          to="/admin/dashboard"
          className="shrink-0 rounded-sm text-lg font-semibold tracking-tight text-gray-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          Admin CMS
        </NavLink>
        <div className="ml-auto flex items-center gap-2 xl:gap-1">
          {tools.map(({ to, label, icon: Icon }) => (
            <NavLink
              key={to}
              to={to}
              className={({ isActive }) =>
                cn(
                  buttonClasses({ variant: 'ghost', size: 'sm' }),
                  'hidden xl:inline-flex',
                  isActive && 'bg-primary/10 text-primary hover:bg-primary/10 hover:text-primary',
                )
              }
            >
              <Icon aria-hidden="true" />
              {label}
            </NavLink>
          ))}
          <a
            href="/"
            target="_blank"
            rel="noopener"
            className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'text-primary' })}
          >
            <ExternalLink aria-hidden="true" />
            View website
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          <Form method="post" action="/admin/logout" className="hidden sm:block">
            <Button type="submit" variant="outline" size="sm" title={`Signed in as ${email}`}>
              <LogOut aria-hidden="true" />
              Sign Out
            </Button>
          </Form>
          <Button
            id={`${MENU_ID}-toggle`}
            variant="ghost"
            size="icon"
            className="relative xl:hidden"
            aria-expanded={open}
            aria-controls={MENU_ID}
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            {/* New messages wait: a dot on the closed menu (the menu's Messages item gives the count). */}
            {!open && newMessages > 0 ? (
              <span
                aria-hidden="true"
                className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-primary ring-2 ring-white"
              />
            ) : null}
          </Button>
        </div>
      </div>
      {/* From xl the sections have a row of their own under the title: all twelve with their names, and the tools
          above keep theirs (a bar of bare icons was hard to read). */}
      <SectionRow sections={sections} newMessages={newMessages} />
      <MenuPanel
        open={open}
        links={[...sections, ...tools]}
        email={email}
        newMessages={newMessages}
        onChoose={() => setOpen(false)}
      />
    </header>
  )
}

/** A link of the bar: a section or a tool. */
type Section = Pick<(typeof ADMIN_SECTIONS)[number], 'to' | 'label' | 'icon'>

/**
 * A section whose address holds another's (Funds, /admin/funds, and Tax year, /admin/funds/tax-year) is current on
 * its own address only: one highlighted section at a time.
 */
const holdsAnother = (to: string) => ADMIN_SECTIONS.some((other) => other.to.startsWith(`${to}/`))

/** Whether the small screens' menu is open: closed by Escape (focus back on its toggle) and by a change of page. */
function useMenu(pathname: string) {
  const [open, setOpen] = useState(false)
  const [shownFor, setShownFor] = useState(pathname)
  // Closes the menu whenever the page changes (a link chosen, back/forward), adjusting state during render.
  if (shownFor !== pathname) {
    setShownFor(pathname)
    setOpen(false)
  }

  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false)
        document.getElementById(`${MENU_ID}-toggle`)?.focus()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open])
  return [open, setOpen] as const
}

/** From xl: the sections in a row of their own under the title. */
function SectionRow({ sections, newMessages }: { sections: readonly Section[]; newMessages: number }) {
  return (
    <nav aria-label="Admin sections" className="hidden border-t border-gray-100 xl:block">
      <ul className="mx-auto flex h-11 max-w-[90rem] items-center gap-0.5 overflow-x-auto px-4 sm:px-6">
        {sections.map((section) => (
          <li key={section.to} className="shrink-0">
            <NavLink
              to={section.to}
              end={holdsAnother(section.to)}
              className={({ isActive }) =>
                cn(
                  'block rounded-md px-2.5 py-1.5 text-sm font-medium whitespace-nowrap transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
                  isActive
                    ? 'bg-primary/10 text-primary'
                    : 'text-gray-600 hover:bg-gray-100 hover:text-gray-950',
                )
              }
            >
              {section.label}
              {section.to === '/admin/messages' ? <NewCount count={newMessages} /> : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** Below xl: the toggled menu of sections and tools, with the address signed in and Sign Out on small screens. */
function MenuPanel({
  open,
  links,
  email,
  newMessages,
  onChoose,
}: {
  open: boolean
  links: readonly Section[]
  email: string
  newMessages: number
  onChoose: () => void
}) {
  return (
    <div
      id={MENU_ID}
      hidden={!open}
      className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-gray-200 bg-white xl:hidden"
    >
      <nav aria-label="Admin sections" className="mx-auto max-w-[90rem] px-4 py-3 sm:px-6">
        <ul className="grid gap-1 sm:grid-cols-2 md:grid-cols-3">
          {links.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={holdsAnother(to)}
                onClick={onChoose}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium',
                    'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
                    isActive ? 'bg-primary/10 text-primary' : 'text-gray-700 hover:bg-gray-100',
                  )
                }
              >
                <Icon aria-hidden="true" className="size-4" />
                {label}
                {to === '/admin/messages' ? <NewCount count={newMessages} /> : null}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="mt-3 flex items-center justify-between gap-3 border-t border-gray-200 pt-3 sm:hidden">
          <span className="min-w-0 truncate text-sm text-gray-600">{email}</span>
          <Form method="post" action="/admin/logout">
            <Button type="submit" variant="outline" size="sm">
              <LogOut aria-hidden="true" />
              Sign Out
            </Button>
          </Form>
        </div>
      </nav>
    </div>
  )
}

/** The number of new messages beside Messages (nothing when there are none). */
function NewCount({ count }: { count: number }) {
  if (count === 0) return null
  return (
    <span className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs leading-5 font-semibold text-white tabular-nums">
      {count > 99 ? '99+' : count}
      <span className="sr-only"> new</span>
    </span>
  )
}
