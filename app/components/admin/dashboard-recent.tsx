import { Link } from 'react-router'

import { cn } from '#app/lib/cn.ts'
import { ActivityList } from './activity-list.tsx'

/** A dashboard card listing a screen's latest items, with a link to manage them. */
export function RecentList({
  title,
  to,
  empty,
  items,
  capitalize = false,
}: {
  title: string
  to: string
  empty: string
  items: { id: string; primary: string; secondary: string | null }[]
  capitalize?: boolean
}) {
  const headingId = `recent-${to.split('/').pop()}`
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-gray-200 bg-white shadow-xs">
      <div className="flex items-center justify-between border-b border-gray-200 px-5 py-4">
        <h2 id={headingId} className="font-semibold text-gray-950">
          {title}
        </h2>
        <Link
          to={to}
          className="rounded-sm text-sm font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          Manage<span className="sr-only"> {title.replace(/^(Recent|Upcoming) /, '').toLowerCase()}</span>
        </Link>
      </div>
      {items.length === 0 ? (
        <p className="px-5 py-6 text-sm text-gray-600">{empty}</p>
      ) : (
        <ul className="divide-y divide-gray-100">
          {items.map((item) => (
            <li
              key={item.id}
              className="flex flex-col gap-0.5 px-5 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4"
            >
              <span className="min-w-0 font-medium text-gray-900 sm:truncate">{item.primary}</span>
              <span className={cn('shrink-0 text-sm text-gray-600', capitalize && 'capitalize')}>
                {item.secondary ?? '—'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** The dashboard's last entries of the activity log, for administrators. */
export function RecentActivity({ rows }: { rows: Parameters<typeof ActivityList>[0]['rows'] }) {
  return (
    <section
      aria-labelledby="recent-activity"
      className="mt-6 rounded-lg border border-gray-200 bg-white shadow-xs"
    >
      <div className="flex items-center justify-between border-b border-gray-200 px-5 py-4">
        <h2 id="recent-activity" className="font-semibold text-gray-950">
          Recent Activity
        </h2>
        <Link
          to="/admin/activity"
          className="rounded-sm text-sm font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          See all<span className="sr-only"> activity</span>
        </Link>
      </div>
      {rows.length === 0 ? (
        <p className="px-5 py-6 text-sm text-gray-600">Nothing has been done yet</p>
      ) : (
        <ActivityList rows={rows} />
      )}
    </section>
  )
}
