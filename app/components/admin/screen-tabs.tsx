import { NavLink } from 'react-router'

import type { ScreenTabs as Tabs } from '#app/content/declare.ts'
import { cn } from '#app/lib/cn.ts'

/** A kind's neighbouring screens, one entry in the top bar, as tabs beside the heading (Sermons, Series, Speakers). */
export function ScreenTabs({ tabs }: { tabs: Tabs }) {
  return (
    <nav aria-label={tabs.label}>
      <ul className="flex gap-1 rounded-lg border border-gray-200 bg-white p-1 text-sm font-medium shadow-sm">
        {tabs.links.map((tab) => (
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
