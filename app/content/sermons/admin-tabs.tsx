import { NavLink } from 'react-router'

import { cn } from '#app/lib/cn.ts'

const TABS = [
  { to: '/admin/sermons', label: 'Sermons' },
  { to: '/admin/sermons/series', label: 'Series' },
  { to: '/admin/sermons/speakers', label: 'Speakers' },
] as const

/** The sermons' three screens, one entry in the top bar: Sermons, and their Series and Speakers beside them. */
export function AdminSermonTabs() {
  return (
    <nav aria-label="Sermons, series and speakers">
      <ul className="flex gap-1 rounded-lg border border-gray-200 bg-white p-1 text-sm font-medium shadow-sm">
        {TABS.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end
              className={({ isActive }) =>
                cn(
                  'inline-flex h-9 items-center rounded-md px-3 transition-colors',
                  isActive ? 'bg-gray-900 text-white' : 'text-gray-700 hover:bg-gray-100',
                )
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
