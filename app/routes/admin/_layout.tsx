// Before anything that builds a zod schema in the browser (see the module).
import '#app/lib/zod-jitless.ts'

import { Outlet } from 'react-router'
import { Toaster } from 'sonner'

import type { Route } from './+types/_layout.ts'
import { areasOf, roleOf } from '#app/auth/roles.server.ts'
import { adminGuard, adminSession, mayManageSubscribers } from '#app/auth/session.server.ts'
import '#app/components/admin/admin.css'
import { AdminTopBar } from '#app/components/admin/admin-top-bar.tsx'
import { UnsavedChangesGuard } from '#app/components/admin/unsaved-changes.tsx'
import { runtimeContext } from '#app/context.ts'
import { countContactMessages } from '#app/content/messages/model.server.ts'
import { readSiteLanguages } from '#app/models/translations.server.ts'

// Admin pages are personal and change with every save: never kept by browsers or proxies.
export function headers() {
  return { 'Cache-Control': 'private, no-store' }
}

// Every admin page's loaders and actions run behind the guard (a session, or the sign-in screen).
export const middleware: Route.MiddlewareFunction[] = [adminGuard]

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext)
  const session = adminSession(context)
  const { user } = session
  const areas = areasOf(roleOf(user))
  const [newMessages, languages, subscribers] = await Promise.all([
    areas.includes('messages') ? countContactMessages({ db, status: 'new' }) : 0,
    readSiteLanguages({ db }),
    mayManageSubscribers({ db }, session),
  ])
  return {
    email: user.email,
    // The parts of the admin this person may use: the bar shows only these.
    areas: subscribers && !areas.includes('subscribers') ? [...areas, 'subscribers' as const] : areas,
    // The admin bar's count on Messages; it goes down as messages are opened (every action reloads it).
    newMessages,
    // Every content form shows a tab per language (useSiteLanguages).
    languages,
  }
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="min-h-screen bg-gray-50 text-gray-900">
      <a
        href="#admin-main"
        // Focus moves without changing the address: a hash change is a history entry outside the router, which
        // the unsaved-changes guard (React Router's blocker) cannot follow.
        onClick={(event) => {
          const main = document.getElementById('admin-main')
          if (!main) return
          event.preventDefault()
          main.focus()
          main.scrollIntoView()
        }}
        className="sr-only z-50 rounded-md bg-white px-4 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <AdminTopBar email={loaderData.email} newMessages={loaderData.newMessages} areas={loaderData.areas} />
      <main
        id="admin-main"
        tabIndex={-1}
        className="mx-auto max-w-7xl px-4 pt-24 pb-16 focus:outline-none sm:px-6 lg:px-8 xl:pt-36 print:p-0"
      >
        <Outlet />
      </main>
      {/* docs/specification.md §2, §9: at most 3 visible, 4000 ms, 14 px gap, 356 px wide, top right, rich
          colours. */}
      {/* Every guarded form of every admin page: leaving with changes asks first. */}
      <UnsavedChangesGuard />
      <Toaster
        position="top-right"
        visibleToasts={3}
        duration={4000}
        gap={14}
        richColors
        closeButton
        theme="light"
        offset={{ top: 120 }}
        mobileOffset={{ top: 72 }}
      />
    </div>
  )
}
